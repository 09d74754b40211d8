/**
 * Both generated files from one freshly migrated database: a new in-memory PGlite (the same
 * PostgreSQL build on every machine, so the output is the same everywhere) gets the platform
 * migrations, then the app's. The schemas the app's migrations create, and `public`, are the app's
 * schemas for schema.sql; the exposed schemas (REST_DB_SCHEMAS, default public) are typed.
 */
import { migrate, type MigrationSource } from '../db/migrate';
import { openPglite } from '../db/pglite';
import type { Tx } from '../db/types';
import { loadSchemaCache } from '../rest/schema-cache';
import { typegenFacts } from './facts';
import { renderSchemaSql } from './schema-sql';
import { renderDatabaseTypes } from './typescript';

export interface GenerateOptions {
  /** The platform's and the app's migrations, in that order. */
  sources: MigrationSource[];
  /** Schemas typed in the `Database` type (what /rest/v1 exposes). */
  exposedSchemas: string[];
  /** The PostgREST version /rest/v1 speaks, written into the types. */
  postgrestVersion: string;
  typesHeader: string;
  /** The header of schema.sql, given the app's schemas. */
  schemaHeader: (appSchemas: string[]) => string;
}

export interface Generated {
  types: string;
  schemaSql: string;
  /** The schemas schema.sql describes. */
  appSchemas: string[];
}

const SCHEMAS_SQL = `select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema' order by nspname`;

async function schemaNames(tx: Tx): Promise<string[]> {
  return (await tx.query<{ name: string }>(SCHEMAS_SQL)).rows.map((r) => r.name);
}

export async function generate(options: GenerateOptions): Promise<Generated> {
  const db = await openPglite(':memory:');
  try {
    const [platform, ...app] = options.sources;
    if (!platform) throw new Error('generate: no migration sources');
    await migrate(db, [platform]);
    const before = new Set(await db.transaction(schemaNames));
    await migrate(db, [platform, ...app]);
    const appSchemas = (await db.transaction(schemaNames)).filter((s) => s === 'public' || !before.has(s));
    return await db.transaction(async (tx) => {
      const inputs = [];
      for (const schema of options.exposedSchemas) inputs.push({ cache: await loadSchemaCache(tx, schema), facts: await typegenFacts(tx, schema) });
      const types = renderDatabaseTypes(inputs, { postgrestVersion: options.postgrestVersion, header: options.typesHeader });
      const schemaSql = await renderSchemaSql(tx, appSchemas, options.schemaHeader(appSchemas));
      return { types, schemaSql, appSchemas };
    });
  } finally {
    await db.close();
  }
}
