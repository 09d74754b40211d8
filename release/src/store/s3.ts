/**
 * The release store in an S3-compatible bucket (`RELEASE_STORE=s3://<bucket>/<prefix>`), with the
 * same layout as the folder store, over plain signed HTTP (aws4fetch). S3's conditional writes do
 * what the folder store's lock and rename do:
 *   - a version's files are written with `If-None-Match: *` (never over an existing object) and
 *     its release.json last, so a version counts as published only once it is whole;
 *   - the registry is replaced with `If-Match: <the ETag read>` (compare-and-swap; 412 when another
 *     writer got there first), or `If-None-Match: *` when it did not exist;
 *   - each history line is its own object, `history/<env>/<revision>.json`, created with
 *     `If-None-Match: *` after the registry (a missing one is restored by the next writer).
 * Objects carry their Cache-Control: a year and immutable under releases/, no-cache for the registry.
 * Environment: RELEASE_S3_ENDPOINT (e.g. https://s3.eu-west-1.amazonaws.com, or a MinIO URL),
 * AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY. Path-style addressing.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { emptyRegistry, isEnvironment, isRemoteName, isVersion, parseRegistry } from '../registry/format';
import type { Change, RegistryDoc } from '../registry/types';
import type { RegistryRead, ReleaseStore } from './types';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.json': 'application/json; charset=utf-8', '.css': 'text/css; charset=utf-8', '.map': 'application/json; charset=utf-8', '.html': 'text/html; charset=utf-8', '.svg': 'image/svg+xml' };

async function filesOf(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesOf(dir, rel)));
    else out.push(rel);
  }
  return out;
}

export class S3Store implements ReleaseStore {
  readonly description: string;
  private readonly client: AwsClient;

  constructor(
    private readonly endpoint: string,
    private readonly bucket: string,
    private readonly prefix: string,
    credentials: { accessKeyId: string; secretAccessKey: string; region: string },
  ) {
    this.description = `bucket s3://${bucket}/${prefix}`;
    this.client = new AwsClient({ ...credentials, service: 's3' });
  }

  static fromEnv(spec: string, env: NodeJS.ProcessEnv = process.env): S3Store {
    const m = /^s3:\/\/([a-z0-9.-]{3,63})(?:\/(.*))?$/.exec(spec);
    if (!m) throw new Error(`RELEASE_STORE=${spec}: expected s3://<bucket>/<prefix>`);
    const missing = ['RELEASE_S3_ENDPOINT', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'].filter((k) => !env[k]);
    if (missing.length) throw new Error(`an S3 release store needs ${missing.join(', ')}`);
    return new S3Store(env.RELEASE_S3_ENDPOINT!, m[1]!, (m[2] ?? '').replace(/\/+$/, ''), { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY!, region: env.AWS_REGION ?? 'us-east-1' });
  }

  private url(key: string, query = ''): string {
    const full = this.prefix ? `${this.prefix}/${key}` : key;
    return `${this.endpoint.replace(/\/+$/, '')}/${this.bucket}/${full.split('/').map(encodeURIComponent).join('/')}${query}`;
  }

  private request(method: string, key: string, init: { body?: BufferSource | string; headers?: Record<string, string>; query?: string } = {}): Promise<Response> {
    return this.client.fetch(this.url(key, init.query), { method, body: init.body ?? null, headers: init.headers ?? {} });
  }

  /** PUT unless the object exists: true when written, false on 412 (it exists). */
  private async create(key: string, body: BufferSource | string, headers: Record<string, string>): Promise<boolean> {
    const res = await this.request('PUT', key, { body, headers: { ...headers, 'If-None-Match': '*' } });
    if (res.status === 412 || res.status === 409) return false;
    if (!res.ok) throw new Error(`PUT ${key}: ${res.status} ${await res.text()}`);
    return true;
  }

  private async get(key: string): Promise<Response | null> {
    const res = await this.request('GET', key);
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`GET ${key}: ${res.status}`);
    return res;
  }

  private async list(prefix: string, delimiter: boolean): Promise<string[]> {
    const full = this.prefix ? `${this.prefix}/${prefix}` : prefix;
    const query = `?list-type=2&prefix=${encodeURIComponent(full)}${delimiter ? '&delimiter=%2F' : ''}`;
    const res = await this.client.fetch(`${this.endpoint.replace(/\/+$/, '')}/${this.bucket}${query}`);
    if (!res.ok) throw new Error(`LIST ${prefix}: ${res.status}`);
    const xml = await res.text();
    const tag = delimiter ? /<CommonPrefixes>\s*<Prefix>([^<]*)<\/Prefix>/g : /<Key>([^<]*)<\/Key>/g;
    return [...xml.matchAll(tag)].map((m) => m[1]!.slice(full.length).replace(/\/$/, ''));
  }

  async publishVersion(remote: string, version: string, dir: string): Promise<'published' | 'exists'> {
    if (!isRemoteName(remote) || !isVersion(version)) throw new Error(`not a valid remote/version: ${remote} ${version}`);
    const base = `releases/${remote}/${version}`;
    if (await this.get(`${base}/release.json`)) return 'exists';
    const files = (await filesOf(dir)).sort((a, b) => Number(a === 'release.json') - Number(b === 'release.json'));
    for (const file of files) {
      const headers = { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': IMMUTABLE };
      const written = await this.create(`${base}/${file}`, await readFile(path.join(dir, file)), headers);
      if (!written && file === 'release.json') return 'exists';
    }
    return 'published';
  }

  async readVersionFile(remote: string, version: string, file: string): Promise<Buffer | null> {
    if (!isRemoteName(remote) || !isVersion(version) || file.split('/').some((p) => p === '..' || p === '')) throw new Error('not a file of a version');
    const res = await this.get(`releases/${remote}/${version}/${file}`);
    return res ? Buffer.from(await res.arrayBuffer()) : null;
  }

  async listVersions(remote: string): Promise<string[]> {
    return (await this.list(`releases/${remote}/`, true)).filter(isVersion).sort();
  }

  async readRegistry(environment: string): Promise<RegistryRead> {
    if (!isEnvironment(environment)) throw new Error(`not an environment name: ${environment}`);
    const res = await this.get(`registry/${environment}.json`);
    if (!res) return { doc: emptyRegistry(environment), token: null };
    return { doc: parseRegistry(await res.json()), token: res.headers.get('etag') };
  }

  private historyKey(environment: string, revision: number): string {
    return `history/${environment}/${String(revision).padStart(10, '0')}.json`;
  }

  async commitRegistry(environment: string, next: RegistryDoc, token: string | null, change: Change): Promise<boolean> {
    const { doc } = await this.readRegistry(environment);
    if (doc.change && doc.change.revision === doc.revision && !(await this.get(this.historyKey(environment, doc.revision)))) {
      await this.create(this.historyKey(environment, doc.revision), JSON.stringify(doc.change), { 'Content-Type': 'application/json' });
    }
    const condition: Record<string, string> = token ? { 'If-Match': token } : { 'If-None-Match': '*' };
    const res = await this.request('PUT', `registry/${environment}.json`, {
      body: `${JSON.stringify(next, null, 2)}\n`,
      headers: { ...condition, 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' },
    });
    if (res.status === 412 || res.status === 409) return false;
    if (!res.ok) throw new Error(`PUT registry/${environment}.json: ${res.status} ${await res.text()}`);
    await this.create(this.historyKey(environment, change.revision), JSON.stringify(change), { 'Content-Type': 'application/json' });
    return true;
  }

  async readHistory(environment: string): Promise<Change[]> {
    const keys = (await this.list(`history/${environment}/`, false)).sort();
    const out: Change[] = [];
    for (const key of keys) {
      const res = await this.get(`history/${environment}/${key}`);
      if (res) out.push((await res.json()) as Change);
    }
    return out;
  }
}
