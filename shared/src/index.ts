/**
 * @need40/shared — the kernel: the one instance of everything the shell and the remotes must agree
 * on (the Supabase client, the session and UI stores, the runtime config, the business constants,
 * the database types generated from the migrations and the shell ↔ remote contract types). Shared
 * as a Module Federation singleton: import it by package name only, never by path. Feature code
 * (mapping, validation, formatting) lives in the remote that owns it, so a remote's redeploy
 * really ships it (docs/composition.md, version policy).
 */
export * from './constants';
export type { CompositeTypes, Database, Enums, Json, Tables, TablesInsert, TablesUpdate } from './database.types';
export * from './contract';
export * from './config';
export { getSupabase, resetSupabase, setRealtimeTransport, type Need40Client, type QueryRow } from './supabase';
export * from './session';
export * from './ui';
export * from './queries';
export * from './errors';
export * from './files';
export * from './routes';
