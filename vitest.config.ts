// Tests: integration suites start the real server on a free port against the real store
// (embedded PGlite from a migrated template, or PostgreSQL when DATABASE_URL is set).
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowFirst } from './test/helpers/sequencer.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    pool: 'forks',
    // Most suites wait on servers, sandboxes and child processes rather than compute, so one
    // worker per core and at least 2 (vitest's default is cores - 1: a single worker on two cores).
    maxWorkers: Number(process.env.SHEETS_TEST_WORKERS) || Math.max(2, availableParallelism()),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { SHEETS_CHECK_OUTPUT: '1' },
    sequence: { sequencer: SlowFirst },
  },
});
