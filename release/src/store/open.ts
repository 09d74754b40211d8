/**
 * The store the release commands use: RELEASE_STORE, a folder (default .releases/ at the
 * repository's root, which `pnpm start` serves) or `s3://<bucket>/<prefix>` (s3.ts).
 */
import path from 'node:path';
import { DEFAULT_STORE, ROOT } from '../paths';
import { FolderStore } from './folder';
import type { ReleaseStore } from './types';

export async function openStore(spec: string | undefined = process.env.RELEASE_STORE): Promise<ReleaseStore> {
  if (spec?.startsWith('s3://')) {
    const { S3Store } = await import('./s3');
    return S3Store.fromEnv(spec);
  }
  return new FolderStore(spec ? path.resolve(ROOT, spec) : DEFAULT_STORE);
}
