// The task queue on Drizzle. Claims use
// FOR UPDATE SKIP LOCKED so concurrent workers never take the same row; `attempts` fences a
// worker whose lease lapsed and was taken over.
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { TaskLeaseLostError, type CommitOutbox, type TaskFinish, type TaskInsert, type TaskQueueStore, type TaskRecord } from '../core/store.ts';
import { tasks } from './schema.ts';
import { rowsOf, type Db, type Tx } from './db.ts';

const FINAL = ['done', 'error', 'cancelled'] as const;

export async function insertTasks(db: Db | Tx, rows: TaskInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(tasks).values(rows.map((t) => ({ ...t, status: 'queued' as const, attempts: 0, runAfter: t.created })));
}

/** The fenced finish, inside the commit's transaction; no row means the lease was lost. */
export async function finishInTx(db: Db | Tx, f: TaskFinish, version?: number): Promise<boolean> {
  const result = version === undefined ? (f.result ?? null) : { ...(f.result ?? {}), version };
  const rows = await db
    .update(tasks)
    .set({ status: f.status, finished: f.at, error: f.error ?? null, result, leaseUntil: null })
    .where(and(eq(tasks.id, f.id), eq(tasks.attempts, f.attempt), eq(tasks.workerId, f.workerId), eq(tasks.status, 'running')))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

/**
 * The fenced finishes of one commit (a group of code-cell results) in one statement; returns the
 * id of a task this worker no longer holds, if any (the caller rolls the commit back).
 */
async function finishAllInTx(tx: Tx, fs: TaskFinish[], version: number): Promise<string | undefined> {
  if (fs.length === 1) return (await finishInTx(tx, fs[0]!, version)) ? undefined : fs[0]!.id;
  // One JSON parameter: both drivers pass it alike (postgres.js cannot type an array holding nulls).
  const rows = fs.map((f) => ({ id: f.id, attempt: f.attempt, worker_id: f.workerId, status: f.status, error: f.error ?? null, result: { ...(f.result ?? {}), version }, at: f.at.toISOString() }));
  const res = await tx.execute(sql`
    update tasks t set status = f.status, finished = f.at, error = f.error, result = f.result, lease_until = null
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as f(id uuid, attempt int, worker_id text, status text, error text, result jsonb, at timestamptz)
    where t.id = f.id and t.attempts = f.attempt and t.worker_id = f.worker_id and t.status = 'running'
    returning t.id`);
  const held = new Set(rowsOf<{ id: string }>(res).map((r) => r.id));
  return fs.find((f) => !held.has(f.id))?.id;
}

/** Runs inside PgStore.commit once the file version is known. */
export async function applyOutbox(tx: Tx, outbox: CommitOutbox | undefined, version: number): Promise<void> {
  if (!outbox) return;
  if (outbox.finish?.length) {
    const lost = await finishAllInTx(tx, outbox.finish, version);
    if (lost) throw new TaskLeaseLostError(lost);
  }
  await insertTasks(tx, outbox.tasks ?? []);
}

export class PgTaskStore implements TaskQueueStore {
  constructor(readonly db: Db) {}

  async enqueueTasks(rows: TaskInsert[]): Promise<void> {
    await insertTasks(this.db, rows);
  }

  /** Read by every wait_task and get_task: built once and prepared. */
  private taskByIdQuery?: { execute(values: { id: string }): Promise<(typeof tasks.$inferSelect)[]> };

  async getTask(id: string): Promise<TaskRecord | null> {
    this.taskByIdQuery ??= this.db.select().from(tasks).where(eq(tasks.id, sql.placeholder('id'))).prepare('task_by_id') as unknown as { execute(values: { id: string }): Promise<(typeof tasks.$inferSelect)[]> };
    const [row] = await this.taskByIdQuery.execute({ id });
    return row ? toRecord(row) : null;
  }

  async finishedTasks(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.select({ id: tasks.id }).from(tasks).where(and(sql`${tasks.id} = any(${sql.param(ids)}::uuid[])`, inArray(tasks.status, [...FINAL])));
    return rows.map((r) => r.id);
  }

  async claimTasks(q: { workerId: string; limit: number; leaseMs: number; now: Date }): Promise<TaskRecord[]> {
    const lease = new Date(q.now.getTime() + q.leaseMs);
    const now = q.now.toISOString();
    const res = await this.db.execute(sql`
      update tasks t set status = 'running', worker_id = ${q.workerId}, attempts = t.attempts + 1,
        lease_until = ${lease.toISOString()}::timestamptz, started = coalesce(t.started, ${now}::timestamptz)
      from (
        select id from tasks
        where (status = 'queued' and run_after <= ${now}::timestamptz)
           or (status = 'running' and lease_until < ${now}::timestamptz)
        order by created
        limit ${q.limit}
        for update skip locked
      ) c
      where t.id = c.id
      returning t.id, t.kind, t.space_id, t.file_id, t.user_id, t.token_id, t.payload, t.status, t.attempts, t.max_attempts,
        t.worker_id, t.lease_until, t.run_after, t.created, t.started, t.finished, t.error, t.result`);
    const rows = (Array.isArray(res) ? res : (res as { rows: RawTask[] }).rows) as RawTask[];
    return rows.map(fromRaw).sort((a, b) => a.created.getTime() - b.created.getTime());
  }

  async renewLease(q: { id: string; workerId: string; attempt: number; until: Date }): Promise<boolean> {
    const rows = await this.db
      .update(tasks)
      .set({ leaseUntil: q.until })
      .where(and(eq(tasks.id, q.id), eq(tasks.workerId, q.workerId), eq(tasks.attempts, q.attempt), eq(tasks.status, 'running')))
      .returning({ id: tasks.id });
    return rows.length > 0;
  }

  async finishTask(f: TaskFinish): Promise<boolean> {
    return finishInTx(this.db, f);
  }

  async releaseTask(q: { id: string; workerId: string; attempt: number }): Promise<boolean> {
    const rows = await this.db
      .update(tasks)
      .set({ status: 'queued', workerId: null, leaseUntil: null, attempts: sql`${tasks.attempts} - 1` })
      .where(and(eq(tasks.id, q.id), eq(tasks.workerId, q.workerId), eq(tasks.attempts, q.attempt), eq(tasks.status, 'running')))
      .returning({ id: tasks.id });
    return rows.length > 0;
  }

  async pruneTasks(before: Date): Promise<number> {
    const rows = await this.db
      .delete(tasks)
      .where(and(inArray(tasks.status, [...FINAL]), isNotNull(tasks.finished), lt(tasks.finished, before)))
      .returning({ id: tasks.id });
    return rows.length;
  }
}

/** A row of the raw claim statement (snake_case, timestamps maybe as text). */
type RawTask = Record<string, unknown>;

const asDate = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

function fromRaw(r: RawTask): TaskRecord {
  return toRecord({
    id: r.id as string,
    kind: r.kind as string,
    spaceId: r.space_id as string,
    fileId: r.file_id as string,
    userId: r.user_id as string,
    tokenId: r.token_id as string,
    payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
    status: r.status as TaskRecord['status'],
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    workerId: (r.worker_id as string) ?? null,
    leaseUntil: asDate(r.lease_until),
    runAfter: asDate(r.run_after)!,
    created: asDate(r.created)!,
    started: asDate(r.started),
    finished: asDate(r.finished),
    error: (r.error as string) ?? null,
    result: typeof r.result === 'string' ? JSON.parse(r.result) : (r.result ?? null),
  });
}

function toRecord(row: typeof tasks.$inferSelect): TaskRecord {
  return {
    id: row.id,
    kind: row.kind as 'code_cell',
    spaceId: row.spaceId,
    fileId: row.fileId!,
    userId: row.userId!,
    tokenId: row.tokenId!,
    payload: row.payload,
    maxAttempts: row.maxAttempts,
    created: row.created,
    status: row.status,
    attempts: row.attempts,
    workerId: row.workerId,
    leaseUntil: row.leaseUntil,
    started: row.started,
    finished: row.finished,
    error: row.error,
    result: row.result,
  };
}
