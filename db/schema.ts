// Drizzle schema: one set of tables for PGlite and PostgreSQL. Migrations are generated from
// this file by drizzle-kit (`npm run db:generate`) and applied at start-up (db/open.ts).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const spaces = pgTable('spaces', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  created: ts('created').notNull(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  created: ts('created').notNull(),
});

/** A user's role on a space. Tokens carry a role too (never above the membership's). */
export const memberships = pgTable(
  'memberships',
  {
    spaceId: uuid('space_id').notNull().references(() => spaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'editor', 'viewer'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.userId] })],
);

/** Tokens are stored as SHA-256 of the secret; the secret is shown once. */
export const tokens = pgTable(
  'tokens',
  {
    id: uuid('id').primaryKey(),
    hash: text('hash').notNull(),
    spaceId: uuid('space_id').notNull().references(() => spaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'editor', 'viewer'] }).notNull(),
    created: ts('created').notNull(),
    lastUsed: ts('last_used'),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('tokens_hash_idx').on(t.hash), index('tokens_space_idx').on(t.spaceId)],
);

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    spaceId: uuid('space_id').notNull().references(() => spaces.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id').notNull().references(() => users.id),
    name: text('name').notNull(),
    private: boolean('private').notNull().default(false),
    /** The number of the last saved state: raised by one per committed write, guarded by the old value. */
    version: integer('version').notNull().default(1),
    created: ts('created').notNull(),
    modified: ts('modified').notNull(),
    /** Interned cell styles; cells refer to them by index. */
    styles: jsonb('styles').notNull().default(sql`'[]'::jsonb`),
    /** Set when the file was deleted: it is hidden (404) and can be restored until purged (SHEETS_TRASH_DAYS). */
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('files_space_modified_idx').on(t.spaceId, t.modified), index('files_deleted_idx').on(t.deletedAt)],
);

export const sheets = pgTable(
  'sheets',
  {
    id: uuid('id').primaryKey(),
    fileId: uuid('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    /** Sizes, merges, row/column styles, charts, rules, tables, pivots, code cells: small per-sheet state. */
    meta: jsonb('meta').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('sheets_file_idx').on(t.fileId)],
);

/**
 * Cells live in tiles: one row holds a block of TILE_ROWS x TILE_COLS cells (core/workbook/tile.ts)
 * as compact JSON. r0..r1/c0..c1 are the occupied offsets inside the tile, so used ranges are
 * known without reading tile data.
 */
export const tiles = pgTable(
  'tiles',
  {
    sheetId: uuid('sheet_id').notNull().references(() => sheets.id, { onDelete: 'cascade' }),
    tr: integer('tr').notNull(),
    tc: integer('tc').notNull(),
    r0: smallint('r0').notNull(),
    r1: smallint('r1').notNull(),
    c0: smallint('c0').notNull(),
    c1: smallint('c1').notNull(),
    data: text('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sheetId, t.tr, t.tc] })],
);

/** Every committed write appends one row: who changed what, at which version. */
export const opsLog = pgTable(
  'ops_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fileId: uuid('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    op: text('op').notNull(),
    args: jsonb('args').notNull(),
    userId: uuid('user_id'),
    tokenId: uuid('token_id'),
    at: ts('at').notNull(),
    /**
     * Which tiles and sheet records this version changed, when it changed nothing else (no sheet
     * added, removed or restructured): a process holding the version before catches up by
     * reloading just these (core/workbook/catch-up.ts). Null: reload the whole file.
     */
    delta: jsonb('delta'),
  },
  (t) => [index('ops_log_file_idx').on(t.fileId, t.version)],
);

/**
 * Before-images (docs/storage.md, Versions): each commit records the state it replaced, so the file
 * as of any retained version is the current state overlaid with, per part, the before-image of the
 * earliest later version that touched it. One row per committed version (its presence says the
 * version is restorable; `styles` is the style table before it when the version changed it).
 */
export const versionHistory = pgTable(
  'version_history',
  {
    fileId: uuid('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    styles: jsonb('styles'),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.version] })],
);

/** A tile as it was before `version` wrote or deleted it (data null: it did not exist). */
export const tileHistory = pgTable(
  'tile_history',
  {
    fileId: uuid('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    sheetId: uuid('sheet_id').notNull(),
    tr: integer('tr').notNull(),
    tc: integer('tc').notNull(),
    r0: smallint('r0'),
    r1: smallint('r1'),
    c0: smallint('c0'),
    c1: smallint('c1'),
    data: text('data'),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.sheetId, t.tr, t.tc, t.version] })],
);

/** A sheet record as it was before `version` changed, added (name null) or deleted it. */
export const sheetHistory = pgTable(
  'sheet_history',
  {
    fileId: uuid('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    sheetId: uuid('sheet_id').notNull(),
    name: text('name'),
    position: integer('position'),
    meta: jsonb('meta'),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.sheetId, t.version] })],
);

/** Named versions of a file: they keep the before-images back to them from being pruned. */
export const checkpoints = pgTable(
  'checkpoints',
  {
    fileId: uuid('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    version: integer('version').notNull(),
    userId: uuid('user_id'),
    at: ts('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.name] })],
);

/** Answers to POST/PUT/PATCH/DELETE carrying an Idempotency-Key, kept 24 h. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tokenId: uuid('token_id').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: smallint('status').notNull(),
    body: text('body').notNull(),
    contentType: text('content_type').notNull(),
    created: ts('created').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.key] })],
);

/** Rate-limit counters when SHEETS_RATE_STORE=database (several server processes on one Postgres). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: ts('expire'),
});

/**
 * The task queue (code cells). Workers claim rows with FOR UPDATE SKIP LOCKED and hold a lease
 * they renew while running; `attempts` counts claims and fences a worker whose lease lapsed.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    spaceId: uuid('space_id').notNull().references(() => spaces.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'cascade' }),
    /** Whose rights the task runs with (re-checked when it runs). */
    userId: uuid('user_id'),
    tokenId: uuid('token_id'),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'error', 'cancelled'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    workerId: text('worker_id'),
    leaseUntil: ts('lease_until'),
    runAfter: ts('run_after').notNull(),
    created: ts('created').notNull(),
    started: ts('started'),
    finished: ts('finished'),
    error: text('error'),
    result: jsonb('result'),
  },
  (t) => [index('tasks_claim_idx').on(t.status, t.runAfter), index('tasks_file_idx').on(t.fileId), index('tasks_finished_idx').on(t.finished)],
);

/** Database connections of a space (SQL code cells). The URL is AES-256-GCM encrypted with SECRET_KEY. */
export const connections = pgTable(
  'connections',
  {
    id: uuid('id').primaryKey(),
    spaceId: uuid('space_id').notNull().references(() => spaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['postgres', 'mysql'] }).notNull(),
    /** base64(iv | tag | ciphertext) of the connection URL. */
    secret: text('secret').notNull(),
    /** Which key encrypted `secret` (a short hash of it), so a wrong SECRET_KEY is named, not guessed. */
    keyId: text('key_id').notNull(),
    created: ts('created').notNull(),
    createdBy: uuid('created_by'),
    /** Catalog read from the database (tables, columns, types, comments), refreshed on demand. */
    schemaCache: jsonb('schema_cache'),
    schemaCachedAt: ts('schema_cached_at'),
  },
  (t) => [uniqueIndex('connections_space_name_idx').on(t.spaceId, t.name)],
);
