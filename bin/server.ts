// Composes the service from a config: store (migrated), bootstrap, services, REST app and MCP
// mounts. Nothing listens here; bin/sheets.ts and the tests decide that.
import { startSweeper } from '../core/files/trash.ts';
import type { FastifyInstance } from 'fastify';
import { bootstrap, type Bootstrap } from '../core/auth.ts';
import type { Config } from '../core/config.ts';
import { WorkerPool } from '../core/code/worker.ts';
import { createServices, type AppServices } from '../core/services.ts';
import { openStore, type OpenOptions } from '../db/open.ts';
import type { PgStore } from '../db/store.ts';
import { databaseBuckets } from '../db/rate-buckets.ts';
import { mountMcp } from '../mcp/http.ts';
import { buildApp } from '../rest/app.ts';
import { mountViewer } from '../rest/viewer/routes.ts';
import type { WorkbookArea } from '../core/workbook/area.ts';

export interface Server {
  app: FastifyInstance;
  services: AppServices;
  store: PgStore;
  boot: Bootstrap | null;
  /** The in-process worker pool for code cells (none when SHEETS_WORKERS=0). */
  workers: WorkerPool | null;
  close(): Promise<void>;
}

/** `areas` replaces the list of areas every workbook carries (tests that add a probe area). */
export async function createServer(config: Config, opts: { logger?: boolean | Record<string, unknown>; store?: OpenOptions; areas?: readonly WorkbookArea[] } = {}): Promise<Server> {
  const store = await openStore(opts.store ?? { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const services = createServices(config, store, { rateStore: config.rate.store === 'database' ? databaseBuckets(store.db) : undefined, areas: opts.areas });
    const boot = await bootstrap(store, services.clock, config.bootstrapToken);
    const app = buildApp({ services, logger: opts.logger });
    const mcp = mountMcp(app, services);
    mountViewer(app, services);
    app.addHook('preClose', async () => mcp.close());
    const workers = config.code.workers > 0 ? new WorkerPool(services, { log: (msg, err) => app.log.error({ err }, msg) }).start() : null;
    // Deleted files past SHEETS_TRASH_DAYS and old before-images go now and hourly.
    const stopSweeper = startSweeper(services, (msg) => app.log.info(msg));
    let closed = false;
    return {
      app,
      services,
      store,
      boot,
      workers,
      async close() {
        if (closed) return;
        closed = true;
        stopSweeper();
        await app.close();
        await workers?.stop();
        services.workbooks.clear();
        await store.close();
      },
    };
  } catch (err) {
    await store.close();
    throw err;
  }
}
