/** Production refuses a JWT secret that is not at least 32 random bytes, naming JWT_SECRET and why. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { jwtSecretWeakness } from '../src/security/secret-strength';

const production = (JWT_SECRET: string) => () =>
  loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET,
    ANON_KEY: 'a',
    SERVICE_ROLE_KEY: 's',
    SMTP_URL: 'smtp://127.0.0.1:25',
    SITE_URL: 'https://need40.example',
    API_EXTERNAL_URL: 'https://need40.example',
    CORS_ORIGINS: 'https://need40.example',
  });

describe('JWT secret strength in production', () => {
  it.each([
    ['32 characters that are a phrase', 'my-very-own-jwt-secret-for-prod!'],
    ['a passphrase', 'correct horse battery staple correct horse battery staple'],
    ['mixed-case words and digits', 'ThisIsMyVeryLongPasswordForTheProdSigning1234'],
    ['one character repeated', 'a'.repeat(64)],
    ['a repeated hex pattern', '0123456789abcdef'.repeat(4)],
    ['hex of 31 bytes', randomBytes(31).toString('hex')],
    ['base64 of 24 bytes', randomBytes(24).toString('base64')],
    ['base64 of a phrase', Buffer.from('this is a fairly long sentence used as a signing key').toString('base64')],
  ])('refuses %s', (_name, secret) => {
    expect(production(secret)).toThrow(ConfigError);
    expect(production(secret)).toThrow(/JWT_SECRET: production needs at least 32 random bytes as hex or base64 \(pnpm --filter backend keys makes one\): /);
  });

  it('accepts what generators print: hex and base64 / base64url of 32+ random bytes', () => {
    for (let i = 0; i < 200; i++) {
      for (const secret of [randomBytes(32).toString('hex'), randomBytes(32).toString('base64'), randomBytes(48).toString('base64url')]) {
        // A random secret contains a listed word about once in 10^4 draws; such a draw is not the point here.
        if (/secret|password|passwd|token|supabase|need40|changeme|example|default|test|admin|letmein|qwerty|12345/i.test(secret)) continue;
        expect(jwtSecretWeakness(secret), secret).toBeNull();
      }
    }
    expect(production('/H9tQoLavpiEzgqx7pXj0/RrJ4w4cULy5GaTzLbdnv4=')().isProduction).toBe(true);
    expect(production('6a0f3f84dfd47abaf1ecb3755728f376a6bf181c4b81c0d56245653f51875766')().isProduction).toBe(true);
  });

  it('development keeps accepting the documented local secret', () => {
    expect(loadConfig({}).JWT_SECRET.length).toBeGreaterThanOrEqual(32);
  });
});
