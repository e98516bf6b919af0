// A reply's JSON as UTF-8 bytes, byte for byte Buffer.from(JSON.stringify(value)), written straight
// into a buffer. A 100k-cell read is 1.7 MB of grids: JSON.stringify spent most of its time on the
// typed grid's numbers (a shortest-digits search per double), and the text was then measured and
// encoded once more to be sent. Here a short decimal's digits come from integers
// (shortDecimalPlaces), plain ASCII text is copied as it is, and the bytes go out as they are. Text
// that needs escaping or is not ASCII, other numbers and boxed values are written by JSON.stringify.
import { decimalScale, shortDecimalPlaces } from '../core/numbers.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const MINUS = 0x2d;
const POINT = 0x2e;
const ZERO = 0x30;
const POW10 = Array.from({ length: 17 }, (_, k) => 10 ** k);
/** Buffers bigger than this are not kept for the next reply. */
const KEEP_BYTES = 4 << 20;

class JsonWriter {
  buf = Buffer.allocUnsafe(64 << 10);
  pos = 0;

  private grow(more: number): void {
    let size = this.buf.length * 2;
    while (size < this.pos + more) size *= 2;
    const next = Buffer.allocUnsafe(size);
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  private byte(c: number): void {
    if (this.pos >= this.buf.length) this.grow(1);
    this.buf[this.pos++] = c;
  }

  /** Text known to need no escaping and to be ASCII (literals, number texts). */
  private ascii(s: string): void {
    const n = s.length;
    if (this.pos + n > this.buf.length) this.grow(n);
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) buf[p++] = s.charCodeAt(i);
    this.pos = p;
  }

  /** JSON text made elsewhere (JSON.stringify), encoded as UTF-8. */
  private utf8(s: string): void {
    const most = s.length * 3;
    if (this.pos + most > this.buf.length) this.grow(most);
    this.pos += this.buf.write(s, this.pos, 'utf8');
  }

  string(s: string): void {
    const n = s.length;
    if (this.pos + n + 2 > this.buf.length) this.grow(n + 2);
    const buf = this.buf;
    let p = this.pos;
    buf[p++] = QUOTE;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      // Control characters, quotes and backslashes are escaped, other text is UTF-8, and lone
      // surrogates are escaped: JSON.stringify knows all of that.
      if (c < 0x20 || c === QUOTE || c === BACKSLASH || c > 0x7e) return this.utf8(JSON.stringify(s));
      buf[p++] = c;
    }
    buf[p++] = QUOTE;
    this.pos = p;
  }

  number(x: number): void {
    let n: number;
    let places: number;
    if (Number.isSafeInteger(x)) {
      n = x;
      places = 0;
    } else {
      places = shortDecimalPlaces(x);
      if (places === 0) return this.ascii(Number.isFinite(x) ? String(x) : 'null');
      n = Math.round(x * decimalScale(places));
    }
    // -0 is written 0, as JSON.stringify writes it.
    if (n < 0) {
      this.byte(MINUS);
      n = -n;
    }
    // The digits of n (under 2^53: at most 16) with a point before its last `places`, and a 0
    // before the point when n has no more digits than that.
    let len = 1;
    while (len < 16 && n >= POW10[len]!) len++;
    if (len <= places) len = places + 1;
    const size = places > 0 ? len + 1 : len;
    if (this.pos + size > this.buf.length) this.grow(size);
    const buf = this.buf;
    const start = this.pos;
    let p = start + size;
    this.pos = p;
    for (let i = 0; i < places; i++) {
      const q = Math.floor(n / 10);
      buf[--p] = ZERO + (n - q * 10);
      n = q;
    }
    if (places > 0) buf[--p] = POINT;
    while (p > start) {
      const q = Math.floor(n / 10);
      buf[--p] = ZERO + (n - q * 10);
      n = q;
    }
  }

  /** One value at `key` of its holder; false when JSON leaves it out (undefined, a function, a symbol). */
  value(v: unknown, key: string | number): boolean {
    if (typeof v === 'string') this.string(v);
    else if (typeof v === 'number') this.number(v);
    else if (typeof v === 'boolean') this.ascii(v ? 'true' : 'false');
    else if (v === null) this.ascii('null');
    else if (typeof v !== 'object') {
      // undefined, functions and symbols are left out; a BigInt throws there (unless given a toJSON).
      const text = typeof v === 'bigint' ? JSON.stringify(v) : undefined;
      if (text === undefined) return false;
      this.utf8(text);
    } else if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return this.value((v as { toJSON(key: string): unknown }).toJSON(String(key)), key);
    else if (Array.isArray(v)) this.array(v);
    else if (v instanceof Number || v instanceof String || v instanceof Boolean) this.utf8(JSON.stringify(v));
    else this.object(v as Record<string, unknown>);
    return true;
  }

  private array(items: readonly unknown[]): void {
    this.byte(0x5b);
    for (let i = 0; i < items.length; i++) {
      if (i > 0) this.byte(COMMA);
      const item = items[i];
      // Plain cells first: most of a grid.
      if (typeof item === 'string') this.string(item);
      else if (typeof item === 'number') this.number(item);
      else if (!this.value(item, i)) this.ascii('null');
    }
    this.byte(0x5d);
  }

  private object(o: Record<string, unknown>): void {
    this.byte(0x7b);
    let first = true;
    for (const k of Object.keys(o)) {
      const start = this.pos;
      if (!first) this.byte(COMMA);
      this.string(k);
      this.byte(COLON);
      if (this.value(o[k], k)) first = false;
      else this.pos = start;
    }
    this.byte(0x7d);
  }
}

let spare: JsonWriter | undefined;

/**
 * Buffer.from(JSON.stringify(value)) for a reply (an object or array), faster on big grids. A
 * value JSON.stringify would refuse (a cycle, a BigInt) throws as it does there.
 */
export function jsonBytes(value: object): Buffer {
  const w = spare ?? new JsonWriter();
  spare = undefined;
  try {
    w.pos = 0;
    try {
      w.value(value, '');
    } catch (err) {
      // A cycle runs out of stack here; JSON.stringify names it (or writes what is only deep).
      if (err instanceof RangeError) return Buffer.from(JSON.stringify(value));
      throw err;
    }
    return Buffer.from(w.buf.subarray(0, w.pos));
  } finally {
    if (w.buf.length <= KEEP_BYTES) spare = w;
  }
}
