// What core needs from storage. db/ implements it on PGlite and PostgreSQL; core never sees SQL.
import type { SheetMeta } from './workbook/sheet-meta.ts';

export type Role = 'owner' | 'editor' | 'viewer';

export interface TokenInfo {
  tokenId: string;
  userId: string;
  userName: string;
  spaceId: string;
  spaceName: string;
  role: Role;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

export interface TokenListing {
  tokenId: string;
  user: { uuid: string; name: string };
  role: Role;
  created: Date;
  lastUsed: Date | null;
  expiresAt: Date | null;
  revoked: boolean;
}

export interface FileRecord {
  id: string;
  spaceId: string;
  creatorId: string;
  name: string;
  private: boolean;
  version: number;
  created: Date;
  modified: Date;
}

/** Occupied offsets inside one tile; lets used ranges be computed without tile data. */
export interface TileBounds {
  tr: number;
  tc: number;
  r0: number;
  r1: number;
  c0: number;
  c1: number;
}

export interface TileRecord extends TileBounds {
  data: string;
}

export interface SheetRecord {
  id: string;
  name: string;
  position: number;
  meta: SheetMeta;
}

export interface WorkbookRecord {
  file: FileRecord;
  styles: unknown[];
  sheets: (SheetRecord & { tiles: TileBounds[] })[];
}

export interface LogEntry {
  op: string;
  args: unknown;
  userId: string | null;
  tokenId: string | null;
}

/** Everything one committed write changes, applied in one transaction guarded by baseVersion. */
export interface CommitSet {
  fileId: string;
  baseVersion: number;
  at: Date;
  name?: string;
  styles?: unknown[];
  sheetsUpsert: SheetRecord[];
  sheetsDelete: string[];
  tilesUpsert: (TileRecord & { sheetId: string })[];
  tilesDelete: { sheetId: string; tr: number; tc: number }[];
  log: LogEntry;
  /** Tasks queued and finished by this write, in the same transaction (code cells). */
  outbox?: CommitOutbox;
  /** false: record no before-images for this version (SHEETS_HISTORY_VERSIONS=0); it cannot be restored past. */
  history?: false;
  /** What another process needs to follow this write without reloading the file; absent: it reloads. */
  delta?: CommitDelta;
}

/**
 * The parts of a file one version changed, for a version that added, removed, renamed, moved or
 * restructured no sheet: the tiles written or deleted per sheet id, the sheets whose record
 * changed, and whether the style table grew.
 */
export interface CommitDelta {
  tiles: Record<string, [tr: number, tc: number][]>;
  sheets: string[];
  styles?: true;
}

export interface CommitOptions {
  /**
   * Takes the wait for other processes to drop what they cached of the file (PostgreSQL), so the
   * caller can let the next write of the file begin first; without it, commit waits itself.
   */
  detach?: (settled: Promise<void>) => void;
}

/** A file as it is now, given as what changed since an older version (FileStore.changesSince). */
export interface FileChanges {
  file: FileRecord;
  /** The style table when a version in between changed it. */
  styles?: unknown[];
  /** The records of the sheets whose record changed. */
  sheets: SheetRecord[];
  /** Every tile a version in between wrote or deleted, as stored now (null: deleted). */
  tiles: { sheetId: string; tr: number; tc: number; tile: TileRecord | null }[];
}

export class VersionConflictError extends Error {
  constructor(readonly fileId: string) {
    super(`file ${fileId} moved on during the write`);
  }
}

export interface HistoryEntry {
  version: number;
  op: string;
  args: unknown;
  userId: string | null;
  userName: string | null;
  at: Date;
}

export interface IdempotentAnswer {
  fingerprint: string;
  status: number;
  body: string;
  contentType: string;
  created: Date;
}

// ---- tasks and connections (code cells) ----------------------------------------------------

export type TaskStatus = 'queued' | 'running' | 'done' | 'error' | 'cancelled';

export interface TaskInsert {
  id: string;
  kind: 'code_cell';
  spaceId: string;
  fileId: string;
  /** The caller the task acts for; its rights are checked again when it runs. */
  userId: string;
  tokenId: string;
  payload: unknown;
  maxAttempts: number;
  created: Date;
}

export interface TaskRecord extends TaskInsert {
  status: TaskStatus;
  attempts: number;
  workerId: string | null;
  leaseUntil: Date | null;
  started: Date | null;
  finished: Date | null;
  error: string | null;
  result: unknown;
}

/** Ends a task, fenced: only the worker holding attempt `attempt` may finish it. */
export interface TaskFinish {
  id: string;
  attempt: number;
  workerId: string;
  status: 'done' | 'error' | 'cancelled';
  error?: string;
  result?: Record<string, unknown>;
  at: Date;
  /** The task as the worker claimed it, when known: the finished record is then announced to waiters without reading it back. */
  claimed?: TaskRecord;
}

export interface CommitOutbox {
  tasks?: TaskInsert[];
  /** The write is the result of these tasks: it commits only while the worker still holds every one (fenced finish each). */
  finish?: TaskFinish[];
}

/** The fenced finish of a commit found the lease taken over by another worker: nothing was written. */
export class TaskLeaseLostError extends Error {
  constructor(readonly taskId: string) {
    super(`task ${taskId} is no longer held by this worker`);
  }
}

export interface ConnectionRecord {
  id: string;
  spaceId: string;
  name: string;
  type: 'postgres' | 'mysql';
  secret: string;
  keyId: string;
  created: Date;
  schemaCache: unknown;
  schemaCachedAt: Date | null;
}

/** Spaces, users and API tokens. */
export interface AuthStore {
  countSpaces(): Promise<number>;
  createSpace(name: string, at: Date): Promise<{ id: string; name: string }>;
  getSpace(id: string): Promise<{ id: string; name: string } | null>;
  /** The oldest space (the one bootstrap made). */
  firstSpaceId(): Promise<string>;
  /** Creates the user (by name, within the space) when absent; raises the membership to `role` if lower. */
  createToken(input: { spaceId: string; userName: string; role: Role; hash: string; expiresAt: Date | null; at: Date }): Promise<{ tokenId: string; userId: string; userName: string }>;
  tokenByHash(hash: string): Promise<TokenInfo | null>;
  /** Resolves a token by id (a worker acting for the caller who queued a task). */
  tokenById(tokenId: string): Promise<TokenInfo | null>;
  touchToken(tokenId: string, at: Date): Promise<void>;
  listTokens(spaceId: string): Promise<TokenListing[]>;
  /** Revokes by id (within the space when given); returns false if there was none. */
  revokeToken(tokenId: string, at: Date, spaceId?: string): Promise<boolean>;
  revokeTokenByHash(hash: string, at: Date): Promise<boolean>;
}

/** Files, their sheets and tiles, the operations log. */
export interface FileStore {
  listFiles(q: { spaceId: string; userId: string; limit: number; offset: number }): Promise<FileRecord[]>;
  /**
   * A new file at version 1, logged as create_file; with `shell`, at version 0 with nothing logged:
   * the caller's first commit (an import filling the file it made) is then its version 1.
   */
  createFile(input: { spaceId: string; creatorId: string; name: string; private: boolean; at: Date; sheets: SheetRecord[]; shell?: boolean }): Promise<FileRecord>;
  getFile(id: string): Promise<FileRecord | null>;
  /** Removes a file and everything in it (an import that failed right after creating its file). */
  deleteFile(id: string): Promise<void>;
  loadWorkbook(fileId: string): Promise<WorkbookRecord | null>;
  loadTiles(sheetId: string, keys: { tr: number; tc: number }[]): Promise<TileRecord[]>;
  /**
   * What changed in a file since `version`, read as one snapshot; null when a version in between
   * recorded no delta (it changed sheets themselves) or when the file is gone.
   */
  changesSince(fileId: string, version: number): Promise<FileChanges | null>;
  /** Applies the set in one transaction; throws VersionConflictError when the file moved past baseVersion. */
  commit(set: CommitSet, opts?: CommitOptions): Promise<number>;
  history(fileId: string, q: { limit: number; offset: number }): Promise<HistoryEntry[]>;
  /**
   * Copies a file as one consistent snapshot — sheets with their meta, styles and every tile — into
   * a new file at version 1 (its log starts with a copy_file entry naming the source and version).
   * Harness support (agents area): resetting an evaluation episode.
   */
  copyFile(input: { sourceId: string; spaceId: string; creatorId: string; name: string; private: boolean; at: Date }): Promise<{ file: FileRecord; sourceVersion: number; sheets: string[] }>;
}

/** A deleted file, restorable until purged. */
export interface DeletedFile extends FileRecord {
  deletedAt: Date;
}

/**
 * What differs between a file now and at an earlier version (docs/storage.md, Versions): for every
 * part a later version changed, the part as it was then (null: it did not exist then).
 */
export interface StateAt {
  /** The file's version now: the overlay applies to this state. */
  current: number;
  styles?: unknown[];
  sheets: { id: string; record: SheetRecord | null }[];
  tiles: { sheetId: string; tr: number; tc: number; tile: TileRecord | null }[];
}

export interface CheckpointRecord {
  name: string;
  version: number;
  userId: string | null;
  userName: string | null;
  at: Date;
}

/** Deleted files (the trash), before-images of versions and named checkpoints. */
export interface HistoryStore {
  /** Hides a file (it 404s) until restored or purged. */
  trashFile(id: string, at: Date): Promise<void>;
  /** The deleted file of this id, or null. */
  getDeletedFile(id: string): Promise<DeletedFile | null>;
  restoreFile(id: string): Promise<void>;
  listDeletedFiles(q: { spaceId: string; userId: string; limit: number; offset: number }): Promise<DeletedFile[]>;
  /** Removes files deleted before `before`, and before-images older than `keepVersions` versions no checkpoint needs. */
  purge(q: { deletedBefore: Date; keepVersions: number }): Promise<{ files: number; history: number }>;
  /** The file at `version` as an overlay on its current state; null when a version since then kept no before-image. */
  stateAt(fileId: string, version: number): Promise<StateAt | null>;
  setCheckpoint(c: { fileId: string; name: string; version: number; userId: string; at: Date }): Promise<boolean>;
  listCheckpoints(fileId: string): Promise<CheckpointRecord[]>;
  getCheckpoint(fileId: string, name: string): Promise<CheckpointRecord | null>;
}

/** Answers kept for Idempotency-Key replays. */
export interface IdempotencyStore {
  getIdempotent(tokenId: string, key: string, notBefore: Date): Promise<IdempotentAnswer | null>;
  putIdempotent(tokenId: string, key: string, answer: IdempotentAnswer): Promise<void>;
}

/** Code-cell tasks: a queue claimed with FOR UPDATE SKIP LOCKED, held by renewable leases. */
export interface TaskQueueStore {
  enqueueTasks(tasks: TaskInsert[]): Promise<void>;
  getTask(id: string): Promise<TaskRecord | null>;
  /** Of these tasks, the ids of those that have finished (done, error or cancelled): one query for many waiters. */
  finishedTasks(ids: string[]): Promise<string[]>;
  /** Claims up to `limit` tasks that are queued, or running with a lapsed lease; each claim raises `attempts`. */
  claimTasks(q: { workerId: string; limit: number; leaseMs: number; now: Date }): Promise<TaskRecord[]>;
  renewLease(q: { id: string; workerId: string; attempt: number; until: Date }): Promise<boolean>;
  /** Fenced finish outside a commit; false when the worker no longer holds the task. */
  finishTask(f: TaskFinish): Promise<boolean>;
  /** A stopping worker hands its task back to the queue (the attempt is not counted). */
  releaseTask(q: { id: string; workerId: string; attempt: number }): Promise<boolean>;
  /** Drops finished tasks older than `before`; returns how many. */
  pruneTasks(before: Date): Promise<number>;
}

/** Database connections of SQL cells. */
export interface ConnectionStore {
  listConnections(spaceId: string): Promise<ConnectionRecord[]>;
  getConnection(id: string): Promise<ConnectionRecord | null>;
  addConnection(c: Omit<ConnectionRecord, 'schemaCache' | 'schemaCachedAt'> & { createdBy: string | null }): Promise<void>;
  deleteConnection(id: string, spaceId: string): Promise<boolean>;
  setConnectionSchema(id: string, schema: unknown, at: Date): Promise<void>;
}

/**
 * A store opened on first use: every call waits for it, so a server can answer what needs no
 * storage (the MCP handshake) before the store opens.
 */
export function openingStore(kind: Store['kind'], open: () => Promise<Store>): Store {
  return new Proxy({} as Store, {
    get(_target, prop) {
      if (prop === 'kind') return kind;
      if (prop === 'then') return undefined; // not a thenable itself
      return (...args: unknown[]) => open().then((s) => (s[prop as keyof Store] as (...a: unknown[]) => unknown)(...args));
    },
  });
}

/** All of storage, one small store per concern (db/store-*.ts implement them). */
export interface Store extends AuthStore, FileStore, HistoryStore, IdempotencyStore, TaskQueueStore, ConnectionStore {
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Resolves when the store answers and every migration is applied. */
  ping(): Promise<void>;
}
