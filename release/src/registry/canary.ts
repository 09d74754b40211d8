/**
 * Which visitors get a canary: a stable id (the signed-in user's id, else an anonymous id the
 * browser keeps) hashed with the remote and the canary's version into one of 10 000 buckets; a
 * visitor is in the canary when their bucket is below percent × 100. So:
 *   - the same person gets the same answer on every load and every device they sign in on;
 *   - raising the share of the same version keeps everyone who already had it (buckets only grow);
 *   - a new canary version draws a new sample (the version is in the hash), and the canaries of
 *     two remotes are independent (so is the remote's name).
 * The hash is FNV-1a over UTF-16 code units with murmur3's finaliser (fmix32), which spreads
 * similar ids (uuids differing in a few characters) evenly; release/test/canary.test.ts checks
 * the share over 10 000 ids.
 */

export const CANARY_BUCKETS = 10_000;

/** 32-bit FNV-1a, then murmur3's fmix32 avalanche. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The visitor's bucket (0–9999) for this remote's canary version. */
export function canaryBucket(stableId: string, remote: string, version: string): number {
  return hash32(`${remote}\u0000${version}\u0000${stableId}`) % CANARY_BUCKETS;
}

/** Does this visitor get the canary? */
export function inCanary(stableId: string, remote: string, version: string, percent: number): boolean {
  return canaryBucket(stableId, remote, version) < Math.round(percent * 100);
}
