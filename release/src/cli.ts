/**
 * The release commands (root package.json scripts; docs/releasing.md):
 *   pnpm release <remote> [--from <build dir>] [--promote | --canary <percent>]
 *   pnpm release:promote <remote> <version>
 *   pnpm release:canary <remote> <version> <percent>
 *   pnpm release:rollback <remote>
 *   pnpm release:status [--history <n>] [--json]
 *   pnpm release:check <remote> <version>            the gates alone (what CI runs)
 *   pnpm release:watch [--once] [--interval <s>] [--threshold <rate>] [--min-loads <n>]
 * Common: --env <environment> (RELEASE_ENV, default production), --reason <text>, --skip-smoke,
 * --shell <dir|url> (RELEASE_SHELL). The store: RELEASE_STORE (folder, default .releases/; or s3://…).
 * Every command ends with one JSON line (figures for the measurements); exit 1 on a refusal.
 */
import { parseArgs } from 'node:util';
import { canaryVersion, promoteVersion, rollbackRemote, type Context } from './commands';
import { GateFailed, runGates } from './gates';
import { RefusedChange } from './mutations';
import { publishRemote } from './publish';
import { isEnvironment, isPercent } from './registry/format';
import { openStore } from './store/open';
import { backendStats, DEFAULT_POLICY, watchOnce } from './watch';
import { defaultActor } from './writer';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    env: { type: 'string' },
    reason: { type: 'string' },
    from: { type: 'string' },
    promote: { type: 'boolean' },
    canary: { type: 'string' },
    'skip-smoke': { type: 'boolean' },
    shell: { type: 'string' },
    history: { type: 'string' },
    json: { type: 'boolean' },
    once: { type: 'boolean' },
    interval: { type: 'string' },
    threshold: { type: 'string' },
    'min-loads': { type: 'string' },
    backend: { type: 'string' },
  },
});
const [command, ...args] = positionals;
const environment = opts.env ?? process.env.RELEASE_ENV ?? 'production';
const gateOptions = { smoke: !opts['skip-smoke'], ...(opts.shell ? { shell: opts.shell } : {}) };
const started = performance.now();
const seconds = () => Math.round((performance.now() - started) / 100) / 10;

function usage(message: string): never {
  console.error(`✗ ${message}\n  see: release/src/cli.ts or docs/releasing.md`);
  process.exit(2);
}

function percentArg(raw: string | undefined): number {
  const percent = Number(raw);
  if (!isPercent(percent)) usage(`the canary's share must be a percentage between 0.01 and 100 (got ${raw})`);
  return percent;
}

async function main(): Promise<void> {
  if (!isEnvironment(environment)) usage(`not an environment name: ${environment}`);
  const store = await openStore();
  const ctx: Context = { store, environment, actor: defaultActor(), ...(opts.reason ? { reason: opts.reason } : {}) };
  switch (command) {
    case 'release': {
      const [remote] = args;
      if (!remote) usage('pnpm release <remote>');
      const { info, status, timings } = await publishRemote(store, remote, opts.from ? { from: opts.from } : {});
      console.log(`✓ ${info.remote} ${info.version} ${status === 'published' ? 'published to' : 'was already in'} ${store.description} (build ${timings.build ?? '—'} s, contract check ${timings.contract} s)`);
      if (!info.checks.contract?.passed) console.log(`✗ contract: ${info.checks.contract?.detail} — this version cannot be promoted`);
      let change = null;
      if (opts.promote) change = await promoteVersion(ctx, info.remote, info.version, gateOptions);
      else if (opts.canary) change = await canaryVersion(ctx, info.remote, info.version, percentArg(opts.canary), gateOptions);
      if (change) console.log(`✓ ${environment}: ${change.doc.change?.action} ${info.remote} ${info.version} (revision ${change.doc.revision}; ${change.gates.map((g) => g.detail).join('; ')})`);
      else console.log(`  next: pnpm release:canary ${info.remote} ${info.version} 10   or   pnpm release:promote ${info.remote} ${info.version}`);
      console.log(JSON.stringify({ command, remote: info.remote, version: info.version, status, timings, revision: change?.doc.revision ?? null, seconds: seconds() }));
      return;
    }
    case 'promote':
    case 'canary': {
      const [remote, version, percent] = args;
      if (!remote || !version) usage(`pnpm release:${command} <remote> <version>${command === 'canary' ? ' <percent>' : ''}`);
      const change = command === 'promote' ? await promoteVersion(ctx, remote, version, gateOptions) : await canaryVersion(ctx, remote, version, percentArg(percent), gateOptions);
      for (const g of change.gates) console.log(`  ✓ ${g.gate}: ${g.detail}`);
      console.log(`✓ ${environment}: ${command} ${remote} ${version} (revision ${change.doc.revision}); takes effect on the next page load`);
      console.log(JSON.stringify({ command, remote, version, revision: change.doc.revision, seconds: seconds() }));
      return;
    }
    case 'rollback': {
      const [remote] = args;
      if (!remote) usage('pnpm release:rollback <remote>');
      const doc = await rollbackRemote(ctx, remote);
      const c = doc.change!;
      console.log(`✓ ${environment}: ${c.remote} ${c.version ? `back on ${c.version}` : `canary ${c.from} ended`} (revision ${doc.revision}); takes effect on the next page load`);
      console.log(JSON.stringify({ command, remote: c.remote, version: c.version, from: c.from, revision: doc.revision, seconds: seconds() }));
      return;
    }
    case 'check': {
      const [remote, version] = args;
      if (!remote || !version) usage('pnpm release:check <remote> <version>');
      for (const g of await runGates(store, remote, version, gateOptions)) console.log(`  ✓ ${g.gate}: ${g.detail}`);
      console.log(JSON.stringify({ command, remote, version, passed: true, seconds: seconds() }));
      return;
    }
    case 'status': {
      const { doc } = await store.readRegistry(environment);
      const history = (await store.readHistory(environment)).slice(-Number(opts.history ?? 10));
      if (opts.json) {
        console.log(JSON.stringify({ registry: doc, history }));
        return;
      }
      console.log(`${environment} (${store.description}), revision ${doc.revision}${doc.updatedAt ? `, ${doc.updatedAt}` : ': nothing released'}`);
      for (const [remote, e] of Object.entries(doc.remotes)) {
        console.log(`  ${remote.padEnd(10)} current ${e.current.version}   previous ${e.previous?.version ?? '—'}   canary ${e.canary ? `${e.canary.version} at ${e.canary.percent}%` : '—'}`);
      }
      for (const r of ['campaign', 'gigs', 'profile', 'auth']) {
        const versions = await store.listVersions(r);
        if (versions.length) console.log(`  published ${r}: ${versions.join(', ')}`);
      }
      if (history.length) console.log('history:');
      for (const h of history) console.log(`  #${h.revision} ${h.at} ${h.actor} ${h.action} ${h.remote} ${h.from ?? '—'} → ${h.version ?? '—'}${h.percent ? ` (${h.percent}%)` : ''}: ${h.reason}`);
      return;
    }
    case 'watch': {
      const backend = opts.backend ?? process.env.RELEASE_STATS_URL ?? process.env.SUPABASE_URL ?? 'http://localhost:54321';
      const key = process.env.SERVICE_ROLE_KEY;
      if (!key) usage('release:watch reads the counts with the service-role key: set SERVICE_ROLE_KEY');
      const policy = {
        threshold: opts.threshold ? Number(opts.threshold) : DEFAULT_POLICY.threshold,
        minLoads: opts['min-loads'] ? Number(opts['min-loads']) : DEFAULT_POLICY.minLoads,
      };
      if (!(policy.threshold > 0 && policy.threshold < 100) || !(policy.minLoads >= 1)) usage('--threshold is errors per load (e.g. 0.05), --min-loads a count');
      const interval = Number(opts.interval ?? 30) * 1000;
      for (;;) {
        for (const a of await watchOnce(store, environment, backendStats(backend, key), policy)) {
          console.log(`${new Date().toISOString()} ${a.remote} ${a.version}: ${a.outcome} — ${a.verdict.reason}`);
          if (opts.once) console.log(JSON.stringify({ command, ...a }));
        }
        if (opts.once) return;
        await new Promise((r) => setTimeout(r, interval));
      }
    }
    default:
      usage(`unknown command ${command ?? '(none)'}`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof GateFailed) {
    for (const g of error.results) console.error(`  ${g.passed ? '✓' : '✗'} ${g.gate}: ${g.detail}`);
    console.error(`✗ not changed: a gate failed`);
  } else if (error instanceof RefusedChange) {
    console.error(`✗ refused: ${error.message}`);
  } else {
    console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
});
