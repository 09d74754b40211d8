/**
 * Passwords: argon2id (@node-rs/argon2). Hash and verify run on libuv's thread pool and must be
 * called OUTSIDE any database transaction (PGlite is one connection behind one lock).
 * Unknown users get a dummy verify so that "no such user" and "wrong password" take equal time.
 * A bcrypt hash (`$2a$…`, what GoTrue stores and what a Supabase seed's
 * `crypt('…', gen_salt('bf'))` makes) is verified too, so seeded and imported users can sign in.
 */
import { hash, verify, type Options } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { AuthErrors } from './errors';

export const MIN_PASSWORD_LENGTH = 6;

/** Algorithm 2 is Argon2id (a const enum in the typings, unusable under isolatedModules). OWASP's minimum parameters. */
const OPTIONS: Options = { algorithm: 2 as NonNullable<Options['algorithm']>, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** True when `password` matches `encoded`; a null hash runs a dummy verify and returns false. */
export async function verifyPassword(password: string, encoded: string | null | undefined): Promise<boolean> {
  if (!encoded) {
    dummyHash ??= hashPassword('need40-dummy-password-for-equal-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    if (/^\$2[abxy]\$\d\d\$/.test(encoded)) return await bcrypt.compare(password, encoded);
    return await verify(encoded, password);
  } catch {
    return false;
  }
}

/** GoTrue's password check: throws 422 weak_password with reasons. */
export function checkPasswordStrength(password: unknown): asserts password is string {
  if (typeof password !== 'string' || [...password].length < MIN_PASSWORD_LENGTH) {
    throw AuthErrors.weakPassword(['length']);
  }
  if (password.length > 1024) throw AuthErrors.validation('Password cannot be longer than 1024 characters');
}
