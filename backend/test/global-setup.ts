/**
 * Runs once per `vitest run`: migrate a fresh in-memory PGlite and dump it as the template that
 * every test database is loaded from (harness.ts). Rebuilt when any migration file changes.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { migrate, DEFAULT_SOURCES } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { TEMPLATE_FILE } from './harness';

function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const { dir } of DEFAULT_SOURCES) {
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.sql')).sort()) {
      hash.update(f).update(fs.readFileSync(path.join(dir, f)));
    }
  }
  return hash.digest('hex');
}

export default async function setup(): Promise<void> {
  const stamp = `${TEMPLATE_FILE}.sha256`;
  const fingerprint = migrationsFingerprint();
  if (fs.existsSync(TEMPLATE_FILE) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === fingerprint) return;
  fs.mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
  const db = await openPglite(':memory:');
  await migrate(db);
  const blob = await db.dump();
  await db.close();
  const tmp = `${TEMPLATE_FILE}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  fs.renameSync(tmp, TEMPLATE_FILE);
  fs.writeFileSync(stamp, fingerprint);
}
