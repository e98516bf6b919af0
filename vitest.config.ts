// Tests: integration suites start the real server on a free port against the real store
// (embedded PGlite from a migrated template, or PostgreSQL when DATABASE_URL is set).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { SHEETS_CHECK_OUTPUT: '1' },
  },
});
