// What every op handler receives: who calls, the services, and (inside a batch) the open session.
import type { Effects } from './workbook/effects.ts';
import type { ChangeSet } from './files/diff.ts';
import type { CodeCapabilities } from './code/capabilities.ts';
import type { Config } from './config.ts';
import type { AnyOp } from './op.ts';
import type { Role, Store } from './store.ts';
import type { Workbook } from './workbook/workbook.ts';
import type { Workbooks } from './workbook/access.ts';

export interface Caller {
  tokenId: string;
  userId: string;
  userName: string;
  spaceId: string;
  spaceName: string;
  role: Role;
}

export interface Clock {
  now(): Date;
}

/** A fixed clock (SHEETS_NOW) advances by one millisecond per reading, so timestamps stay ordered. */
export function makeClock(fixed?: Date): Clock {
  if (!fixed) return { now: () => new Date() };
  let t = fixed.getTime();
  return { now: () => new Date(t++) };
}

export interface Services {
  store: Store;
  workbooks: Workbooks;
  clock: Clock;
  config: Config;
  /** Which code-cell languages can run on this machine (probed once, on first use). */
  capabilities: CodeCapabilities;
  /** The op of a name in the registry the doors serve (run_batch runs actions by name). */
  findOp(name: string): AnyOp | undefined;
}

export interface OpContext {
  caller: Caller;
  services: Services;
  /** The op being run, for the operations log. */
  op: { name: string; args: unknown };
  /** Inside POST /files/{id}/batch: every action works on this one uncommitted workbook. */
  session?: { fileId: string; wb: Workbook };
  signal?: AbortSignal;
  /** An import's file as raw bytes (REST body sent as application/octet-stream), instead of base64 file_data. */
  fileBytes?: Buffer;
  /** Directories whose files this door may read for an import's `path` (only the stdio MCP server sets it). */
  localDirs?: readonly string[];
  /** Reports progress of long operations (MCP progress notifications). */
  progress?: (done: number, total?: number, message?: string) => void;
  /** The origin the client reached this server at (links it hands out: get_view_link), when the door knows it. */
  origin?: string;
  /**
   * A dry run (`dry_run: true`): the write runs on a copy that is discarded, and `report` says what
   * it would have changed; `full` (`dry_run: "full"`): every listed cell with its format, not a few examples.
   */
  dryRun?: { report?: ChangeSet; full?: boolean };
  /** Receives what a committed write changed beyond its own cells; runOp adds it to the reply. */
  reportEffects?: (effects: Effects) => void;
}

export const ROLE_RANK: Record<Role, number> = { viewer: 0, editor: 1, owner: 2 };
