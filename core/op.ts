// The op definition: the one place an operation's name, route, schemas, hints and handler live.
// REST routes, MCP tools, batch actions and OpenAPI are generated from these (see registry.ts).
import type { z } from 'zod';
import type { OpContext } from './context.ts';
import { DryRun, ExpectedVersion } from './schemas.ts';
import type { ExportSummary } from './io/export-summary.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The area an op belongs to: its folder under core/ops/, checked by defineArea (core/area.ts). */
export type OpArea = string;

export interface OpHints {
  /** Reads only; safe to retry; allowed for viewers. */
  readOnly: boolean;
  /** Repeating the same call leaves the same state. */
  idempotent?: boolean;
  /**
   * MCP's destructiveHint: a write may overwrite or remove data unless this is false, which only
   * purely additive ops say (create, add, append, insert: nothing that exists changes).
   */
  destructive?: boolean;
  /**
   * MCP's openWorldHint: the op reaches systems outside this service (a database connection, or
   * code cells whose SQL runs on one; a batch may hold those). Default false: the service's own files.
   */
  openWorld?: boolean;
}

/** What an agent reads of the op beyond its summary (rendered by prompts/tool-texts.ts). */
export interface OpText {
  /** When to use this tool rather than a neighbour; omit when the summary says it. */
  use?: string;
  /** One argument object that the op's input schema accepts (a test checks it). */
  example: Record<string, unknown>;
  /** What comes back, briefly. */
  returns?: string;
}

export interface OpDef<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  /** snake_case verb_noun: the MCP tool name and the `op` of a batch action. */
  name: string;
  /** One sentence for humans and agents; longer texts live in prompts/. */
  summary: string;
  area: OpArea;
  http: { method: HttpMethod; path: string };
  input: I;
  output: O;
  hints: OpHints;
  /** The op's tool text, kept with the op (older ops keep theirs in prompts/tool-texts.ts). */
  text?: OpText;
  /** Binary responses (PDF, images) bypass JSON: the handler returns {contentType, body}. */
  binary?: boolean;
  /** Content types a binary op answers with, for OpenAPI; default application/octet-stream. */
  binaryTypes?: string[];
  /** The body carries file bytes (imports): REST and MCP over HTTP accept bodies up to the import limit. */
  fileBody?: boolean;
  /**
   * The op takes `dry_run: true` (report what would change, keep nothing). Default: every write
   * that can run in a batch (they all go through Workbooks.write, which discards a dry run).
   */
  dryRun?: boolean;
  /**
   * Set by defineOp when it added `dry_run`: runOp runs the op on a copy that Workbooks drops and
   * answers in the one dry-run shape. An op that declares `dry_run` itself handles it itself.
   */
  genericDryRun?: boolean;
  /**
   * The op can take long (imports, exports, waiting for code): MCP clients that support tasks may
   * run it as one (mcp/tasks.ts), polling for the result and cancelling it there.
   */
  runsLong?: boolean;
  /** Ops that act on one file and may run inside POST /files/{id}/batch. Default: true when the input has file_uuid. */
  batchable?: boolean;
  handler: (ctx: OpContext, input: z.output<I>) => Promise<z.input<O>> | z.input<O>;
}

export type AnyOp = OpDef<z.ZodObject, z.ZodType>;

/**
 * Defines an op. Every write on a file also accepts `expected_version` (optimistic concurrency);
 * Workbooks.write() honours it, so no handler has to.
 */
export function defineOp<I extends z.ZodObject, O extends z.ZodType>(def: OpDef<I, O>): OpDef<I, O> {
  const shape = def.input.shape as Record<string, unknown>;
  if (def.hints.readOnly || !('file_uuid' in shape)) return def;
  const extra: Record<string, z.ZodType> = {};
  if (!('expected_version' in shape)) extra.expected_version = ExpectedVersion;
  if ((def.dryRun ?? isBatchable(def)) && !('dry_run' in shape)) extra.dry_run = DryRun;
  return Object.keys(extra).length ? { ...def, input: def.input.extend(extra) as unknown as I, ...(extra.dry_run ? { genericDryRun: true } : {}) } : def;
}

export function isBatchable(op: AnyOp): boolean {
  return op.batchable ?? 'file_uuid' in op.input.shape;
}

/** Request body bytes that fit `importBytes` of file data as base64 inside JSON, plus room for the other fields. */
export function fileBodyLimit(importBytes: number): number {
  return Math.ceil(importBytes / 3) * 4 + 64 * 1024;
}

export interface BinaryResult {
  contentType: string;
  body: Buffer;
  fileName?: string;
  /** What the file carries (exports): REST sends it as the X-Sheets-Export-Summary header, MCP in the result's text. */
  summary?: ExportSummary;
  /**
   * Several files in one answer (export_files): `body` holds them as one zip for REST, and MCP
   * hands each part out on its own (a download link each over HTTP, inline or shelved over stdio).
   */
  parts?: BinaryResult[];
}
