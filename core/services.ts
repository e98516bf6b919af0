// Wires the services every door shares from a config and an open store.
import { CodeCapabilities } from './code/capabilities.ts';
import { announcing } from './code/task-events.ts';
import type { Config } from './config.ts';
import { areas as allAreas } from './areas.ts';
import type { WorkbookArea } from './workbook/area.ts';
import { findOp } from './registry.ts';
import { makeClock, type Services } from './context.ts';
import { ExportLinks } from './export-links.ts';
import { RateLimits, type BucketStore } from './rate-limit.ts';
import type { Store } from './store.ts';
import { Workbooks } from './workbook/access.ts';

export interface AppServices extends Services {
  rateLimits: RateLimits;
  /** Signed download links for exports (core/export-links.ts). */
  exportLinks: ExportLinks;
}

/**
 * `rateStore` keeps rate-limit state elsewhere than memory (bin/server.ts passes the database);
 * `areas` are what every workbook carries (all of core/areas.ts unless a test says otherwise).
 */
export function createServices(config: Config, raw: Store, opts: { rateStore?: BucketStore; areas?: readonly WorkbookArea[] } = {}): AppServices {
  const store = announcing(raw);
  const clock = makeClock(config.now);
  // Formulas see SHEETS_NOW itself, not the service clock's per-reading millisecond steps, so
  // NOW() gives the same value however many requests came before.
  const fixed = config.now;
  return {
    store,
    config,
    clock,
    workbooks: new Workbooks(store, config.cacheFiles, { now: fixed ? () => new Date(fixed.getTime()) : () => clock.now(), recalcMs: config.limits.recalcMs }, opts.areas ?? allAreas, { history: config.safety.historyVersions > 0 }),
    rateLimits: new RateLimits(config.rate, opts.rateStore),
    exportLinks: new ExportLinks(config.secretKey),
    capabilities: new CodeCapabilities(config.code),
    findOp,
  };
}
