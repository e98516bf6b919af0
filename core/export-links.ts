// Signed, short-lived download links for files an op produced (PDF, xlsx, CSV exports, chart
// images): a big export is no base64 blob in an MCP result but a URL that any HTTP client can
// fetch for 15 minutes, like a presigned object-store link. The bytes stay in this process's
// memory (bounded by count and size); the link names an unguessable id and carries an HMAC of it
// and its expiry, so it cannot be forged or extended.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

const KEEP_MS = 15 * 60_000;
const MAX_ITEMS = 50;
const MAX_BYTES = 256 * 1024 * 1024;

export interface ExportItem {
  name: string;
  mimeType: string;
  body: Buffer;
}

export class ExportLinks {
  private readonly items = new Map<string, ExportItem & { until: number }>();
  private readonly secret: Buffer;

  constructor(
    secret: string | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.secret = secret ? Buffer.from(`export-links:${secret}`) : randomBytes(32);
  }

  /** Keeps the bytes and returns the path (with query) that serves them until it expires. */
  put(item: ExportItem): { path: string; expires: Date } {
    this.prune(item.body.length);
    const id = randomUUID();
    const until = this.now() + KEEP_MS;
    this.items.set(id, { ...item, until });
    return { path: `/v1/exports/${id}/${encodeURIComponent(item.name)}?expires=${until}&sig=${this.sign(id, until)}`, expires: new Date(until) };
  }

  /** The item behind a link, or undefined when the signature is wrong or the link expired. */
  get(id: string, expires: string, sig: string): ExportItem | undefined {
    const until = Number(expires);
    if (!Number.isSafeInteger(until) || until < this.now()) return undefined;
    const want = Buffer.from(this.sign(id, until));
    const got = Buffer.from(sig);
    if (got.length !== want.length || !timingSafeEqual(got, want)) return undefined;
    const item = this.items.get(id);
    return item && item.until >= this.now() ? item : undefined;
  }

  private sign(id: string, until: number): string {
    return createHmac('sha256', this.secret).update(`${id}:${until}`).digest('base64url');
  }

  private prune(incoming: number): void {
    const now = this.now();
    for (const [id, item] of this.items) if (item.until < now) this.items.delete(id);
    let bytes = incoming + [...this.items.values()].reduce((n, i) => n + i.body.length, 0);
    for (const [id, item] of this.items) {
      if (this.items.size < MAX_ITEMS && bytes <= MAX_BYTES) break;
      this.items.delete(id);
      bytes -= item.body.length;
    }
  }
}
