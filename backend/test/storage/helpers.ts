/**
 * Storage test setup: a backend with two buckets of its own and Supabase-style policies on
 * storage.objects (each member writes under a folder named by their id; the private bucket's
 * objects are read by their owner only), members with supabase-js clients, and small real images.
 */
import sharp from 'sharp';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../harness';
import { client, createUser, serviceClient, type TestUser } from '../rest/helpers';

export const POLICIES = `
  insert into storage.buckets (id, name, public) values ('pub', 'pub', true), ('priv', 'priv', false);
  create policy "t read own private" on storage.objects for select to authenticated
    using (bucket_id = 'priv' and owner = (select auth.uid()));
  create policy "t read public" on storage.objects for select to anon, authenticated using (bucket_id in ('pub', 'lim'));
  create policy "t write own folder" on storage.objects for insert to authenticated
    with check (bucket_id in ('pub', 'priv', 'lim') and (storage.foldername(name))[1] = (select auth.uid())::text);
  create policy "t update own" on storage.objects for update to authenticated
    using (owner = (select auth.uid())) with check ((storage.foldername(name))[1] = (select auth.uid())::text);
  create policy "t delete own" on storage.objects for delete to authenticated using (owner = (select auth.uid()));
`;

export interface StorageSetup {
  be: TestBackend;
  a: TestUser;
  b: TestUser;
  /** supabase-js clients: A, B, the visitor (anon key), the service role. */
  as: { a: SupabaseClient; b: SupabaseClient; anon: SupabaseClient; service: SupabaseClient };
}

export async function startStorage(env: Record<string, string> = {}): Promise<StorageSetup> {
  const be = await startTestBackend(env);
  await be.db.transaction((tx) => tx.exec(POLICIES));
  const a = await createUser(be, 'store-a@example.com');
  const b = await createUser(be, 'store-b@example.com');
  return { be, a, b, as: { a: client(be, a), b: client(be, b), anon: client(be), service: serviceClient(be) } };
}

/** A real PNG of the given size (sharp). */
export function png(width: number, height: number, colour = '#3366ff'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

export const text = (s: string) => new Blob([s], { type: 'text/plain' });
