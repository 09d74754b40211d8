/** The migrations folders are configuration (the bundled build need not sit in the repository). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MIGRATION_DIRS, loadConfig } from '../src/config';
import { DEFAULT_SOURCES, migrationSources } from '../src/db/migrate';

describe('migration sources', () => {
  it('come from PLATFORM_MIGRATIONS_DIR and APP_MIGRATIONS_DIR, defaulting to the repository folders', () => {
    expect(migrationSources(loadConfig({}))).toEqual(DEFAULT_SOURCES);
    expect(DEFAULT_SOURCES.map((s) => s.dir)).toEqual([DEFAULT_MIGRATION_DIRS.platform, DEFAULT_MIGRATION_DIRS.app]);
    const config = loadConfig({ PLATFORM_MIGRATIONS_DIR: '/srv/need40/platform', APP_MIGRATIONS_DIR: '/srv/need40/app' });
    expect(migrationSources(config)).toEqual([
      { scope: 'platform', dir: '/srv/need40/platform' },
      { scope: 'app', dir: '/srv/need40/app' },
    ]);
  });
});
