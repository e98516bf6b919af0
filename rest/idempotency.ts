// Idempotency-Key on POST/PUT/PATCH/DELETE: a repeat within 24 h gets the first answer and does
// not apply twice. Keys are per token; concurrent repeats wait for the first to finish.
import { createHash } from 'node:crypto';
import { OpError } from '../core/errors.ts';
import type { IdempotentAnswer, Store } from '../core/store.ts';

const TTL_MS = 24 * 3600 * 1000;

export interface Answer {
  status: number;
  /** JSON text, or its UTF-8 bytes (rest/json-bytes.ts). */
  body: string | Buffer;
  contentType: string;
}

export class Idempotency {
  private readonly pending = new Map<string, Promise<Answer>>();

  constructor(private readonly store: Store) {}

  static fingerprint(method: string, url: string, body: unknown): string {
    const hash = createHash('sha256').update(`${method} ${url}\n`);
    // Raw bytes (an import sent as application/octet-stream) are hashed as they are.
    return (Buffer.isBuffer(body) ? hash.update(body) : hash.update(JSON.stringify(body ?? null))).digest('hex');
  }

  /** Runs `fn` once per (token, key); replays the stored answer for repeats. */
  async run(tokenId: string, key: string, fingerprint: string, now: Date, fn: () => Promise<Answer>): Promise<Answer & { replayed: boolean }> {
    if (key.length > 255) throw new OpError('invalid_argument', 'Idempotency-Key: must be at most 255 characters', { field: 'Idempotency-Key' });
    const slot = `${tokenId}:${key}`;
    const inFlight = this.pending.get(slot);
    if (inFlight) await inFlight.catch(() => undefined);
    const stored = await this.store.getIdempotent(tokenId, key, new Date(now.getTime() - TTL_MS));
    if (stored) return { ...replay(stored, fingerprint), replayed: true };
    const run = fn();
    this.pending.set(slot, run);
    try {
      const answer = await run;
      if (answer.status < 500 && answer.status !== 429) await this.store.putIdempotent(tokenId, key, { ...answer, body: answer.body.toString(), fingerprint, created: now });
      return { ...answer, replayed: false };
    } finally {
      this.pending.delete(slot);
    }
  }
}

function replay(stored: IdempotentAnswer, fingerprint: string): Answer {
  if (stored.fingerprint !== fingerprint) {
    throw new OpError('conflict', 'Idempotency-Key: this key was used for a different request in the last 24 h; use a new key per distinct request', { field: 'Idempotency-Key' });
  }
  return { status: stored.status, body: stored.body, contentType: stored.contentType };
}
