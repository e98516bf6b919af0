// MCP logging: log notifications tell the client's user what a call caused beyond its result:
// import warnings, recalculated formulas, blocked spills, and the output or error of code cells it
// queued. A 2025 session sets what it hears with `logging/setLevel` and hears its code cells'
// outcomes when their runs finish (to this session only); a 2026-07-28 request names its own
// level in `_meta` and hears on that call's stream only. Notices are read from results generically.
import { LoggingLevelSchema, type LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import { taskEvents } from '../core/code/task-events.ts';

const SEVERITY = new Map(LoggingLevelSchema.options.map((l, i) => [l, i]));
/** A code cell's run is followed this long at most (a session that went quiet stops listening). */
const WATCH_MS = 10 * 60_000;
const MAX_WATCHED = 200;
const MAX_TEXT = 4000;

export interface Notice {
  level: LoggingLevel;
  logger: string;
  data: unknown;
}

type Send = (n: { method: 'notifications/message'; params: Notice }) => Promise<void>;
type SendOutOfBand = (params: Notice) => Promise<void>;
/** Reads one code cell as the session's caller (get_code_cell's output). */
export type ReadCodeCell = (file: string, sheet: string, cell: string) => Promise<{ status?: string; output?: string; error?: string; task_id?: string } | undefined>;

interface CodeRef {
  task_id: string;
  sheet?: string;
  cell: string;
}

const clip = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}… (${s.length - MAX_TEXT} more characters)` : s);
const rec = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

/** `'My sheet'!B2` → {sheet, cell}; a bare `B2` keeps no sheet. */
export function splitQualified(label: string): { sheet?: string; cell: string } {
  const m = /^(?:'((?:[^']|'')+)'|([^!']+))!(.+)$/.exec(label);
  if (!m) return { cell: label };
  return { sheet: m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2], cell: m[3]! };
}

/** What a call's result has to tell the user, besides the result itself. */
export function noticesOf(op: string, out: unknown): Notice[] {
  const o = rec(out);
  if (!o) return [];
  const notices: Notice[] = [];
  if (Array.isArray(o.warnings)) for (const w of o.warnings) notices.push({ level: 'warning', logger: op, data: typeof w === 'string' ? w : w });
  if (Array.isArray(o.unsupported_functions) && o.unsupported_functions.length) {
    const names = o.unsupported_functions.map((u) => rec(u)?.name ?? u).join(', ');
    notices.push({ level: 'warning', logger: op, data: `Functions this engine lacks (their formulas keep the cached values and are not recomputed): ${names}` });
  }
  const effects = rec(o.effects);
  const recalculated = rec(effects?.recalculated);
  if (recalculated && typeof recalculated.count === 'number' && recalculated.count > 0) {
    const cells = (recalculated.cells as { cell: string; value: string }[] | undefined) ?? [];
    const listed = cells.map((c) => `${c.cell} = ${c.value}`).join(', ');
    notices.push({ level: 'info', logger: 'recalculation', data: `${recalculated.count} formula cell${recalculated.count === 1 ? '' : 's'} changed value${listed ? `: ${listed}` : ''}${recalculated.count > cells.length ? ', …' : ''}` });
  }
  const blocked = ((effects?.spills as { cell: string; blocked?: boolean }[] | undefined) ?? []).filter((s) => s.blocked);
  if (blocked.length) notices.push({ level: 'warning', logger: 'recalculation', data: `#SPILL!: the spill of ${blocked.map((s) => s.cell).join(', ')} is blocked by cells in its way.` });
  const requeued = (effects?.code_requeued as unknown[] | undefined) ?? [];
  if (requeued.length) notices.push({ level: 'info', logger: 'code', data: `${requeued.length} code cell${requeued.length === 1 ? '' : 's'} queued to run again: ${requeued.map((r) => rec(r)?.cell).join(', ')}` });
  return notices;
}

/** Code cells a result queued: set_code_cell's own, rerun_code_cells' tasks, a write's requeued cells. */
export function queuedCode(out: unknown): CodeRef[] {
  const o = rec(out);
  if (!o) return [];
  const refs: CodeRef[] = [];
  const add = (v: unknown) => {
    const r = rec(v);
    if (r && typeof r.task_id === 'string' && typeof r.cell === 'string') refs.push({ task_id: r.task_id, cell: r.cell, ...(typeof r.sheet === 'string' ? { sheet: r.sheet } : {}) });
  };
  if (o.status === 'queued') add(o);
  for (const t of Array.isArray(o.tasks) ? o.tasks : []) add(t);
  for (const t of (rec(o.effects)?.code_requeued as unknown[] | undefined) ?? []) add(t);
  return refs;
}

export class SessionLog {
  private level: LoggingLevel = 'info';
  private readonly watched = new Map<string, () => void>();

  /** `outOfBand` sends outside any request (to the session); without it nothing is followed. */
  constructor(private readonly outOfBand?: SendOutOfBand) {}

  setLevel(level: LoggingLevel): void {
    if (SEVERITY.has(level)) this.level = level;
  }

  /** Whether a notice is heard at the session's level, or at a request's own (`null`: the request asked for none). */
  heard(level: LoggingLevel, threshold: LoggingLevel | null = this.level): boolean {
    return threshold !== null && SEVERITY.get(level)! >= SEVERITY.get(threshold)!;
  }

  /** Sends the notices of one call, on that call's own stream when `send` is the request's. */
  async tell(notices: Notice[], send?: Send, threshold?: LoggingLevel | null): Promise<void> {
    for (const n of notices) {
      if (!this.heard(n.level, threshold === undefined ? this.level : threshold)) continue;
      const params = { ...n, data: typeof n.data === 'string' ? clip(n.data) : n.data };
      const sent = send ? send({ method: 'notifications/message', params }) : this.outOfBand?.(params);
      await sent?.catch(() => undefined);
    }
  }

  /** Follows code cells this session queued: when a run finishes, its output and error are logged to this session. */
  follow(file: string, refs: CodeRef[], read: ReadCodeCell): void {
    if (!this.outOfBand) return;
    for (const ref of refs) {
      if (this.watched.has(ref.task_id) || this.watched.size >= MAX_WATCHED) continue;
      const event = `finished:${ref.task_id}`;
      const done = () => {
        stop();
        const { sheet, cell } = ref.sheet ? { sheet: ref.sheet, cell: ref.cell } : splitQualified(ref.cell);
        const label = `${sheet ? `${sheet}!` : ''}${cell}`;
        void read(file, sheet ?? '', cell)
          .then((cc) => {
            const notices: Notice[] = [];
            if (cc?.output) notices.push({ level: 'info', logger: 'code', data: `${label} printed:\n${cc.output}` });
            if (cc?.error) notices.push({ level: 'error', logger: 'code', data: `${label} failed: ${cc.error}` });
            else if (cc?.status === 'done' && !cc.output) notices.push({ level: 'debug', logger: 'code', data: `${label} ran.` });
            return this.tell(notices);
          })
          .catch(() => undefined);
      };
      const timer = setTimeout(() => stop(), WATCH_MS);
      timer.unref();
      const stop = () => {
        clearTimeout(timer);
        taskEvents.off(event, done);
        this.watched.delete(ref.task_id);
      };
      taskEvents.once(event, done);
      this.watched.set(ref.task_id, stop);
      // A quick run may have finished before the call's result came back: look once.
      const { sheet, cell } = ref.sheet ? { sheet: ref.sheet, cell: ref.cell } : splitQualified(ref.cell);
      void read(file, sheet ?? '', cell)
        .then((cc) => {
          if (cc?.task_id === ref.task_id && (cc.status === 'done' || cc.status === 'error') && this.watched.has(ref.task_id)) done();
        })
        .catch(() => undefined);
    }
  }

  close(): void {
    for (const stop of [...this.watched.values()]) stop();
  }
}
