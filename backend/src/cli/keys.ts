/**
 * `pnpm --filter backend keys`: the three secrets a deployment needs, printed as environment lines.
 * Uses JWT_SECRET from the environment when set (to re-sign keys for an existing secret), otherwise
 * makes a new random one (48 bytes, base64url). The anon and service_role keys are HS256 JWTs
 * signed with it, valid for KEY_YEARS (default 10) years, like a hosted Supabase project's keys.
 *
 *   JWT_SECRET=… pnpm --filter backend keys     # keys for a secret you already have
 */
import { randomBytes } from 'node:crypto';
import { signJwt } from '../security/jwt';
import { jwtSecretWeakness } from '../security/secret-strength';

async function main(): Promise<void> {
  const given = process.env.JWT_SECRET?.trim();
  if (given && given.length < 32) throw new Error('JWT_SECRET: must be at least 32 characters');
  const weakness = given ? jwtSecretWeakness(given) : null;
  // Keys for a weak secret are still printed (development), with the reason production will refuse it.
  if (weakness) console.error(`keys: warning: NODE_ENV=production will refuse this JWT_SECRET: ${weakness}`);
  let secret = given || '';
  // A random secret could, very rarely, contain a word the production check refuses: draw again.
  while (!secret || (!given && jwtSecretWeakness(secret))) secret = randomBytes(48).toString('base64url');
  const years = Number(process.env.KEY_YEARS ?? 10);
  if (!Number.isFinite(years) || years <= 0 || years > 100) throw new Error('KEY_YEARS: must be a number of years between 0 and 100');
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + Math.round(years * 365.25 * 24 * 3600);
  const key = (role: string) => signJwt({ iss: 'need40', role, iat, exp }, secret);
  const lines = [
    given ? '# keys signed with the JWT_SECRET you gave' : '# a new secret: keep JWT_SECRET and SERVICE_ROLE_KEY private; ANON_KEY is public',
    `JWT_SECRET=${secret}`,
    `ANON_KEY=${await key('anon')}`,
    `SERVICE_ROLE_KEY=${await key('service_role')}`,
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(`keys: ${(error as Error).message}`);
  process.exit(1);
});
