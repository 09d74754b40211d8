/**
 * `pnpm --filter backend operator add|remove <email>` and `operator list`: who runs the operator's
 * console (docs/operators.md). Talks to a running backend — or a hosted Supabase project — through
 * the auth admin API with the service_role key:
 *
 *   SUPABASE_URL=https://need40.example SERVICE_ROLE_KEY=… pnpm --filter backend operator add ana@example.com
 *
 * SUPABASE_URL defaults to API_EXTERNAL_URL, then http://localhost:54321 (`pnpm start`'s backend);
 * SERVICE_ROLE_KEY defaults to the development key (what `pnpm start` runs with).
 */
import { DEV_SERVICE_ROLE_KEY } from '../config-defaults';
import { listOperators, OperatorCommandError, setOperator, type AdminApi } from './operator-admin';

const USAGE = 'usage: pnpm --filter backend operator add <email> | remove <email> | list';

async function main(argv: string[]): Promise<void> {
  const [command, email, ...rest] = argv;
  const api: AdminApi = {
    url: process.env.SUPABASE_URL || process.env.API_EXTERNAL_URL || 'http://localhost:54321',
    serviceKey: process.env.SERVICE_ROLE_KEY || DEV_SERVICE_ROLE_KEY,
  };
  if (command === 'list' && !email) {
    const operators = await listOperators(api);
    console.log(operators.length ? operators.join('\n') : 'no operators yet');
    return;
  }
  if ((command !== 'add' && command !== 'remove') || !email || rest.length) throw new OperatorCommandError(USAGE);
  console.log(await setOperator(api, email, command === 'add'));
}

/** What went wrong, in one line: ours as is, a failed connection with its cause. */
function describe(error: unknown): string {
  if (error instanceof OperatorCommandError) return error.message;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (error instanceof TypeError && error.message === 'fetch failed') {
    return `the backend is not reachable (${cause?.code ?? cause?.message ?? 'no answer'}): is it running? set SUPABASE_URL`;
  }
  return (error as Error).message;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`operator: ${describe(error)}`);
  process.exit(1);
});
