/**
 * The configuration's fixed defaults: Supabase's well-known development secret and keys (refused in
 * production by config.ts) and where the SQL migrations are read from when not configured.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Supabase's documented local-development secret and the keys signed with it. Public knowledge: dev only. */
export const DEV_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const DEV_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const DEV_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** The repository root (backend/src/config.ts → ../..), so defaults do not depend on the cwd. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Where the SQL migrations are read from (db/migrate.ts). The defaults point into the repository;
 * a deployment that ships the build without it sets PLATFORM_MIGRATIONS_DIR / APP_MIGRATIONS_DIR.
 */
export const DEFAULT_MIGRATION_DIRS = {
  platform: path.join(REPO_ROOT, 'backend', 'migrations'),
  app: path.join(REPO_ROOT, 'supabase', 'migrations'),
};

/** The auth mails' built-in templates (auth/mail-templates.ts); a release ships the folder beside dist/. */
export const DEFAULT_MAIL_TEMPLATES_DIR = path.join(REPO_ROOT, 'backend', 'mail-templates');

/** PGlite's data directory unless DATA_DIR says otherwise. */
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data');
