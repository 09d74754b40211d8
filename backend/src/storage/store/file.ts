/**
 * The object store on local disk: `<root>/objects/<2 hex>/<version>`. A write goes to
 * `<root>/tmp/<random>` first and is renamed into place after fsync, so a reader never sees half
 * a file and a crash leaves at most a stray temporary file (cleared at the next start). Several
 * backend instances may share the directory (a shared volume): names are unique versions.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { ByteRange, ObjectStore, PutOptions } from './types';

const VERSION = /^[0-9a-f-]{36}$/;

export async function openFileStore(root: string): Promise<ObjectStore> {
  const tmp = path.join(root, 'tmp');
  await fs.mkdir(path.join(root, 'objects'), { recursive: true });
  // Writes cut short by a crash: nothing refers to them.
  await fs.rm(tmp, { recursive: true, force: true });
  await fs.mkdir(tmp, { recursive: true });

  const fileOf = (key: string) => {
    // Keys are versions made by the server; anything else is a bug, never a path to follow.
    if (!VERSION.test(key)) throw new Error(`invalid object store key: ${key.slice(0, 60)}`);
    return path.join(root, 'objects', key.slice(0, 2), key);
  };

  async function place(tmpFile: string, key: string): Promise<void> {
    const dest = fileOf(key);
    await fs.mkdir(path.dirname(dest), { recursive: true });
    await fs.rename(tmpFile, dest);
  }

  return {
    kind: 'file',
    async put(key, body, options: PutOptions) {
      const tmpFile = path.join(tmp, randomUUID());
      const out = createWriteStream(tmpFile, { flags: 'wx', highWaterMark: 1 << 20 });
      try {
        await pipeline(body, out, options.signal ? { signal: options.signal } : {});
        const handle = await fs.open(tmpFile, 'r+');
        try {
          await handle.datasync();
        } finally {
          await handle.close();
        }
        await place(tmpFile, key);
        return out.bytesWritten;
      } catch (error) {
        await fs.rm(tmpFile, { force: true });
        throw error;
      }
    },
    async get(key, range?: ByteRange) {
      const file = fileOf(key);
      await fs.access(file);
      return createReadStream(file, { highWaterMark: 1 << 20, ...(range ? { start: range.start, end: range.end } : {}) });
    },
    async copy(from, to) {
      const tmpFile = path.join(tmp, randomUUID());
      await fs.copyFile(fileOf(from), tmpFile);
      await place(tmpFile, to);
    },
    async remove(keys) {
      await Promise.all(keys.map((k) => fs.rm(fileOf(k), { force: true })));
    },
    async adopt(key, localPath) {
      const { size } = await fs.stat(localPath);
      await place(localPath, key);
      return size;
    },
    async close() {},
  };
}

export type { Readable };
