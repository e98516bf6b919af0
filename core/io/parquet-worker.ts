// A worker thread of a Parquet import (parquet-import.ts): it holds its own copy of the file,
// decodes the row groups it is handed one at a time and sends back their tiles, encoded. Run from
// a bundle of this file (esbuild, hyparquet inlined), so the thread loads no TypeScript.
import { parentPort, workerData } from 'node:worker_threads';
import { parquetMetadata, parquetRead } from 'hyparquet';
import { decodeGroup, groupsOf, groupTiles, leaves, type DateStyles, type GroupTiles } from './parquet-rows.ts';

export interface WorkerInput {
  file: ArrayBuffer;
  /** Sheet row and column of the file's first data row. */
  row: number;
  col0: number;
  styles: DateStyles;
}

export type WorkerReply = { group: number; rows: number; tiles: GroupTiles } | { group: number; error: string };

const { file, row, col0, styles } = workerData as WorkerInput;
const meta = parquetMetadata(file);
const cols = leaves(meta);
const groups = groupsOf(meta);

async function run(group: number): Promise<WorkerReply> {
  try {
    const { start, rows } = groups[group]!;
    const columns = await decodeGroup(parquetRead, file, meta, cols, start, rows);
    return { group, rows, tiles: groupTiles(columns, cols, row + start, rows, col0, styles) };
  } catch (err) {
    return { group, error: (err as Error).message };
  }
}

parentPort!.on('message', (group: number) => {
  void run(group).then((reply) => parentPort!.postMessage(reply));
});
