/**
 * The console's data provider: ra-data-postgrest over /rest/v1, reading the operator views
 * (admin_*, operator_*). Every view has an `id` column, so the default primary key fits; they are
 * read-only (every change is an operator function, src/data/rpc.ts).
 */
import postgrestRestProvider, { defaultPrimaryKeys } from '@raphiniert/ra-data-postgrest';
import type { DataProvider } from 'react-admin';
import { getRuntimeConfig } from '@need40/shared';
import { httpClient } from './httpClient';

export function createDataProvider(): DataProvider {
  return postgrestRestProvider({
    apiUrl: `${getRuntimeConfig().supabaseUrl}/rest/v1`,
    httpClient,
    defaultListOp: 'eq',
    primaryKeys: defaultPrimaryKeys,
    // No Accept-Profile header: the first exposed schema (public) is the default, here and on Supabase.
    schema: () => '',
  });
}
