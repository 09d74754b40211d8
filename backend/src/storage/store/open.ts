/** The one place that decides where object bytes live (STORAGE_BACKEND). */
import type { StorageConfig } from '../../config-storage';
import type { ObjectStore } from './types';

export async function openObjectStore(storage: StorageConfig, root: string): Promise<ObjectStore> {
  if (storage.backend === 's3' && storage.s3) {
    const { openS3Store } = await import('./s3');
    return openS3Store(storage.s3);
  }
  const { openFileStore } = await import('./file');
  return openFileStore(root);
}

export type { ObjectStore } from './types';
