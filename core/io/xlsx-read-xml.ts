// Small pieces for reading a worksheet's XML by hand (xlsx-read-cells.ts): a tag's attributes
// without a string per attribute, text with XML's entities and line ends decoded, numbers read
// without a string, inline strings, and markup that holds nothing to read.

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** The attributes of one open tag, as spans into the XML; read() again for the next tag. */
export class Attrs {
  /** Where the tag's '>' is. */
  end = 0;
  selfClosing = false;
  private count = 0;
  private readonly spans = new Int32Array(4 * 32);

  /** Reads the tag whose name starts at `p` (just past '<'); returns where its name ends. */
  read(xml: string, p: number): number {
    const len = xml.length;
    let i = p;
    while (i < len) {
      const c = xml.charCodeAt(i);
      if (c === 62 || c === 47 || isSpace(c)) break;
      i++;
    }
    const nameEnd = i;
    this.count = 0;
    while (i < len) {
      let c = xml.charCodeAt(i);
      if (c === 62) {
        this.end = i;
        this.selfClosing = xml.charCodeAt(i - 1) === 47;
        return nameEnd;
      }
      if (c === 47 || isSpace(c)) {
        i++;
        continue;
      }
      const ns = i;
      while (i < len && (c = xml.charCodeAt(i)) !== 61 && c !== 62 && c !== 47 && !isSpace(c)) i++;
      const ne = i;
      while (i < len && isSpace(xml.charCodeAt(i))) i++;
      if (xml.charCodeAt(i) !== 61) continue;
      i++;
      while (i < len && isSpace(xml.charCodeAt(i))) i++;
      const quote = xml.charCodeAt(i);
      if (quote !== 34 && quote !== 39) continue;
      const ve = xml.indexOf(quote === 34 ? '"' : "'", i + 1);
      if (ve < 0) break;
      if (this.count < 32) {
        const k = 4 * this.count++;
        this.spans[k] = ns;
        this.spans[k + 1] = ne;
        this.spans[k + 2] = i + 1;
        this.spans[k + 3] = ve;
      }
      i = ve + 1;
    }
    this.end = len;
    this.selfClosing = false;
    return nameEnd;
  }

  /** The span index of an attribute (by its full name), or -1. */
  private find(xml: string, name: string): number {
    for (let k = 0; k < 4 * this.count; k += 4) {
      if (this.spans[k + 1]! - this.spans[k]! === name.length && xml.startsWith(name, this.spans[k]!)) return k;
    }
    return -1;
  }

  has(xml: string, name: string): boolean {
    return this.find(xml, name) >= 0;
  }

  str(xml: string, name: string): string | undefined {
    const k = this.find(xml, name);
    return k < 0 ? undefined : decodeAttr(xml.slice(this.spans[k + 2], this.spans[k + 3]));
  }

  /** parseInt of the value; `otherwise` when absent or not a number. */
  int(xml: string, name: string, otherwise: number): number {
    const k = this.find(xml, name);
    if (k < 0) return otherwise;
    let i = this.spans[k + 2]!;
    const e = this.spans[k + 3]!;
    while (i < e && isSpace(xml.charCodeAt(i))) i++;
    let n = 0, digits = 0;
    for (; i < e; i++, digits++) {
      const d = xml.charCodeAt(i) - 48;
      if (d < 0 || d > 9) break;
      n = n * 10 + d;
    }
    return digits ? n : otherwise;
  }

  float(xml: string, name: string): number | undefined {
    const k = this.find(xml, name);
    return k < 0 ? undefined : parseFloat(xml.slice(this.spans[k + 2], this.spans[k + 3]));
  }

  /** exceljs's parseBoolean: "1" or "true". */
  bool(xml: string, name: string): boolean {
    const v = this.str(xml, name);
    return v === '1' || v === 'true';
  }
}

/** The column (0-based) of a reference's letters in [from, to) (B7 -> 1), -1 without letters. */
function columnAt(xml: string, from: number, to: number): number {
  let i = from;
  if (xml.charCodeAt(i) === 36) i++;
  let col = 0;
  for (; i < to; i++) {
    const c = xml.charCodeAt(i) | 32;
    if (c < 97 || c > 122) break;
    col = col * 26 + (c - 96);
  }
  return col - 1;
}

/** parseInt of [from, to) for a small count (leading spaces skipped); 0 without digits. */
function digitsAt(xml: string, from: number, to: number): number {
  let i = from;
  while (i < to && isSpace(xml.charCodeAt(i))) i++;
  let n = 0;
  for (; i < to; i++) {
    const d = xml.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    n = n * 10 + d;
  }
  return n;
}

/** A cell's t attribute: the usual values without a new string each time. */
function cellTypeAt(xml: string, from: number, to: number): string {
  const n = to - from, c = xml.charCodeAt(from);
  if (n === 1 && (c === 115 || c === 98 || c === 101 || c === 110)) return c === 115 ? 's' : c === 98 ? 'b' : c === 101 ? 'e' : 'n';
  if (n === 3 && xml.startsWith('str', from)) return 'str';
  if (n === 9 && xml.startsWith('inlineStr', from)) return 'inlineStr';
  return decodeAttr(xml.slice(from, to));
}

/** A <c> tag's attributes in one pass: the column of r, s, t, and whether cm is there. */
export class CellTag {
  /** -1: no r attribute (the cell follows the previous one). */
  col = -1;
  style = 0;
  type: string | undefined;
  dynamic = false;
  /** Where the tag's '>' is. */
  end = 0;
  selfClosing = false;

  /** Reads the attributes from `i` (just past the tag's name) to the tag's end. */
  read(xml: string, i: number): void {
    this.col = -1;
    this.style = 0;
    this.type = undefined;
    this.dynamic = false;
    const len = xml.length;
    while (i < len) {
      let c = xml.charCodeAt(i);
      if (c === 62) {
        this.end = i;
        this.selfClosing = xml.charCodeAt(i - 1) === 47;
        return;
      }
      if (c === 47 || isSpace(c)) {
        i++;
        continue;
      }
      const ns = i;
      while (i < len && (c = xml.charCodeAt(i)) !== 61 && c !== 62 && c !== 47 && !isSpace(c)) i++;
      const ne = i;
      while (i < len && isSpace(xml.charCodeAt(i))) i++;
      if (xml.charCodeAt(i) !== 61) continue;
      i++;
      while (i < len && isSpace(xml.charCodeAt(i))) i++;
      const quote = xml.charCodeAt(i);
      if (quote !== 34 && quote !== 39) continue;
      const vs = i + 1;
      const ve = xml.indexOf(quote === 34 ? '"' : "'", vs);
      if (ve < 0) break;
      i = ve + 1;
      const n0 = xml.charCodeAt(ns);
      if (ne - ns === 1) {
        if (n0 === 114) this.col = columnAt(xml, vs, ve);
        else if (n0 === 115) this.style = digitsAt(xml, vs, ve);
        else if (n0 === 116) this.type = cellTypeAt(xml, vs, ve);
      } else if (ne - ns === 2 && n0 === 99 && xml.charCodeAt(ns + 1) === 109) this.dynamic = true;
    }
    this.end = len;
    this.selfClosing = false;
  }
}

/** Is the tag name in [s, e) `name`, with or without a namespace prefix (x:c)? */
export function localNameIs(xml: string, s: number, e: number, name: string): boolean {
  while (e > s && isSpace(xml.charCodeAt(e - 1))) e--;
  const n = name.length;
  if (e - s === n) return xml.startsWith(name, s);
  return e - s > n && xml.charCodeAt(e - n - 1) === 58 && xml.startsWith(name, e - n);
}

const ENTITY = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(ENTITY, (_m, hex: string | undefined, dec: string | undefined, named: string | undefined) => {
    if (named) return NAMED[named]!;
    const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    // A reference to no character (a lone surrogate, past U+10FFFF) reads as U+FFFD, as the
    // import replaces lone surrogates everywhere else (run-import.ts).
    return code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code);
  });
}

/** Text between tags, as an XML parser gives it: line ends as \n, entities decoded. */
export function decodeText(xml: string, from: number, to: number): string {
  let s = xml.slice(from, to);
  if (s.indexOf('\r') >= 0) s = s.replace(/\r\n?/g, '\n');
  return s.indexOf('&') >= 0 ? decodeEntities(s) : s;
}

const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * parseFloat of the text in [from, to), without making it a string when it is a plain decimal
 * (-12.5): at most 15 digits are exact integers, and their quotient by a power of ten is rounded
 * once, as parseFloat rounds.
 */
export function numberAt(xml: string, from: number, to: number): number {
  let i = from;
  const negative = xml.charCodeAt(i) === 45;
  if (negative) i++;
  let m = 0, digits = 0, decimals = -1;
  for (; i < to; i++) {
    const c = xml.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      digits++;
      if (decimals >= 0) decimals++;
    } else if (c === 46 && decimals < 0) decimals = 0;
    else break;
  }
  if (i < to || digits === 0 || digits > 15) return parseFloat(decodeText(xml, from, to));
  const n = decimals > 0 ? m / POW10[decimals]! : m;
  return negative ? -n : n;
}

/** parseInt(text, 10) of the text in [from, to), without a string for plain digits. */
export function intAt(xml: string, from: number, to: number): number {
  let n = 0;
  let i = from;
  for (; i < to; i++) {
    const d = xml.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    n = n * 10 + d;
  }
  return i === to && i > from && i - from <= 15 ? n : parseInt(decodeText(xml, from, to), 10);
}

/** An attribute's value as an XML parser gives it (entities decoded). */
function decodeAttr(s: string): string {
  return s.indexOf('&') >= 0 ? decodeEntities(s) : s;
}

/** Past a closing tag, comment, CDATA section or processing instruction starting at `p`. */
export function skipMarkup(xml: string, p: number): number {
  if (xml.startsWith('<!--', p)) {
    const e = xml.indexOf('-->', p + 4);
    return e < 0 ? -1 : xml.indexOf('<', e + 3);
  }
  if (xml.startsWith('<![CDATA[', p)) {
    const e = xml.indexOf(']]>', p + 9);
    return e < 0 ? -1 : xml.indexOf('<', e + 3);
  }
  const e = xml.indexOf('>', p);
  return e < 0 ? -1 : xml.indexOf('<', e + 1);
}

/**
 * An inline string (<is>): its runs' text (rich text, _xHHHH_ escapes decoded as exceljs decodes
 * them) or its plain <t> text; phonetic runs (<rPh>) are not text. `end`: where </is> ends.
 */
export function inlineString(xml: string, from: number, to: number, at: Attrs): { text?: string; end: number } {
  let plain: string | undefined, runs: string[] | undefined;
  let inRun = false, phonetic = 0;
  let q = xml.indexOf('<', from);
  while (q >= 0 && q < to) {
    const k = xml.charCodeAt(q + 1);
    if (k === 33 || k === 63) {
      q = skipMarkup(xml, q);
      continue;
    }
    if (k === 47) {
      const end = xml.indexOf('>', q);
      if (end < 0) break;
      if (localNameIs(xml, q + 2, end, 'is')) return { text: runs ? runs.join('') : plain, end: end + 1 };
      if (localNameIs(xml, q + 2, end, 'r')) inRun = false;
      else if (localNameIs(xml, q + 2, end, 'rPh')) phonetic--;
      q = xml.indexOf('<', end + 1);
      continue;
    }
    const ne = at.read(xml, q + 1);
    if (localNameIs(xml, q + 1, ne, 'r') && !at.selfClosing) {
      inRun = true;
      (runs ??= []).push('');
    } else if (localNameIs(xml, q + 1, ne, 'rPh') && !at.selfClosing) phonetic++;
    else if (localNameIs(xml, q + 1, ne, 't') && !at.selfClosing && !phonetic) {
      const te = xml.indexOf('<', at.end + 1);
      const text = te > at.end + 1 ? decodeText(xml, at.end + 1, te) : '';
      if (inRun && runs) runs[runs.length - 1] += text.replace(/_x([0-9A-F]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      else if (text) plain = (plain ?? '') + text;
      q = te;
      continue;
    }
    q = xml.indexOf('<', at.end + 1);
  }
  return { text: runs ? runs.join('') : plain, end: q < 0 ? to : q };
}
