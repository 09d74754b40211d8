/**
 * Resumable uploads (TUS 1.0, @tus/server) at /upload/resumable, as Supabase Storage serves them
 * to tus-js-client and Uppy: `Upload-Metadata` names bucketName, objectName, contentType,
 * cacheControl (and optional JSON `metadata`); `x-upsert: true` replaces. /upload/resumable/sign
 * takes an upload token (createSignedUploadUrl) in `x-signature` instead of a session.
 *
 * Authorised like any upload, before bytes: creating an upload checks the bucket, its limits, the
 * member's quota against Upload-Length and the caller's right to write the key (an INSERT as the
 * caller, rolled back); every PATCH checks it again, and only the member who created an upload may
 * continue, inspect or cancel it. Chunks go to disk under STORAGE_DIR/tus (never memory); the
 * finished file is checked (an image must be one) and handed to the object store, then the row is
 * written as for an ordinary upload. Unfinished uploads expire after STORAGE_TUS_EXPIRY.
 */
import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { Metadata, type Upload } from '@tus/utils';
import { fileTypeFromBuffer } from 'file-type';
import { storageCaller, ANON_CALLER, type StorageCaller } from './caller';
import { internal, type StorageContext } from './context';
import { ERRORS, StorageApiError } from './errors';
import { checkAllowed, checkContent, checkedMime } from './mime';
import { mustBeValidBucketName, mustBeValidKey } from './names';
import { findBucket, usageOf } from './sql';
import { verifyToken } from './tokens';
import { canWrite, commitObject, objectMetadata, type UploadTarget } from './upload';

export const TUS_PATH = '/storage/v1/upload/resumable';

/** The Fastify request behind each raw request tus handles (its caller, or the signed token's owner). */
interface TusRequest {
  request: FastifyRequest;
  caller: StorageCaller;
  signed: boolean;
  owner?: string;
  upsert: boolean;
  /** A signed request: the one object its token names ("bucket/name"). */
  url?: string;
}
const contexts = new WeakMap<object, TusRequest>();

function nodeReq(req: { runtime?: { node?: { req: object } } }): TusRequest {
  const ctx = req.runtime?.node ? contexts.get(req.runtime.node.req) : undefined;
  if (!ctx) throw ERRORS.internal();
  return ctx;
}

/** The target an upload's metadata names (checked: bucket, key, content type). */
function targetOf(meta: Record<string, string | null> | undefined, t: TusRequest): UploadTarget & { mimeType: string; cacheControl: string } {
  const bucket = meta?.bucketName ?? '';
  const name = meta?.objectName ?? '';
  mustBeValidBucketName(bucket);
  mustBeValidKey(name);
  const cache = meta?.cacheControl ?? '';
  return {
    bucket, name, upsert: t.upsert, owner: t.owner, asBackend: t.signed,
    mimeType: checkedMime(meta?.contentType ?? undefined),
    cacheControl: /^\d{1,10}$/.test(cache) ? `max-age=${cache}` : 'no-cache',
  };
}

export async function tusRoutes(app: FastifyInstance, ctx: StorageContext): Promise<void> {
  const { config } = ctx.services;
  const datastore = new FileStore({ directory: path.join(ctx.root, 'tus'), expirationPeriodInMilliseconds: config.STORAGE_TUS_EXPIRY * 1000 });

  const metaOf = async (req: Parameters<NonNullable<ConstructorParameters<typeof Server>[0]['onIncomingRequest']>>[0], id: string) => {
    if (req.method === 'POST') return Metadata.parse(req.headers.get('upload-metadata') ?? undefined);
    return (await datastore.getUpload(id)).metadata;
  };

  const server = new Server({
    path: TUS_PATH,
    datastore,
    namingFunction: () => randomUUID(),
    disableTerminationForFinishedUploads: true,
    // An upload made through /sign is continued through /sign (with its x-signature).
    generateUrl: (req, { proto, host, path: base, id }) => `${proto}://${host}${base}${nodeReq(req).signed ? '/sign' : ''}/${id}`,
    async maxSize(req, id) {
      const t = nodeReq(req);
      const target = targetOf(await metaOf(req, id ?? ''), t);
      const bucket = await internal(ctx, (tx) => findBucket(tx, target.bucket));
      return Math.min(config.STORAGE_FILE_SIZE_LIMIT, bucket?.file_size_limit ?? Infinity);
    },
    async onIncomingRequest(req, id) {
      const t = nodeReq(req);
      if (req.method === 'OPTIONS') return;
      const upload = req.method === 'POST' ? undefined : await datastore.getUpload(id);
      // Only the member who created an upload may continue, inspect or cancel it.
      if (upload && (upload.metadata?.owner ?? '') !== (t.owner ?? '')) throw ERRORS.noSuchUpload();
      if (req.method === 'HEAD' || req.method === 'DELETE') return;
      if (req.method === 'POST' && req.headers.get('upload-defer-length') !== null) throw ERRORS.missingParameter('Upload-Length');
      const target = targetOf(upload?.metadata ?? (await metaOf(req, id)), t);
      if (t.signed && t.url !== `${target.bucket}/${target.name}`) throw ERRORS.invalidSignature();
      const size = upload?.size ?? Number(req.headers.get('upload-length'));
      const bucket = await internal(ctx, async (tx) => {
        const row = await findBucket(tx, target.bucket);
        if (!row) throw ERRORS.noSuchBucket();
        if (target.owner && (await usageOf(tx, target.owner, target.bucket, target.name)) + size > config.STORAGE_QUOTA_PER_MEMBER) throw ERRORS.quotaExceeded(config.STORAGE_QUOTA_PER_MEMBER);
        return row;
      });
      checkAllowed(target.mimeType, bucket.allowed_mime_types);
      if (!t.signed) await canWrite(ctx, { request: t.request, caller: t.caller }, target, { mimetype: target.mimeType, contentLength: size });
    },
    async onUploadCreate(req, upload) {
      const t = nodeReq(req);
      // Set by the server, whatever the client put in Upload-Metadata.
      return { metadata: { ...upload.metadata, owner: t.owner ?? '', upsert: t.upsert ? 'true' : 'false' } };
    },
    async onUploadFinish(req, upload: Upload) {
      const t = nodeReq(req);
      const target = targetOf(upload.metadata, { ...t, upsert: upload.metadata?.upsert === 'true' });
      const file = upload.storage?.path ?? path.join(ctx.root, 'tus', upload.id);
      const version = randomUUID();
      let size: number;
      try {
        await checkFileContent(file, target.mimeType);
        size = await ctx.store.adopt(version, file, { contentType: target.mimeType, cacheControl: target.cacheControl });
      } finally {
        // Finished either way: its bytes now belong to the store, or are refused.
        await datastore.remove(upload.id).catch(() => undefined);
      }
      let userMetadata: Record<string, unknown> | undefined;
      try {
        userMetadata = upload.metadata?.metadata ? JSON.parse(upload.metadata.metadata) : undefined;
      } catch {
        userMetadata = undefined;
      }
      await commitObject(ctx, { request: t.request, caller: t.caller }, target, version, objectMetadata(size, version, target.mimeType, target.cacheControl), userMetadata);
      return { headers: { 'Tus-Complete': '1' } };
    },
    onResponseError(_req, error) {
      if (error instanceof StorageApiError) return { status_code: error.statusCode, body: error.message };
      return undefined;
    },
  });

  // Unfinished uploads past their expiry: checked every hour (and at start).
  const sweep = () => void datastore.deleteExpired().catch(() => undefined);
  const timer = setInterval(sweep, 3600_000);
  timer.unref();
  sweep();
  app.addHook('onClose', async () => clearInterval(timer));

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const handle = (signed: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    let t: TusRequest;
    if (request.method === 'OPTIONS') t = { request, caller: ANON_CALLER, signed, upsert: false };
    else if (signed) t = await signedContext(ctx, request);
    else {
      const caller = await storageCaller(request, ctx.services);
      t = { request, caller, signed, owner: caller.owner, upsert: request.headers['x-upsert'] === 'true' };
    }
    contexts.set(request.raw, t);
    reply.hijack();
    await server.handle(request.raw, reply.raw);
  };
  for (const [prefix, signed] of [['/upload/resumable', false], ['/upload/resumable/sign', true]] as const) {
    app.post(prefix, { config: { operation: 'storage.object.upload_resumable' } }, handle(signed));
    for (const method of ['POST', 'PATCH', 'HEAD', 'DELETE'] as const) app.route({ method, url: `${prefix}/:id`, handler: handle(signed), config: { operation: 'storage.object.upload_resumable' } });
  }
}

/** /upload/resumable/sign: the upload token in x-signature names the object and its owner. */
async function signedContext(ctx: StorageContext, request: FastifyRequest): Promise<TusRequest> {
  const signature = request.headers['x-signature'];
  if (typeof signature !== 'string') throw ERRORS.invalidSignature('Missing x-signature header');
  // The object it names: from the new upload's metadata, or the one being continued.
  const meta = request.method === 'POST' ? Metadata.parse(String(request.headers['upload-metadata'] ?? '') || undefined) : undefined;
  const [, payload] = signature.split('.');
  let url = '';
  try {
    url = String(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()).url ?? '');
  } catch {
    throw ERRORS.invalidJwt();
  }
  const [bucket = '', ...rest] = (meta ? `${meta.bucketName ?? ''}/${meta.objectName ?? ''}` : url).split('/');
  const token = await verifyToken(ctx.services, signature, 'upload', bucket, rest.join('/'));
  return { request, caller: ANON_CALLER, signed: true, owner: token.owner, upsert: token.upsert === true, url: token.url };
}

/** A finished upload declared as a raster image must be one (its first bytes). */
async function checkFileContent(file: string, mimeType: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const detected = await fileTypeFromBuffer(head.subarray(0, bytesRead)).catch(() => undefined);
    checkContent(mimeType, detected?.mime);
  } finally {
    await handle.close();
  }
}
