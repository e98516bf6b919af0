// Deleted files stay restorable for SHEETS_TRASH_DAYS, then are purged with everything in them;
// the same sweep drops before-images past SHEETS_HISTORY_VERSIONS that no checkpoint needs. It runs
// at start-up and every hour in each serving process (docs/storage.md, Versions).
import type { Services } from '../context.ts';

const SWEEP_MS = 60 * 60_000;

/** When a file deleted at `at` is purged. */
export function purgeAfter(services: Services, at: Date): Date {
  return new Date(at.getTime() + services.config.safety.trashDays * 86_400_000);
}

export async function sweep(services: Services): Promise<{ files: number; history: number }> {
  const now = services.clock.now();
  return services.store.purge({ deletedBefore: new Date(now.getTime() - services.config.safety.trashDays * 86_400_000), keepVersions: services.config.safety.historyVersions });
}

/** Sweeps now and then hourly; the returned function stops it. Failures are logged, never thrown. */
export function startSweeper(services: Services, log: (msg: string) => void): () => void {
  const run = () =>
    sweep(services).then(
      (n) => {
        if (n.files || n.history) log(`trash: purged ${n.files} deleted file(s) and ${n.history} old before-image row(s)`);
      },
      (err: unknown) => log(`trash: sweep failed: ${String((err as Error)?.message ?? err)}`),
    );
  void run();
  const timer = setInterval(() => void run(), SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
