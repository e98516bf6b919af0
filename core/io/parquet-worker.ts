// A worker thread of Parquet imports (parquet-import.ts). It stays alive between imports, so its
// compiled code stays warm; for one import at a time it holds its own copy of the file, decodes
// the row groups it is handed one at a time and sends back their tiles, encoded. Run from a bundle
// of this file (esbuild, hyparquet inlined), so the thread loads no TypeScript.
import { parentPort } from 'node:worker_threads';
import { parquetMetadata, parquetRead } from 'hyparquet';
import { decodeGroup, groupsOf, groupTiles, leaves, type DateStyles, type GroupTiles } from './parquet-rows.ts';

export interface ImportPlace {
  /** Sheet row and column of the file's first data row. */
  row: number;
  col0: number;
  styles: DateStyles;
}

/** `open` hands over a file (transferred), `group` asks for a row group's tiles, `close` drops the file. */
export type WorkerRequest = ({ kind: 'open'; file: ArrayBuffer } & ImportPlace) | { kind: 'group'; group: number } | { kind: 'close' };

export type WorkerReply = { group: number; rows: number; tiles: GroupTiles } | { group: number; error: string };

interface Open extends ImportPlace {
  file: ArrayBuffer;
  /** Read at the first group, so a failure is that group's reply. */
  read?: { meta: ReturnType<typeof parquetMetadata>; cols: ReturnType<typeof leaves>; groups: ReturnType<typeof groupsOf> };
}

let open: Open | undefined;

async function run(group: number): Promise<WorkerReply> {
  try {
    if (!open) throw new Error('no file is open in this import thread');
    const { file, row, col0, styles } = open;
    if (!open.read) {
      const meta = parquetMetadata(file);
      open.read = { meta, cols: leaves(meta), groups: groupsOf(meta) };
    }
    const { meta, cols, groups } = open.read;
    const { start, rows } = groups[group]!;
    const columns = await decodeGroup(parquetRead, file, meta, cols, start, rows);
    return { group, rows, tiles: groupTiles(columns, cols, row + start, rows, col0, styles) };
  } catch (err) {
    return { group, error: (err as Error).message };
  }
}

parentPort!.on('message', (req: WorkerRequest) => {
  if (req.kind === 'open') open = { file: req.file, row: req.row, col0: req.col0, styles: req.styles };
  else if (req.kind === 'close') open = undefined;
  else void run(req.group).then((reply) => parentPort!.postMessage(reply));
});
