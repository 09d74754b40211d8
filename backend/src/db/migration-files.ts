/**
 * The migration files as the migrator and the landed-migration check see them: read from the two
 * folders (platform, app), each with two checksums.
 *   - `checksum`: sha256 of the file (CRLF read as LF). What every release so far recorded.
 *   - `normalised`: sha256 of the SQL with comments removed and whitespace collapsed
 *     (normaliseSql), so that fixing a comment or re-indenting a landed migration is not an edit.
 * A folder that is missing or holds no .sql file is refused: a backend deployed without its app
 * migrations must not start on an empty schema and answer /health as if all were well.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { normaliseSql } from './sql-normalise';

export interface MigrationSource {
  scope: string;
  dir: string;
}

export interface MigrationFile {
  scope: string;
  name: string;
  file: string;
  sql: string;
  checksum: string;
  normalised: string;
}

export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Both checksums of one migration's text. */
export function checksums(text: string): { checksum: string; normalised: string } {
  const sql = text.replace(/\r\n/g, '\n');
  return { checksum: sha256(sql), normalised: sha256(normaliseSql(sql)) };
}

/** Which variable points at each scope's folder, for the refusal's message. */
const VARIABLE: Record<string, string> = { platform: 'PLATFORM_MIGRATIONS_DIR', app: 'APP_MIGRATIONS_DIR' };

export function readMigrations(sources: MigrationSource[]): MigrationFile[] {
  return sources.flatMap(({ scope, dir }) => {
    const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.sql')).sort() : [];
    if (!names.length) {
      throw new MigrationError(
        `No ${scope} migrations in ${dir} (${fs.existsSync(dir) ? 'no .sql file' : 'the folder does not exist'}). ` +
          `A release ships both folders; set ${VARIABLE[scope] ?? 'the migrations folder'} to where its .sql files are.`,
      );
    }
    return names.map((name) => {
      const file = path.join(dir, name);
      const sql = fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
      return { scope, name, file, sql, ...checksums(sql) };
    });
  });
}
