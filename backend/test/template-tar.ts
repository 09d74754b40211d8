/**
 * The PGlite test template without the WAL segments it does not need. A dumped data directory
 * carries every file of pg_wal/, and PostgreSQL keeps 16 MB segments ready for later (recycled,
 * min_wal_size): in the migrated template, one of its two segments, a third of its 62 MB, which
 * every test database's start unpacked into memory again. A start needs the segments from the
 * last checkpoint's redo record to the end of WAL (pg_control_checkpoint); PostgreSQL creates
 * later ones when it reaches them, as it does after removing old ones itself. Kept uncompressed:
 * read from the page cache, it skips the gunzip each start paid.
 */
const BLOCK = 512;
const WAL_SEGMENT = /(^|\/)pg_wal\/([0-9A-F]{24})$/;

function field(header: Buffer, start: number, length: number): string {
  return header.subarray(start, start + length).toString('latin1').replace(/\0.*$/s, '');
}

/** `tar` (a ustar archive of a data directory) without the WAL segments outside [first, last]. */
export function withoutUnusedWal(tar: Buffer, first: string, last: string): Buffer {
  const kept: Buffer[] = [];
  for (let offset = 0; offset + BLOCK <= tar.length; ) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const prefix = field(header, 345, 155);
    const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const length = BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    const segment = WAL_SEGMENT.exec(name)?.[2];
    if (!segment || (segment >= first && segment <= last)) kept.push(tar.subarray(offset, offset + length));
    offset += length;
  }
  return Buffer.concat([...kept, Buffer.alloc(2 * BLOCK)]);
}
