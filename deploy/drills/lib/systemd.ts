/**
 * The systemd units of deploy/systemd run the way systemd would run them, without systemd (a drill
 * runs in a container without it): the unit's ExecStart in its WorkingDirectory, with its
 * EnvironmentFile and Environment= lines, `%i` replaced by the instance. Paths of the reference
 * layout (/srv/need40/current, /etc/need40, /var/lib/need40) are mapped to the drill's folders.
 * User=, the sandboxing options and restarts are systemd's own and are not exercised here;
 * `systemd-analyze verify` checks the files (when it is installed).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const UNITS = path.resolve(import.meta.dirname, '..', '..', 'systemd');

/** One line of an EnvironmentFile: KEY=value, the value optionally in single or double quotes. */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const eq = line.indexOf('=');
    if (eq < 1) continue;
    let value = line.slice(eq + 1).trim();
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) value = value.slice(1, -1).replace(/\\(["\\])/g, '$1');
    env[line.slice(0, eq).trim()] = value;
  }
  return env;
}

/** Settings as an EnvironmentFile (and sh `set -a; .` file): values double-quoted. */
export const envFileText = (env: Record<string, string>) => `${Object.entries(env).map(([k, v]) => `${k}="${v.replace(/(["\\$`])/g, '\\$1')}"`).join('\n')}\n`;

interface Unit {
  workingDirectory: string;
  execStart: string[];
  environment: Record<string, string>;
  environmentFiles: string[];
}

export function readUnit(name: string, instance: string, map: Record<string, string>): Unit {
  const text = fs.readFileSync(path.join(UNITS, name), 'utf8');
  const mapped = (value: string) => Object.entries(map).reduce((v, [from, to]) => v.split(from).join(to), value.replace(/%i/g, instance));
  const values = (key: string) => [...text.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => mapped(m[1]!.trim()));
  const environment: Record<string, string> = {};
  for (const line of values('Environment')) for (const pair of line.split(/\s+/)) environment[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
  return { workingDirectory: values('WorkingDirectory')[0]!, execStart: values('ExecStart')[0]!.split(/\s+/), environment, environmentFiles: values('EnvironmentFile') };
}

/** `systemd-analyze verify` on the units (null when systemd-analyze is missing). */
export function verifyUnits(dir: string): string | null {
  try {
    execFileSync('sh', ['-c', 'command -v systemd-analyze'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  fs.mkdirSync(dir, { recursive: true });
  for (const f of fs.readdirSync(UNITS)) fs.copyFileSync(path.join(UNITS, f), path.join(dir, f));
  fs.copyFileSync(path.join(UNITS, 'need40-backend@.service'), path.join(dir, 'need40-backend@54321.service'));
  const files = ['need40-backend@54321.service', 'need40-backup.service', 'need40-backup.timer', 'need40-release-watch.service'].map((f) => path.join(dir, f));
  execFileSync('systemd-analyze', ['verify', ...files], { stdio: 'pipe' });
  return 'systemd-analyze verify: no complaint';
}

/** Start a unit's process as systemd would (stdout and stderr appended to `logFile`). */
export function runUnit(unit: Unit, logFile: string): ChildProcess {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
  for (const file of unit.environmentFiles) Object.assign(env, parseEnvFile(fs.readFileSync(file, 'utf8')));
  Object.assign(env, unit.environment);
  const log = fs.openSync(logFile, 'a');
  const [cmd, ...args] = unit.execStart;
  const child = spawn(cmd!, args, { cwd: unit.workingDirectory, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  return child;
}
