// Parquet import with hyparquet: a header row from the column names, then the rows, one row group
// at a time (a group is decoded whole, so reading it in slices would decode it again and again).
// The group's columns come as hyparquet decodes them (onChunk) and are typed column by column
// (parquet-rows.ts).
//
// Into a blank sheet, each group is laid out as finished tiles (groupTiles), and a file of several
// large groups is decoded by worker threads, a group each at a time, while this thread only lays
// their tiles down: decoding, typing and encoding the tiles are ~3/4 of the import
// (docs/import-export.md). Anywhere else (a sheet with content or formulas) rows go through the
// BlockWriter, which keeps existing styles and tells the engine.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { parquetMetadata } from 'hyparquet';
import { invalidArg } from '../errors.ts';
import { loadHyparquet } from '../libs.ts';
import type { BlockWriter } from './block-writer.ts';
import { dateKinds, DATE_STYLE, DATETIME_STYLE, decodeGroup, groupsOf, groupTiles, leaves, parquetValue, type DateStyles, type GroupTiles, type Leaf } from './parquet-rows.ts';
import type { ImportPlace, WorkerReply, WorkerRequest } from './parquet-worker.ts';

/**
 * Rows typed and written at a time (16 tile bands): short-lived enough to die in the young
 * generation. Slices of 65,536 rows outlived it and cost ~170 ms more of garbage collection in
 * a 1M-row import.
 */
const SLICE_ROWS = 4_096;
/** Below this many rows a file is decoded on this thread: starting threads costs ~50 ms. */
const THREADS_FROM_ROWS = 50_000;
/** Threads of one import at most; all imports together take at most one per core (parquetThreads.busy). */
const MAX_THREADS = 4;

/**
 * The threads' young generation, in MiB (V8's default here: 48, i.e. 16 MiB semi-spaces). A
 * group's columns live through its typing, so with the default much of them was copied to the
 * old generation and collected there: two threads decoding and typing the bench's 1M-row file
 * took 750-880 ms, and 640-665 ms with this (docs/import-export.md).
 */
const YOUNG_MB = 96;

type Meta = ReturnType<typeof parquetMetadata>;

export interface ParquetResult {
  rows: number;
  cols: number;
  columns: string[];
}

/** Imports that used threads, threads in use now, threads started in all, and idle ones (tests read them). */
export const parquetThreads = {
  imports: 0,
  busy: 0,
  started: 0,
  get idle(): number {
    return idle.size;
  },
};

export async function importParquet(bytes: Buffer, writer: BlockWriter, step: (done: number, total: number) => Promise<void>): Promise<ParquetResult> {
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const { parquetMetadata, parquetRead } = await loadHyparquet();
  let meta: Meta;
  try {
    meta = parquetMetadata(file);
  } catch (err) {
    throw invalidArg('file_data', `is not a readable Parquet file: ${(err as Error).message}`);
  }
  const cols = leaves(meta);
  const total = Number(meta.num_rows);
  const blank = writer.blank();
  writer.fits(total + 1, cols.length);
  await writer.write([cols.map((c) => c.name)]);
  const groups = groupsOf(meta);
  const read = async (start: number, n: number) => {
    try {
      return await decodeGroup(parquetRead, file, meta, cols, start, n);
    } catch (err) {
      throw invalidArg('file_data', `the Parquet data could not be read: ${(err as Error).message}`);
    }
  };
  if (!blank) {
    for (const { start, rows: n } of groups) {
      const columns = await read(start, n);
      for (let i = 0; i < n; i += SLICE_ROWS) {
        await writer.write(rowsOf(columns, cols, i, Math.min(n, i + SLICE_ROWS)));
        await step(start + Math.min(i + SLICE_ROWS, n), total);
      }
    }
    return { rows: writer.rows, cols: writer.cols, columns: cols.map((c) => c.name) };
  }
  // A blank sheet: the data rows start below the header, laid out as tiles a group at a time.
  const row = writer.row0 + 1;
  const kinds = dateKinds(meta);
  const styles: DateStyles = {};
  if (kinds.date) styles.date = writer.autoStyle(DATE_STYLE);
  if (kinds.datetime) styles.datetime = writer.autoStyle(DATETIME_STYLE);
  let done = 0;
  const lay = async (start: number, n: number, tiles: GroupTiles) => {
    writer.adopt(tiles, row + start, n, cols.length);
    await step((done += n), total);
  };
  const here = async () => {
    for (const { start, rows: n } of groups) await lay(start, n, groupTiles(await read(start, n), cols, row + start, n, writer.col0, styles));
  };
  const result = () => ({ rows: writer.rows, cols: writer.cols, columns: cols.map((c) => c.name) });
  const threads = total >= THREADS_FROM_ROWS ? Math.min(groups.length, MAX_THREADS, availableParallelism() - parquetThreads.busy) : 0;
  if (threads < 2) {
    await here();
    return result();
  }
  // The threads are counted before anything is awaited, so imports starting together share the cores.
  parquetThreads.busy += threads;
  try {
    // Without the worker's code (esbuild could not bundle it), this thread does the work.
    const code = await bundleWorker().catch(() => undefined);
    if (code) {
      parquetThreads.imports++;
      await inThreads(code, bytes, threads, { row, col0: writer.col0, styles }, groups.length, (g, tiles) => lay(groups[g]!.start, groups[g]!.rows, tiles));
    } else await here();
  } finally {
    parquetThreads.busy -= threads;
  }
  return result();
}

/** Rows i0..i1 of the group, typed one column at a time. */
function rowsOf(columns: ArrayLike<unknown>[], leaves: Leaf[], i0: number, i1: number) {
  const rows = [];
  for (let i = i0; i < i1; i++) rows.push(new Array<ReturnType<typeof parquetValue>>(leaves.length));
  for (let j = 0; j < leaves.length; j++) {
    const col = columns[j]!, leaf = leaves[j]!;
    for (let i = i0; i < i1; i++) rows[i - i0]![j] = parquetValue(col[i], leaf);
  }
  return rows;
}

/** The worker's code: parquet-worker.ts bundled with hyparquet into one script, once per process. */
let workerCode: Promise<string> | undefined;
function bundleWorker(): Promise<string> {
  workerCode ??= (async () => {
    const { build, stop } = await import('esbuild');
    try {
      const out = await build({ entryPoints: [fileURLToPath(new URL('./parquet-worker.ts', import.meta.url))], bundle: true, platform: 'node', format: 'cjs', target: 'node20', write: false, logLevel: 'silent' });
      return out.outputFiles[0]!.text;
    } finally {
      // The bundle is kept for the process's life: esbuild's service process need not be.
      await stop();
    }
  })();
  workerCode.catch(() => (workerCode = undefined));
  return workerCode;
}

/**
 * Threads left from earlier imports, kept for IDLE_MS: a fresh thread compiles hyparquet's and the
 * typing's code again, and two fresh threads took ~1.04 s for the bench's 1M-row file against
 * 0.65-0.75 s for two that had imported before (docs/import-export.md).
 */
const IDLE_MS = 30_000;
const idle = new Map<Worker, NodeJS.Timeout>();

/** An idle thread, or a new one; it keeps the process alive while in use. */
function takeThread(code: string): Worker {
  for (const [worker, timer] of idle) {
    clearTimeout(timer);
    idle.delete(worker);
    worker.ref();
    return worker;
  }
  // The thread's old-space limit is the default, as this thread's: one that runs out of it ends alone.
  const worker = new Worker(code, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB } });
  parquetThreads.started++;
  // An idle thread that fails is dropped; one in use fails its import (ask).
  worker.on('error', () => undefined);
  worker.on('exit', () => {
    clearTimeout(idle.get(worker));
    idle.delete(worker);
  });
  return worker;
}

/** A thread whose import went through: it drops the file and waits for the next import. */
function giveBack(worker: Worker): void {
  worker.postMessage({ kind: 'close' } satisfies WorkerRequest);
  worker.unref();
  // Out of the idle set before it ends, so no import takes a thread on its way out.
  const end = () => {
    idle.delete(worker);
    void worker.terminate();
  };
  idle.set(worker, setTimeout(end, IDLE_MS).unref());
}

/**
 * Row groups 0..groups-1 decoded by `count` threads, each with its own copy of the file, taking the
 * next group when it has sent one back; `lay` runs here for each group as it comes. The threads of
 * an import that fails are ended: a reply still on its way must not reach the next import.
 */
async function inThreads(code: string, bytes: Buffer, count: number, place: ImportPlace, groups: number, lay: (group: number, tiles: GroupTiles) => Promise<void>): Promise<void> {
  const workers: Worker[] = [];
  let next = 0;
  const drive = async () => {
    const worker = takeThread(code);
    workers.push(worker);
    const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    worker.postMessage({ kind: 'open', file, ...place } satisfies WorkerRequest, [file]);
    while (next < groups) {
      const reply = await ask(worker, next++);
      if ('error' in reply) throw invalidArg('file_data', `the Parquet data could not be read: ${reply.error}`);
      await lay(reply.group, reply.tiles);
    }
  };
  let ok = false;
  try {
    await Promise.all(Array.from({ length: count }, drive));
    ok = true;
  } finally {
    if (ok) workers.forEach(giveBack);
    else await Promise.all(workers.map((w) => w.terminate()));
  }
}

/** One group's reply from a worker; a worker that dies (out of memory) fails the import with why. */
function ask(worker: Worker, group: number): Promise<WorkerReply> {
  return new Promise((resolve, reject) => {
    const done = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (reply: WorkerReply) => {
      done();
      resolve(reply);
    };
    const onError = (err: Error & { code?: string }) => {
      done();
      const heap = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
      reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? invalidArg('file_data', `a row group of the Parquet file needs more than the ${heap} MiB an import thread may use; write the file with smaller row groups`) : err);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`a Parquet import thread stopped (exit code ${code})`));
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage({ kind: 'group', group } satisfies WorkerRequest);
  });
}
