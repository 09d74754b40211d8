/**
 * A small S3-compatible server for the S3 store's tests: GET, HEAD, PUT and ListObjectsV2 over
 * path-style URLs, with ETags and the conditional writes the store relies on, as AWS documents
 * them: `If-None-Match: *` fails with 412 when the object exists, `If-Match: <etag>` fails with 412
 * when it changed. Signatures are not checked. Not a stand-in for S3 in production.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export async function startFakeS3(): Promise<{ url: string; objects: Map<string, { body: Buffer; etag: string }>; close: () => Promise<void> }> {
  const objects = new Map<string, { body: Buffer; etag: string }>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = `${bucket}/${rest.map(decodeURIComponent).join('/')}`;
    if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      const prefix = `${bucket}/${url.searchParams.get('prefix') ?? ''}`;
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(bucket!.length + 1));
      const delimited = url.searchParams.get('delimiter') === '/';
      const inner = delimited
        ? [...new Set(keys.map((k) => k.slice(0, k.indexOf('/', prefix.length - bucket!.length - 1) + 1)).filter(Boolean))].map((p) => `<CommonPrefixes><Prefix>${p}</Prefix></CommonPrefixes>`).join('')
        : keys.map((k) => `<Contents><Key>${k}</Key></Contents>`).join('');
      res.writeHead(200, { 'Content-Type': 'application/xml' }).end(`<ListBucketResult>${inner}</ListBucketResult>`);
      return;
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const o = objects.get(key);
      if (!o) return void res.writeHead(404).end();
      res.writeHead(200, { ETag: o.etag }).end(req.method === 'GET' ? o.body : undefined);
      return;
    }
    if (req.method === 'PUT') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const existing = objects.get(key);
        if (req.headers['if-none-match'] === '*' && existing) return void res.writeHead(412).end('PreconditionFailed');
        if (req.headers['if-match'] && req.headers['if-match'] !== existing?.etag) return void res.writeHead(412).end('PreconditionFailed');
        const body = Buffer.concat(chunks);
        const etag = `"${createHash('md5').update(body).update(String(Math.random())).digest('hex')}"`;
        objects.set(key, { body, etag });
        res.writeHead(200, { ETag: etag }).end();
      });
      return;
    }
    res.writeHead(405).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, objects, close: () => new Promise((r) => server.close(() => r())) };
}
