/**
 * The QA override: a tester asks for given published versions with
 *   ?need40_release=campaign@0.2.0+0b1c2d3e4f,gigs@0.1.0+77d0e1aa42
 * (or the cookie of the same name, which the shell sets from the parameter so the choice survives
 * reloads until the browser closes or `?need40_release=` clears it). Only the shape is checked
 * here; the shell then checks the version is published (its release.json is in the store) before
 * it loads it, and shows the override on the page.
 */
import { isRemoteName, isVersion } from './format';

export const OVERRIDE_PARAM = 'need40_release';
/** More is not a test session, it is a mistake (and would make the banner unreadable). */
const MAX_ITEMS = 8;

export interface OverrideRequest {
  /** remote → version, for the well-formed items. */
  versions: Record<string, string>;
  /** Items that were not `<remote>@<semver>+<hash>` (shown on the banner, never used). */
  rejected: string[];
}

/** Parse the parameter's or cookie's value. A `+` decoded to a space (query strings) is put back. */
export function parseOverride(value: string | null | undefined): OverrideRequest {
  const out: OverrideRequest = { versions: {}, rejected: [] };
  if (!value) return out;
  for (const raw of value.split(',').slice(0, MAX_ITEMS)) {
    const item = raw.trim().replace(/ /g, '+');
    if (!item) continue;
    const at = item.indexOf('@');
    const remote = item.slice(0, at);
    const version = item.slice(at + 1);
    if (at > 0 && isRemoteName(remote) && isVersion(version)) out.versions[remote] = version;
    else out.rejected.push(item.slice(0, 80));
  }
  return out;
}

/** The value that asks for `versions` (for the cookie, links and tests). */
export function formatOverride(versions: Record<string, string>): string {
  return Object.entries(versions)
    .map(([remote, version]) => `${remote}@${version}`)
    .join(',');
}
