/**
 * The applied-migration ledger (need40_migrations.ledger) compared with the migration files.
 * One row per applied file: `checksum` is the file's sha256 when it was applied (every release
 * wrote it, and an older release reading the ledger after a rollback still compares it), and
 * `normalised_checksum` the sha256 of its SQL without comments and extra whitespace (null on rows
 * written before it existed; filled in at the next start while the file is unchanged). A file
 * matches its row when either checksum matches: a comment or whitespace fix is accepted, any
 * other change is an edit. Used by the migrator (refuse, apply) and by /health/ready (report).
 */
import type { MigrationFile } from './migration-files';
import type { Tx } from './types';

export const LEDGER_DDL = `
create schema if not exists need40_migrations;
create table if not exists need40_migrations.ledger (
  scope text not null,
  name text not null,
  checksum text not null,
  applied_at timestamptz not null default now(),
  primary key (scope, name)
);
alter table need40_migrations.ledger add column if not exists normalised_checksum text;
comment on table need40_migrations.ledger is 'One row per applied migration file: scope (platform or app), file name, checksums when applied.';
comment on column need40_migrations.ledger.checksum is 'sha256 of the file as applied (CRLF read as LF).';
comment on column need40_migrations.ledger.normalised_checksum is 'sha256 of its SQL without comments, whitespace collapsed: a comment-only edit still matches.';`;

export interface LedgerRow {
  scope: string;
  name: string;
  checksum: string;
  normalised_checksum: string | null;
}

export interface LedgerComparison {
  /** Files not applied yet, in order. */
  pending: MigrationFile[];
  /** Applied files whose text changed beyond comments and whitespace. */
  edited: { file: MigrationFile; applied: string }[];
  /** Applied rows of these scopes that no file matches (`scope/name`): a newer release's. */
  unknown: string[];
  /** Applied, unchanged files whose row lacks the normalised checksum. */
  backfill: MigrationFile[];
}

export async function readLedger(tx: Tx): Promise<LedgerRow[]> {
  const { rows } = await tx.query<LedgerRow>('select scope, name, checksum, normalised_checksum from need40_migrations.ledger');
  return rows;
}

export function compareLedger(files: MigrationFile[], rows: LedgerRow[]): LedgerComparison {
  const applied = new Map(rows.map((r) => [`${r.scope}/${r.name}`, r]));
  const result: LedgerComparison = { pending: [], edited: [], unknown: [], backfill: [] };
  for (const file of files) {
    const row = applied.get(`${file.scope}/${file.name}`);
    applied.delete(`${file.scope}/${file.name}`);
    if (!row) result.pending.push(file);
    else if (row.checksum === file.checksum) {
      if (row.normalised_checksum === null) result.backfill.push(file);
    } else if (row.normalised_checksum !== file.normalised) result.edited.push({ file, applied: row.checksum });
  }
  const scopes = new Set(files.map((f) => f.scope));
  result.unknown = [...applied.values()].filter((r) => scopes.has(r.scope)).map((r) => `${r.scope}/${r.name}`).sort();
  return result;
}
