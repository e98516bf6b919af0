// Configuration from the environment, validated once at start-up. Limits are SHEETS_* variables.
import { z } from 'zod';

const int = (def: number) => z.coerce.number().int().positive().default(def);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('localhost'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SHEETS_TOKEN: z.string().min(16, 'SHEETS_TOKEN must be at least 16 characters').optional(),
  SECRET_KEY: z.string().optional(),
  SHEETS_NOW: z.string().optional(),
  SHEETS_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // 1: a server whose parent process dies stops too (0: it lives on, as under a supervisor that re-parents).
  SHEETS_EXIT_WITH_PARENT: z.enum(['0', '1']).default('1'),
  SHEETS_RATE_PER_SEC: int(10),
  SHEETS_RATE_BURST: int(30),
  SHEETS_MAX_INFLIGHT: int(5),
  SHEETS_RATE_STORE: z.enum(['memory', 'database']).default('memory'),
  SHEETS_BODY_LIMIT_BYTES: int(100 * 1024 * 1024),
  SHEETS_MAX_CELLS_PER_WRITE: int(2_000_000),
  SHEETS_MAX_CELLS_PER_READ: int(1_000_000),
  SHEETS_MAX_BATCH_ACTIONS: int(1000),
  // One recalculation (opening a file's formulas, or a write's recompute) stops past this (413, nothing kept).
  SHEETS_RECALC_TIMEOUT_MS: int(30_000),
  // PDF export (docs/pdf-export.md): pictures expanded in memory per export, pages per export.
  SHEETS_PDF_RASTER_BYTES: int(64 * 1024 * 1024),
  SHEETS_PDF_MAX_PAGES: int(5000),
  SHEETS_CACHE_FILES: int(32),
  // The safety net (docs/storage.md, Versions): days a deleted file stays restorable; versions of
  // before-images kept per file (older ones go unless a checkpoint needs them; 0: none are recorded).
  SHEETS_TRASH_DAYS: z.coerce.number().min(0).default(30),
  SHEETS_HISTORY_VERSIONS: z.coerce.number().int().min(0).default(1000),
  // Imports (docs/import-export.md): bytes of file data; directories the stdio MCP server may read.
  SHEETS_MAX_IMPORT_BYTES: int(100 * 1024 * 1024),
  // An .xlsx is a zip: what its entries may inflate to in all (a zip bomb is refused before parsing).
  SHEETS_MAX_UNZIPPED_BYTES: int(512 * 1024 * 1024),
  SHEETS_IMPORT_DIRS: z.string().optional(),
  // MCP door (docs/agents.md): default tool surface, cells per result, result ceiling in tokens,
  // output schemas on tools/list (off: none; fields: the top-level fields of each result).
  SHEETS_MCP_TOOLS: z.enum(['full', 'compact']).default('full'),
  SHEETS_MCP_MAX_CELLS: int(10_000),
  SHEETS_MCP_MAX_RESULT_TOKENS: int(20_000),
  SHEETS_MCP_OUTPUT_SCHEMAS: z.enum(['off', 'fields']).default('off'),
  // An MCP call over its token's rate waits up to this long for room instead of failing (0: fail at once).
  // The origin clients reach this server at, when a proxy stands in front (download links use it).
  SHEETS_PUBLIC_URL: z.url({ message: 'must be a URL such as https://sheets.example.com' }).optional(),
  // DNS-rebinding protection (rest/host-check.ts): Host names and browser Origins served besides
  // loopback ones, comma-separated, for deployments reached under another name (behind a proxy).
  SHEETS_ALLOWED_HOSTS: z.string().optional(),
  SHEETS_ALLOWED_ORIGINS: z.string().optional(),
  SHEETS_MCP_RATE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  // Code cells and the task queue (docs/code-cells.md)
  SHEETS_WORKERS: z.coerce.number().int().min(0).max(64).default(4),
  SHEETS_WORKER_POLL_MS: int(250),
  SHEETS_TASK_LEASE_MS: int(30_000),
  SHEETS_TASK_MAX_ATTEMPTS: int(3),
  SHEETS_PYTHON: z.string().default('/usr/bin/python3'),
  SHEETS_PYTHON_POOL: int(2),
  SHEETS_CODE_TIMEOUT_MS: int(30_000),
  SHEETS_CODE_MEMORY_MB: int(512),
  SHEETS_JS_MEMORY_MB: int(128),
  SHEETS_CODE_OUTPUT_BYTES: int(1024 * 1024),
  SHEETS_CODE_MAX_RESULT_CELLS: int(100_000),
  SHEETS_SQL_TIMEOUT_MS: int(30_000),
  SHEETS_SQL_MAX_ROWS: int(10_000),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  bootstrapToken?: string;
  exitWithParent: boolean;
  secretKey?: string;
  now?: Date;
  logLevel: string;
  rate: { perSec: number; burst: number; maxInFlight: number; store: 'memory' | 'database' };
  limits: { bodyBytes: number; cellsPerWrite: number; cellsPerRead: number; batchActions: number; recalcMs: number; importBytes: number; unzippedBytes: number; pdfRasterBytes: number; pdfMaxPages: number };
  /** Directories whose files the stdio MCP server may import by `path` (none: only file_data). */
  importDirs: string[];
  cacheFiles: number;
  /** Deleted files are purged after trashDays; before-images older than historyVersions versions go unless a checkpoint needs them. */
  safety: { trashDays: number; historyVersions: number };
  mcp: { tools: 'full' | 'compact'; maxCells: number; maxResultTokens: number; outputSchemas: 'off' | 'fields'; rateWaitMs: number };
  /** Origin for download links when a proxy stands in front (SHEETS_PUBLIC_URL); else the request's. */
  publicUrl?: string;
  /** Host names / origins served besides loopback ones (SHEETS_ALLOWED_HOSTS, SHEETS_ALLOWED_ORIGINS). */
  allowedHosts: string[];
  allowedOrigins: string[];
  code: CodeConfig;
};

export interface CodeConfig {
  /** In-process worker slots; 0 runs no worker here (use `sheets worker`). */
  workers: number;
  pollMs: number;
  leaseMs: number;
  maxAttempts: number;
  python: string;
  pythonPool: number;
  timeoutMs: number;
  memoryMb: number;
  jsMemoryMb: number;
  outputBytes: number;
  maxResultCells: number;
  sqlTimeoutMs: number;
  sqlMaxRows: number;
}

const commaList = (v: string | undefined) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset (DATABASE_URL= npm start).
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  let now: Date | undefined;
  if (e.SHEETS_NOW) {
    now = new Date(e.SHEETS_NOW);
    if (Number.isNaN(now.getTime())) throw new Error(`invalid configuration: SHEETS_NOW '${e.SHEETS_NOW}' is not an ISO date-time`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL || undefined,
    bootstrapToken: e.SHEETS_TOKEN,
    exitWithParent: e.SHEETS_EXIT_WITH_PARENT === '1',
    secretKey: e.SECRET_KEY,
    now,
    logLevel: e.SHEETS_LOG_LEVEL,
    rate: { perSec: e.SHEETS_RATE_PER_SEC, burst: e.SHEETS_RATE_BURST, maxInFlight: e.SHEETS_MAX_INFLIGHT, store: e.SHEETS_RATE_STORE },
    limits: {
      bodyBytes: e.SHEETS_BODY_LIMIT_BYTES,
      cellsPerWrite: e.SHEETS_MAX_CELLS_PER_WRITE,
      cellsPerRead: e.SHEETS_MAX_CELLS_PER_READ,
      batchActions: e.SHEETS_MAX_BATCH_ACTIONS,
      recalcMs: e.SHEETS_RECALC_TIMEOUT_MS,
      importBytes: e.SHEETS_MAX_IMPORT_BYTES,
      unzippedBytes: e.SHEETS_MAX_UNZIPPED_BYTES,
      pdfRasterBytes: e.SHEETS_PDF_RASTER_BYTES,
      pdfMaxPages: e.SHEETS_PDF_MAX_PAGES,
    },
    publicUrl: e.SHEETS_PUBLIC_URL?.replace(/\/+$/, ''),
    allowedHosts: commaList(e.SHEETS_ALLOWED_HOSTS),
    allowedOrigins: commaList(e.SHEETS_ALLOWED_ORIGINS),
    importDirs: (e.SHEETS_IMPORT_DIRS ?? '').split(':').filter(Boolean),
    cacheFiles: e.SHEETS_CACHE_FILES,
    safety: { trashDays: e.SHEETS_TRASH_DAYS, historyVersions: e.SHEETS_HISTORY_VERSIONS },
    mcp: { tools: e.SHEETS_MCP_TOOLS, maxCells: e.SHEETS_MCP_MAX_CELLS, maxResultTokens: e.SHEETS_MCP_MAX_RESULT_TOKENS, outputSchemas: e.SHEETS_MCP_OUTPUT_SCHEMAS, rateWaitMs: e.SHEETS_MCP_RATE_WAIT_MS },
    code: {
      workers: e.SHEETS_WORKERS,
      pollMs: e.SHEETS_WORKER_POLL_MS,
      leaseMs: e.SHEETS_TASK_LEASE_MS,
      maxAttempts: e.SHEETS_TASK_MAX_ATTEMPTS,
      python: e.SHEETS_PYTHON,
      pythonPool: e.SHEETS_PYTHON_POOL,
      timeoutMs: e.SHEETS_CODE_TIMEOUT_MS,
      memoryMb: e.SHEETS_CODE_MEMORY_MB,
      jsMemoryMb: e.SHEETS_JS_MEMORY_MB,
      outputBytes: e.SHEETS_CODE_OUTPUT_BYTES,
      maxResultCells: e.SHEETS_CODE_MAX_RESULT_CELLS,
      sqlTimeoutMs: e.SHEETS_SQL_TIMEOUT_MS,
      sqlMaxRows: e.SHEETS_SQL_MAX_ROWS,
    },
  };
}
