/**
 * The generated files (`pnpm gen`) from a schema with what the app does not use yet (demo-schema.ts):
 * the types in the shape `supabase gen types typescript` writes (postgres-meta's template, as
 * prettier formats it: its test/server/typegen.ts snapshot is the reference), the same on PGlite
 * and PostgreSQL; and schema.sql with each object as it stands.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config';
import { renderSchemaSql } from '../../src/codegen/schema-sql';
import { typegenFacts } from '../../src/codegen/facts';
import { renderDatabaseTypes } from '../../src/codegen/typescript';
import type { Database } from '../../src/db/types';
import { loadSchemaCache } from '../../src/rest/schema-cache';
import { openTestDatabase } from '../harness';
import { DEMO_SCHEMA, DEMO_SQL } from './demo-schema';

let db: Database;
let types: string;
let schemaSql: string;
let appTypes: string;

beforeAll(async () => {
  db = await openTestDatabase();
  await db.transaction((tx) => tx.exec(DEMO_SQL));
  [types, schemaSql, appTypes] = await db.transaction(async (tx) => [
    renderDatabaseTypes([{ cache: await loadSchemaCache(tx, DEMO_SCHEMA), facts: await typegenFacts(tx, DEMO_SCHEMA) }], { postgrestVersion: '12', header: 'demo' }),
    await renderSchemaSql(tx, [DEMO_SCHEMA], 'demo'),
    renderDatabaseTypes([{ cache: await loadSchemaCache(tx, 'public'), facts: await typegenFacts(tx, 'public') }], { postgrestVersion: '12' }),
  ]);
});
afterAll(() => db.close());

/** The lines from `start` to the `}` that closes it (at the same indentation). */
function block(text: string, start: string): string {
  const lines = text.split('\n');
  const i = lines.indexOf(start);
  expect(i, `${start} is in the output`).toBeGreaterThanOrEqual(0);
  const close = `${' '.repeat(start.length - start.trimStart().length)}}`;
  return lines.slice(i, lines.indexOf(close, i) + 1).join('\n');
}

describe('the Database types', () => {
  it('open with the header, Json and the PostgREST version supabase-js reads', () => {
    expect(types.startsWith('// demo\n\nexport type Json =\n  | string\n  | number\n  | boolean\n  | null\n  | { [key: string]: Json | undefined }\n  | Json[]\n\nexport type Database = {\n')).toBe(true);
    expect(types).toContain('  __InternalSupabase: {\n    PostgrestVersion: "12"\n  }\n  cg_demo: {\n    Tables: {\n');
  });

  it('give a table its Row (columns by name, then computed fields), Insert (identity ALWAYS never written, defaults optional), Update and Relationships', () => {
    expect(block(types, '      tasks: {')).toBe(`      tasks: {
        Row: {
          "due-on": string | null
          id: number
          meta: Json | null
          mood: Database["cg_demo"]["Enums"]["mood"]
          moods: Database["cg_demo"]["Enums"]["mood"][]
          owner_id: string
          spot: Database["cg_demo"]["CompositeTypes"]["point2"] | null
          tags: string[]
          title: string
          title_length: number | null
          shout: string | null
        }
        Insert: {
          "due-on"?: string | null
          id?: never
          meta?: Json | null
          mood?: Database["cg_demo"]["Enums"]["mood"]
          moods?: Database["cg_demo"]["Enums"]["mood"][]
          owner_id: string
          spot?: Database["cg_demo"]["CompositeTypes"]["point2"] | null
          tags?: string[]
          title: string
          title_length?: number | null
        }
        Update: {
          "due-on"?: string | null
          id?: never
          meta?: Json | null
          mood?: Database["cg_demo"]["Enums"]["mood"]
          moods?: Database["cg_demo"]["Enums"]["mood"][]
          owner_id?: string
          spot?: Database["cg_demo"]["CompositeTypes"]["point2"] | null
          tags?: string[]
          title?: string
          title_length?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "tasks_owner_id_fkey"
            columns: ["owner_id"]
            isOneToOne: false
            referencedRelation: "owners"
            referencedColumns: ["id"]
          },
        ]
      }`);
    // A domain is typed as its base type; a table without foreign keys has no relationships.
    expect(block(types, '      owners: {')).toContain('        Row: {\n          handle: string\n          id: string\n        }');
    expect(block(types, '      owners: {')).toContain('        Relationships: []');
  });

  it('give a view nullable columns, writes when it is updatable, and the foreign key it shows under its own column name', () => {
    const view = block(types, '      open_tasks: {');
    expect(view).toContain('        Row: {\n          id: number | null\n          owner: string | null\n          title: string | null\n        }');
    expect(view).toContain('        Insert: {\n          id?: number | null');
    expect(view).toContain('            columns: ["owner"]\n            isOneToOne: false\n            referencedRelation: "owners"');
  });

  it('give functions their Args and Returns: overloads as a union, rows of a table with SetofOptions, returns table (…), void, computed fields marked', () => {
    expect(block(types, '    Functions: {')).toBe(`    Functions: {
      echo:
        | { Args: { p_value: string }; Returns: string }
        | { Args: { p_times: number; p_value: string }; Returns: string }
      find_tasks: {
        Args: { p_limit?: number; p_title: string }
        Returns: {
          "due-on": string | null
          id: number
          meta: Json | null
          mood: Database["cg_demo"]["Enums"]["mood"]
          moods: Database["cg_demo"]["Enums"]["mood"][]
          owner_id: string
          spot: Database["cg_demo"]["CompositeTypes"]["point2"] | null
          tags: string[]
          title: string
          title_length: number | null
        }[]
        SetofOptions: {
          from: "*"
          to: "tasks"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      shout: {
        Args: { "": Database["cg_demo"]["Tables"]["tasks"]["Row"] }
        Returns: {
          error: true
        } & "the function cg_demo.shout with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache"
      }
      task_counts: {
        Args: never
        Returns: {
          owner_id: string
          total: number
        }[]
      }
      touch: { Args: never; Returns: undefined }
    }`);
  });

  it('list enums and composite types, and end with the helper types and Constants', () => {
    expect(types).toContain('    Enums: {\n      mood: "calm" | "busy" | "away"\n    }\n    CompositeTypes: {\n      point2: {\n        x: number | null\n        y: number | null\n      }\n    }\n');
    expect(types).toContain('type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "cg_demo">]');
    expect(types).toContain('export type TablesInsert<');
    expect(types.endsWith('export const Constants = {\n  cg_demo: {\n    Enums: {\n      mood: ["calm", "busy", "away"],\n    },\n  },\n} as const\n')).toBe(true);
  });
});

describe("the app's types", () => {
  // `pnpm gen` reads PGlite; the same migrations on PostgreSQL must give the same file.
  it('are the checked-in file, on this database too', () => {
    const checkedIn = fs.readFileSync(path.join(REPO_ROOT, 'shared/src/database.types.ts'), 'utf8');
    expect(checkedIn.slice(checkedIn.indexOf('export type Json ='))).toBe(appTypes);
  });
});

describe('schema.sql', () => {
  it('shows a table whole: columns with defaults, identity and generated columns, constraints, comments, RLS, policies, indexes and grants down to the column', () => {
    const table = schemaSql.slice(schemaSql.indexOf('create table cg_demo.tasks ('), schemaSql.indexOf('\n);', schemaSql.indexOf('create table cg_demo.tasks (')) + 3);
    expect(table).toContain('  id bigint generated always as identity not null,');
    expect(table).toContain('  mood cg_demo.mood default \'calm\'::cg_demo.mood not null,');
    expect(table).toContain('  title_length integer generated always as (char_length(title)) stored,');
    expect(table).toMatch(/ {2}constraint tasks_owner_id_fkey FOREIGN KEY \(owner_id\) REFERENCES cg_demo\.owners\(id\) ON DELETE CASCADE\n\);/);
    const after = schemaSql.slice(schemaSql.indexOf('create table cg_demo.tasks ('));
    expect(after).toContain("comment on table cg_demo.tasks is 'Things to do.';\ncomment on column cg_demo.tasks.title is 'What to do.';\nalter table cg_demo.tasks enable row level security;");
    expect(after).toMatch(/create policy tasks_own on cg_demo\.tasks as restrictive for update to authenticated\n {2}using \(\(owner_id = auth\.uid\(\)\)\)\n {2}with check \(\(owner_id = auth\.uid\(\)\)\);/);
    expect(after).toContain('create policy tasks_read on cg_demo.tasks for select to anon, authenticated\n  using (true);');
    expect(after).toContain('CREATE INDEX tasks_owner_idx ON cg_demo.tasks USING btree (owner_id);');
    expect(after).toContain('grant select on table cg_demo.tasks to anon, authenticated;\ngrant update (title, mood) on table cg_demo.tasks to authenticated;');
  });

  it('puts tables before views, and each function with who may execute it', () => {
    expect(schemaSql.indexOf('create table cg_demo.tasks (')).toBeLessThan(schemaSql.indexOf('create view cg_demo.open_tasks as'));
    expect(schemaSql).toContain("create type cg_demo.mood as enum ('calm', 'busy', 'away');");
    expect(schemaSql).toMatch(/CREATE OR REPLACE FUNCTION cg_demo\.touch\(\)\n RETURNS void\n LANGUAGE sql\nAS \$function\$ select \$function\$;\ngrant execute on function cg_demo\.touch\(\) to authenticated;/);
    expect(schemaSql).toContain('grant execute on function cg_demo.echo(p_value text) to public;');
  });
});
