/**
 * An exclusive lock on a PGlite data directory. PGlite does not lock its directory, and two
 * processes writing one directory silently lose committed rows, so the backend must refuse.
 *
 * The lock is a file holding the owner's pid, created with O_EXCL. A lock whose pid is no
 * longer alive (a crashed backend) is stale and is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(readonly dir: string, readonly pid: number) {
    super(
      `The data directory ${dir} is in use by another backend process (pid ${pid}). ` +
        'Stop that process, or set DATA_DIR to another directory (or DATABASE_URL to share one PostgreSQL between instances).',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Take the lock or throw DataDirLockedError. Returns the release function. */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'need40.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dir, pid);
      if (pid === process.pid) throw new DataDirLockedError(dir, pid);
      // Stale lock from a dead process: remove it and try again.
      try {
        fs.unlinkSync(file);
      } catch {
        /* someone else removed it first */
      }
    }
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}
