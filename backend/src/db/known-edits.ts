/**
 * Four app migrations were edited after they had landed (on 2026-11-23, before landed migrations
 * were checked): a database created from main between 2026-11-22 23:32 and 2026-11-23 02:08 UTC
 * recorded an earlier version of one of them and cannot be upgraded in place. These are the sha256
 * of those earlier versions, so that the refusal can say what happened instead of only "edited".
 * The landed-migration check (cli/check-migrations.ts) stops this from happening again.
 */
export const EARLIER_VERSIONS: Record<string, string[]> = {
  'app/20240401000200_notification_outbox.sql': ['e3c2c63a0087248753659d913d556e0e29403bb6f49739ebc6b3e424bba97c02'],
  'app/20240401000400_application_process.sql': [
    '0ded893581c27214b5c78dc81d79b92852147aca957e2ac1216f5dbcd7654a96',
    '9040023cb95e1ae77f16d455933c0b0daf1c934569ef95fd218c16ed19872945',
  ],
  'app/20240401000800_agreed_terms.sql': ['3be73c37268af1e0868717dabf98a93983bd6a3847fcfb624f3ea1bda705a002'],
  'app/20240401001100_messages.sql': ['08cca17427114ea94ada4065f552fcad369b200e0030f9b771af894e1f3926ab'],
};

/** The operator's next step when the ledger holds one of those earlier versions, or null. */
export function earlierVersionAdvice(scope: string, name: string, appliedChecksum: string): string | null {
  if (!EARLIER_VERSIONS[`${scope}/${name}`]?.includes(appliedChecksum)) return null;
  return (
    'This database was created from main between 2026-11-22 23:32 and 2026-11-23 02:08 UTC, before four landed migrations were edited; ' +
    'it cannot be upgraded in place. Dump its data (pg_dump --data-only, or pnpm db:backup), start the new release on a fresh database, and load the rows back ' +
    '(docs/operations.md, "A database from before the migration check").'
  );
}
