// Keeps the token and file-record caches of every server process on one PostgreSQL correct. A change
// runs pg_notify in its own transaction, so its message exists exactly when it commits; each process
// LISTENs on a connection of its own, drops what others changed and acknowledges it.
//
// Why a change waits for acknowledgements, not only for its own message to come back: PostgreSQL
// queues a message at commit and signals every listening backend, but each backend sends it to its
// client when it gets to it, and each process reads its sockets in whatever order its event loop
// sees them. Our own copy arriving proves the message is queued, not that process B has applied
// it, and a request may reach B first. What does hold: messages are delivered in commit order, to
// every session whose LISTEN committed before them. So:
// - Lease: a process uses its caches only within LEASE_MS of sending a ping (a message to itself)
//   that has come back. Its copy of a change committed before that ping arrived before the ping.
// - Acknowledgement: a process that applies another's change says so on the channel.
// - A change returns once its own copy is back and every process heard from within the lease (and,
//   for a listener younger than that, every listener connection PostgreSQL lists) has acknowledged
//   it, or at the latest LEASE_MS + MARGIN_MS after its commit: a process that has not applied it
//   by then last renewed its lease with a ping sent before the commit, so it no longer caches.
//   One we have not heard from within the lease before our copy came back has no ping committed
//   in that time either (we read the queue in commit order), so its lease has run out too.
// Left open: a process cut off from PostgreSQL whose listener the server has already dropped,
// within LEASE_MS of its last ping, is invisible to a listener that connected after that.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type postgres from 'postgres';
import type { CacheKey, CacheSync } from './cache-sync.ts';
import type { Db, Tx } from './db.ts';

const CHANNEL = 'sheets_cache';
/** Listener connections carry `sheets-cache <id>` as application_name. */
const APP = 'sheets-cache';
const PING_MS = 250;
const LEASE_MS = 1000;
/** Covers timer slack and the rates of clocks in different processes. */
const MARGIN_MS = 100;
/** PostgreSQL refuses payloads of 8,000 bytes and more. */
const MAX_PAYLOAD = 7900;

type Connect = (url: string, options: postgres.Options<Record<string, postgres.PostgresType>>) => postgres.Sql;

/** A committed change waiting for its own copy (`live`: whom it heard from then) and acknowledgements. */
class Waiter {
  live?: Set<string>;
  readonly acked = new Set<string>();
  poke: () => void = () => undefined;

  ack(peer: string): void {
    this.acked.add(peer);
    this.poke();
  }
}

export class PgCacheSync implements CacheSync {
  readonly id = randomBytes(6).toString('hex');
  private readonly listener: postgres.Sql;
  private readonly drops: ((key: CacheKey) => void)[] = [];
  private readonly waiters = new Map<number, Waiter>();
  /** Other processes, by when we last heard from them. */
  private readonly heard = new Map<string, number>();
  private readonly pings = new Map<number, number>();
  private readonly acks = new Map<string, string[]>();
  private readonly pinger: NodeJS.Timeout;
  private connected = false;
  private connectedAt = 0;
  /** Counts connection losses: a LISTEN that completed across one proves nothing. */
  private epoch = 0;
  private leaseFrom = -Infinity;
  private seq = 0;
  private pingSeq = 0;
  private listening = false;
  private closing = false;
  private ackQueued = false;
  /** Resolves once the caches are usable, the first LISTEN failed (it keeps retrying) or 2 s passed. */
  readonly started: Promise<void>;
  private ready!: () => void;

  constructor(connect: Connect, url: string) {
    this.listener = connect(url, {
      max: 1,
      idle_timeout: 0,
      max_lifetime: null,
      fetch_types: false,
      onnotice: () => undefined,
      onclose: () => this.lost(),
      connection: { application_name: `${APP} ${this.id}` },
      // Not in postgres.js's types, but what its own listen() uses: called for every message.
      ...{ onnotify: (_channel: string, payload: string) => this.received(payload) },
    });
    // Opening the store waits for it, but never long: until then nothing is cached.
    this.started = new Promise((resolve) => (this.ready = resolve));
    setTimeout(() => this.ready(), 2000).unref();
    this.pinger = setInterval(() => this.ping(), PING_MS).unref();
    void this.listen();
  }

  get usable(): boolean {
    return this.connected && performance.now() - this.leaseFrom < LEASE_MS;
  }

  onDrop(fn: (key: CacheKey) => void): void {
    this.drops.push(fn);
  }

  async transaction<T>(db: Db, fn: (tx: Tx, announce: (keys: CacheKey[]) => void) => Promise<T>): Promise<{ result: T; settled: Promise<void> }> {
    const seq = ++this.seq;
    const keys: CacheKey[] = [];
    try {
      const result = await db.transaction(async (tx) => {
        const r = await fn(tx, (k) => keys.push(...k));
        if (keys.length === 0) return r;
        this.waiters.set(seq, new Waiter());
        let payload = `c ${this.id} ${seq} ${keys.join(' ')}`;
        if (payload.length > MAX_PAYLOAD) payload = `c ${this.id} ${seq} *`;
        await tx.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
        return r;
      });
      return { result, settled: keys.length ? this.settle(seq) : Promise.resolve() };
    } catch (err) {
      this.waiters.delete(seq);
      throw err;
    }
  }

  async close(): Promise<void> {
    if (this.closing) return;
    const said = this.connected;
    this.closing = true;
    this.connected = false;
    clearInterval(this.pinger);
    this.drop('*');
    // Others stop waiting for our acknowledgements at once.
    if (said) await Promise.race([this.listener`select pg_notify(${CHANNEL}, ${`b ${this.id}`})`.catch(() => undefined), sleep(500)]);
    await this.listener.end({ timeout: 1 });
  }

  private async settle(seq: number): Promise<void> {
    const w = this.waiters.get(seq)!;
    const committed = performance.now();
    const young = !this.connected || committed - this.connectedAt < LEASE_MS + MARGIN_MS;
    const listed = young ? this.listeners().catch(() => null) : Promise.resolve([]);
    let cap: NodeJS.Timeout | undefined;
    const fast = (async () => {
      await until(w, () => w.live !== undefined);
      const others = await listed;
      if (others === null) return new Promise<void>(() => undefined);
      const need = new Set([...w.live!, ...others]);
      need.delete(this.id);
      await until(w, () => [...need].every((p) => w.acked.has(p)));
    })();
    try {
      await Promise.race([fast, new Promise<void>((resolve) => (cap = setTimeout(resolve, LEASE_MS + MARGIN_MS)))]);
    } finally {
      clearTimeout(cap);
      this.waiters.delete(seq);
    }
  }

  private async listeners(): Promise<string[]> {
    const rows = await this.listener<{ name: string }[]>`select application_name as name from pg_stat_activity where datname = current_database() and application_name like ${`${APP} %`}`;
    return rows.map((r) => r.name.slice(APP.length + 1));
  }

  /** LISTENs until it works; on success nothing cached before can be trusted (messages were missed). */
  private async listen(): Promise<void> {
    if (this.listening) return;
    this.listening = true;
    try {
      for (let pause = 100; !this.closing; pause = Math.min(pause * 2, 5000)) {
        const epoch = this.epoch;
        try {
          await this.listener.unsafe(`listen ${CHANNEL}`);
        } catch {
          this.ready();
          await sleep(pause);
          continue;
        }
        if (epoch !== this.epoch || this.closing) continue;
        this.connected = true;
        this.connectedAt = performance.now();
        this.drop('*');
        this.ping();
        return;
      }
    } finally {
      this.listening = false;
    }
  }

  private lost(): void {
    this.epoch++;
    this.connected = false;
    this.leaseFrom = -Infinity;
    this.pings.clear();
    this.heard.clear();
    this.drop('*');
    if (!this.closing) void this.listen();
  }

  private drop(key: CacheKey): void {
    for (const fn of this.drops) fn(key);
  }

  private ping(): void {
    if (!this.connected || this.closing) return;
    this.peers();
    const n = ++this.pingSeq;
    this.pings.set(n, performance.now());
    if (this.pings.size > 64) this.pings.delete(this.pings.keys().next().value!);
    this.send(`p ${this.id} ${n}`);
  }

  private send(payload: string): void {
    this.listener`select pg_notify(${CHANNEL}, ${payload})`.catch(() => undefined);
  }

  /** One message: `c <from> <seq> <keys…>`, `a <from> <origin> <seqs…>`, `p <from> <n>` or `b <from>`. */
  private received(payload: string): void {
    const [kind, from, ...rest] = payload.split(' ');
    if (from && from !== this.id) this.heard.set(from, performance.now());
    if (kind === 'c' && from === this.id) return this.echoed(Number(rest[0]));
    if (kind === 'c' && from) {
      for (const key of rest.slice(1)) this.drop(key as CacheKey);
      return this.acknowledge(from, rest[0]!);
    }
    if (kind === 'a' && from) {
      if (rest[0] === this.id) for (const seq of rest.slice(1)) this.waiters.get(Number(seq))?.ack(from);
      return;
    }
    if (kind === 'p') {
      if (from === this.id) this.renewed(Number(rest[0]));
      return;
    }
    if (kind === 'b' && from) {
      // It stopped caching before it said so.
      this.heard.delete(from);
      for (const w of this.waiters.values()) w.ack(from);
      return;
    }
    // Anything else (an operator's `select pg_notify('sheets_cache', '*')`): drop everything.
    this.drop('*');
  }

  /** Our own change is back: whoever we heard from within a lease until now must acknowledge it. */
  private echoed(seq: number): void {
    const w = this.waiters.get(seq);
    if (!w || w.live) return;
    w.live = new Set(this.peers());
    w.poke();
  }

  /** Processes heard from within a lease; the others are forgotten. */
  private peers(): string[] {
    const now = performance.now();
    for (const [peer, at] of this.heard) if (now - at > LEASE_MS + MARGIN_MS) this.heard.delete(peer);
    return [...this.heard.keys()];
  }

  private renewed(n: number): void {
    const sent = this.pings.get(n);
    if (sent === undefined) return;
    for (const k of this.pings.keys()) if (k <= n) this.pings.delete(k);
    this.leaseFrom = Math.max(this.leaseFrom, sent);
    this.ready();
  }

  /** Acknowledgements go out once per turn of the event loop, however many changes came in. */
  private acknowledge(origin: string, seq: string): void {
    const seqs = this.acks.get(origin) ?? [];
    this.acks.set(origin, [...seqs, seq]);
    if (this.ackQueued) return;
    this.ackQueued = true;
    setImmediate(() => {
      this.ackQueued = false;
      for (const [o, list] of this.acks) for (let i = 0; i < list.length; i += 500) this.send(`a ${this.id} ${o} ${list.slice(i, i + 500).join(' ')}`);
      this.acks.clear();
    });
  }
}

/** Resolves once cond() holds, checked again on every w.poke(). */
function until(w: Waiter, cond: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    w.poke = () => {
      if (cond()) resolve();
    };
    w.poke();
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
