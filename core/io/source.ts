// The bytes of an import: base64 `file_data`, or a local `path` when the door allows it (the stdio
// MCP server, under directories the admin named). Size is checked before anything is decoded.
import { realpathSync, statSync, readFileSync } from 'node:fs';
import { basename, extname, sep } from 'node:path';
import type { OpContext } from '../context.ts';
import { OpError, invalidArg } from '../errors.ts';

export type ImportFormat = 'csv' | 'xlsx' | 'xls' | 'parquet';

const FORMATS: Record<string, ImportFormat> = { '.csv': 'csv', '.tsv': 'csv', '.txt': 'csv', '.xlsx': 'xlsx', '.xlsm': 'xlsx', '.xls': 'xls', '.parquet': 'parquet' };
export const EXTENSIONS = Object.keys(FORMATS);

export interface ImportSource {
  format: ImportFormat;
  fileName: string;
  bytes: Buffer;
  /** What an .xlsx's entries may inflate to in all (SHEETS_MAX_UNZIPPED_BYTES). */
  maxUnzipped: number;
}

export function formatOf(fileName: string, field = 'file_name'): ImportFormat {
  const ext = extname(fileName).toLowerCase();
  const format = FORMATS[ext];
  if (!format) throw invalidArg(field, `'${ext || fileName}' is not an importable extension; use one of ${EXTENSIONS.join(', ')}`, { valid: EXTENSIONS });
  return format;
}

function tooLarge(bytes: number, limit: number): OpError {
  return new OpError('payload_too_large', `file_data: the file is ${bytes} bytes; imports take at most ${limit} bytes (SHEETS_MAX_IMPORT_BYTES)`, { field: 'file_data', limit, size: bytes });
}

/** Decoded size of a base64 text without decoding it. */
function base64Size(text: string): number {
  let pad = 0;
  if (text.endsWith('==')) pad = 2;
  else if (text.endsWith('=')) pad = 1;
  return Math.floor((text.length * 3) / 4) - pad;
}

/**
 * Checked without a regular expression (one over 12 MB took ~65 ms): Node's decoder skips any
 * character outside both base64 alphabets and stops at `=`, so the decoded length falls short of
 * what the text's length promises; it reads `-` and `_` as the URL alphabet and a character above
 * U+00FF by its low byte, so those are looked for apart (`test/import-units.test.ts` checks it against the alphabet).
 */
export function decodeBase64(data: string, limit: number): Buffer {
  const text = /\s/.test(data.slice(0, 200)) || /\s/.test(data.slice(-200)) || data.length % 4 !== 0 ? data.replace(/\s+/g, '') : data;
  const size = base64Size(text);
  if (size > limit) throw tooLarge(size, limit);
  const bytes = text.length % 4 === 0 ? Buffer.from(text, 'base64') : undefined;
  if (!bytes || bytes.length !== size || Buffer.byteLength(text, 'utf8') !== text.length || text.includes('-') || text.includes('_')) {
    throw invalidArg('file_data', 'is not base64 (standard alphabet A-Z a-z 0-9 + /, padded with =); encode the file bytes as base64');
  }
  return bytes;
}

function noLocalFiles(): OpError {
  return invalidArg('path', 'reading local files is not allowed here; send the bytes as base64 file_data (the stdio server reads paths only under directories its admin allows with --allow-dir or SHEETS_IMPORT_DIRS)');
}

/** Reads a local file for the stdio server: only under an allowed directory, only a regular file. */
function readLocal(ctx: OpContext, path: string, limit: number): Buffer {
  const dirs = ctx.localDirs ?? [];
  if (!dirs.length) throw noLocalFiles();
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    throw invalidArg('path', `no readable file at '${path}'`);
  }
  const allowed = dirs.some((d) => {
    let root: string;
    try {
      root = realpathSync(d);
    } catch {
      return false;
    }
    return real === root || real.startsWith(root.endsWith(sep) ? root : root + sep);
  });
  if (!allowed) throw invalidArg('path', `'${path}' is outside the directories imports may read (${dirs.join(', ')})`, { allowed: [...dirs] });
  const st = statSync(real);
  if (!st.isFile()) throw invalidArg('path', `'${path}' is not a regular file`);
  if (st.size > limit) throw tooLarge(st.size, limit);
  return readFileSync(real);
}

export function importSource(ctx: OpContext, input: { file_name?: string; file_data?: string; path?: string }): ImportSource {
  const limit = ctx.services.config.limits.importBytes;
  if (input.file_data !== undefined && input.path !== undefined) throw invalidArg('path', 'give either file_data or path, not both');
  if (ctx.fileBytes && (input.file_data !== undefined || input.path !== undefined)) throw invalidArg(input.file_data !== undefined ? 'file_data' : 'path', 'the file came as the request body already; give file_name and the other fields in the query string only');
  if (ctx.fileBytes) {
    if (input.file_name === undefined) throw invalidArg('file_name', `is required in the query string with a raw-bytes body; its extension picks the format (${EXTENSIONS.join(', ')})`);
    if (ctx.fileBytes.length > limit) throw tooLarge(ctx.fileBytes.length, limit);
    return { format: formatOf(input.file_name, 'file_name'), fileName: input.file_name, bytes: ctx.fileBytes, maxUnzipped: ctx.services.config.limits.unzippedBytes };
  }
  if (input.file_data === undefined && input.path === undefined) throw invalidArg('file_data', 'is required (base64 file content), or send the file itself as the body with Content-Type: application/octet-stream');
  if (input.path !== undefined && !ctx.localDirs?.length) throw noLocalFiles();
  const fileName = input.file_name ?? (input.path !== undefined ? basename(input.path) : undefined);
  if (fileName === undefined) throw invalidArg('file_name', `is required; its extension picks the format (${EXTENSIONS.join(', ')})`);
  const format = formatOf(fileName, input.file_name !== undefined ? 'file_name' : 'path');
  const bytes = input.path !== undefined ? readLocal(ctx, input.path, limit) : decodeBase64(input.file_data!, limit);
  return { format, fileName, bytes, maxUnzipped: ctx.services.config.limits.unzippedBytes };
}
