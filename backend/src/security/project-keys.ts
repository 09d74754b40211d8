/**
 * Do ANON_KEY and SERVICE_ROLE_KEY verify against JWT_SECRET, with the right role and not expired?
 * A key signed with another secret is otherwise accepted at start and every browser request then
 * fails 401. main.ts refuses to start in production on a problem (and warns in development);
 * /health/ready reports it.
 */
import { verifyJwt } from './jwt';

const KEYS = [
  { variable: 'ANON_KEY', role: 'anon' },
  { variable: 'SERVICE_ROLE_KEY', role: 'service_role' },
] as const;

/** One line per problem, naming the variable; empty when both keys are good. */
export async function projectKeyProblems(config: { JWT_SECRET: string; ANON_KEY: string; SERVICE_ROLE_KEY: string }, nowMs: number): Promise<string[]> {
  const problems: string[] = [];
  for (const { variable, role } of KEYS) {
    try {
      const claims = await verifyJwt(config[variable], config.JWT_SECRET, { now: Math.floor(nowMs / 1000) });
      if (claims.role !== role) problems.push(`${variable}: its role is "${String(claims.role).slice(0, 32)}", not "${role}"`);
    } catch (error) {
      problems.push(`${variable}: does not verify against JWT_SECRET (${(error as Error).message}); sign it with pnpm --filter backend keys`);
    }
  }
  return problems;
}
