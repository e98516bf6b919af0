// The mangling fuzz (issue "Every workbook that Excel opens, opens here, whole"): a real workbook
// damaged one part at a time, read as an import reads it, and judged. A workbook may be refused
// only when its workbook part is broken (or every sheet is); no damage may crash the reader or the
// import; every part that was not damaged must come in as from the undamaged file.
// test/xlsx-fuzz.test.ts runs a seeded slice, `npm run fuzz` (scripts/fuzz.ts) all of it.
import { deflateRawSync } from 'node:zlib';
import { areas } from '../../core/areas.ts';
import { OpError } from '../../core/errors.ts';
import { applyBook } from '../../core/io/excel-apply.ts';
import { readXlsx } from '../../core/io/xlsx-read.ts';
import { bookDigest, type BookDigest, type SheetDigest } from './book-digest.ts';
import { zipOf, type Entry } from './damage.ts';
import { memoryWorkbook } from './memory-workbook.ts';

export const PART_KINDS = ['workbook', 'workbook rels', 'worksheet', 'sheet rels', 'shared strings', 'styles', 'theme', 'drawing', 'drawing rels', 'chart', 'picture', 'comments', 'vml', 'table', 'content types', 'package rels', 'doc props', 'calc chain', 'printer settings', 'other', 'archive'] as const;
export type PartKind = (typeof PART_KINDS)[number];

export const DAMAGES = ['truncate', 'duplicate attribute', 'unknown elements', 'unknown attributes', 'drop relationship', 'wrong content type', 'missing', 'corrupt data', 'duplicate entry', 'backslash names', 'directory entries'] as const;
export type Damage = (typeof DAMAGES)[number];

export const OUTCOMES = ['imported whole', 'part dropped and reported', 'changed, not reported', 'refused with sentence', 'crash'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export function kindOf(name: string): PartKind {
  if (name === '[Content_Types].xml') return 'content types';
  if (name === '_rels/.rels') return 'package rels';
  if (/^docProps\//.test(name)) return 'doc props';
  if (name === 'xl/workbook.xml') return 'workbook';
  if (name === 'xl/_rels/workbook.xml.rels') return 'workbook rels';
  if (/^xl\/worksheets\/sheet\d+\.xml$/.test(name)) return 'worksheet';
  if (/^xl\/worksheets\/_rels\//.test(name)) return 'sheet rels';
  if (name === 'xl/sharedStrings.xml') return 'shared strings';
  if (name === 'xl/styles.xml') return 'styles';
  if (/^xl\/theme\//.test(name)) return 'theme';
  if (/^xl\/drawings\/_rels\//.test(name)) return 'drawing rels';
  if (/^xl\/drawings\/[^/]+\.vml$/.test(name)) return 'vml';
  if (/^xl\/drawings\//.test(name)) return 'drawing';
  if (/^xl\/charts\/chart\d+\.xml$/.test(name)) return 'chart';
  if (/^xl\/media\//.test(name)) return 'picture';
  if (/^xl\/comments\d*\.xml$/.test(name)) return 'comments';
  if (/^xl\/tables\//.test(name)) return 'table';
  if (name === 'xl/calcChain.xml') return 'calc chain';
  if (/^xl\/printerSettings\//.test(name)) return 'printer settings';
  return 'other';
}

const isXml = (name: string) => /\.(xml|rels|vml)$/i.test(name);

/** The damages that apply to a part. */
export function damagesFor(name: string): Damage[] {
  const out: Damage[] = ['truncate', 'missing', 'corrupt data', 'duplicate entry'];
  if (isXml(name)) out.push('duplicate attribute', 'unknown elements', 'unknown attributes');
  if (name.endsWith('.rels')) out.push('drop relationship');
  if (name !== '[Content_Types].xml' && !name.endsWith('.rels')) out.push('wrong content type');
  return out;
}

type Rand = () => number;
const pick = <T>(xs: readonly T[], r: Rand): T => xs[Math.floor(r() * xs.length)]!;

/** Where the root element's open tag ends. */
function rootEnd(xml: string): number {
  const m = /<(?![?!])[^>]*>/.exec(xml);
  return m ? m.index + m[0].length : -1;
}

const FZ = 'xmlns:fz="urn:sheets-fuzz"';
const MC = 'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"';

/**
 * Declares the fuzz namespace on the root and marks it ignorable (markup compatibility, as Excel
 * marks x14ac), so what is added is markup a reader that does not know it must skip, as Excel does.
 */
function declared(xml: string): string {
  const end = rootEnd(xml);
  if (end < 0) return xml;
  let root = xml.slice(0, end);
  const ignorable = /\bmc:Ignorable="([^"]*)"/.exec(root);
  if (ignorable) root = root.replace(ignorable[0], `mc:Ignorable="${ignorable[1]} fz"`);
  const at = root.endsWith('/>') ? root.length - 2 : root.length - 1;
  const extra = `${FZ}${/\bxmlns:mc=/.test(root) ? '' : ` ${MC}`}${ignorable ? '' : ' mc:Ignorable="fz"'}`;
  return `${root.slice(0, at)} ${extra}${root.slice(at)}${xml.slice(end)}`;
}

/** The part's text damaged; undefined when the damage finds nothing to change. */
function damageText(xml: string, damage: Damage, r: Rand): string | undefined {
  if (damage === 'truncate') return xml.slice(0, Math.floor(xml.length * (0.1 + 0.8 * r())));
  if (damage === 'duplicate attribute') {
    const tags = [...xml.matchAll(/<([A-Za-z][\w:.-]*)\s+([\w:.-]+)=("[^"]*"|'[^']*')/g)];
    if (!tags.length) return undefined;
    const m = pick(tags, r);
    const at = m.index + m[0].length;
    return `${xml.slice(0, at)} ${m[2]}=${m[3]}${xml.slice(at)}`;
  }
  if (damage === 'unknown elements') {
    const withNs = declared(xml);
    const start = rootEnd(withNs);
    const close = withNs.lastIndexOf('</');
    if (start < 0 || close < start) return undefined;
    const el = '<fz:unknown fz:kind="fuzz"><fz:child>text</fz:child></fz:unknown>';
    return `${withNs.slice(0, start)}${el}${withNs.slice(start, close)}${el}${withNs.slice(close)}`;
  }
  if (damage === 'unknown attributes') {
    let out = declared(xml);
    const tags = [...out.matchAll(/<[A-Za-z][\w:.-]*(?=[\s/>])/g)].slice(1);
    if (!tags.length) return undefined;
    const chosen = new Set(Array.from({ length: Math.min(8, tags.length) }, () => pick(tags, r).index));
    for (const at of [...chosen].sort((a, b) => b - a)) {
      const name = /^<[\w:.-]+/.exec(out.slice(at))![0];
      out = `${out.slice(0, at + name.length)} fz:a${Math.floor(r() * 100)}="1"${out.slice(at + name.length)}`;
    }
    return out;
  }
  if (damage === 'drop relationship') {
    const rels = [...xml.matchAll(/<Relationship\b[^>]*\/>/g)];
    if (!rels.length) return undefined;
    const m = pick(rels, r);
    return xml.slice(0, m.index) + xml.slice(m.index + m[0].length);
  }
  return undefined;
}

export interface FuzzCase {
  file: string;
  part: string;
  kind: PartKind;
  damage: Damage;
  bytes: Buffer;
}

/** One damage of one part of a workbook's entries; undefined when it does not apply. */
export function mangle(file: string, entries: readonly Entry[], part: string, damage: Damage, r: Rand): FuzzCase | undefined {
  const kind: PartKind = part === '*' ? 'archive' : kindOf(part);
  const out: Entry[] = [];
  if (damage === 'backslash names') return { file, part, kind, damage, bytes: zipOf(entries.map((e) => ({ ...e, name: e.name.replace(/\//g, '\\') }))) };
  if (damage === 'directory entries') {
    const dirs = [...new Set(entries.flatMap((e) => e.name.split('/').slice(0, -1).map((_, i, a) => `${a.slice(0, i + 1).join('/')}/`)))];
    return { file, part, kind, damage, bytes: zipOf([...dirs.map((name) => ({ name, data: Buffer.alloc(0) })), ...entries]) };
  }
  for (const e of entries) {
    if (damage === 'wrong content type' && e.name === '[Content_Types].xml') {
      const types = e.data.toString('utf8');
      const changed = types.includes(`PartName="/${part}"`) ? types.replace(new RegExp(`(PartName="/${part.replace(/[.[\]]/g, '\\$&')}" ContentType=")[^"]*`), '$1application/vnd.sheets-fuzz+xml') : types.replace('</Types>', `<Override PartName="/${part}" ContentType="application/vnd.sheets-fuzz+xml"/></Types>`);
      out.push({ name: e.name, data: Buffer.from(changed, 'utf8') });
      continue;
    }
    if (e.name !== part) {
      out.push(e);
      continue;
    }
    if (damage === 'missing') continue;
    if (damage === 'corrupt data') {
      const compressed = Buffer.from(deflateRawSync(e.data));
      for (let i = 0; i < Math.max(4, compressed.length / 20); i++) {
        const k = Math.floor(r() * compressed.length);
        compressed[k] = compressed[k]! ^ 0xff;
      }
      out.push({ ...e, raw: { method: 8, compressed: compressed.subarray(0, Math.max(2, Math.floor(compressed.length * 0.7))) } });
      continue;
    }
    if (damage === 'duplicate entry') {
      out.push(e);
      continue;
    }
    if (damage === 'wrong content type') {
      out.push(e);
      continue;
    }
    if (damage === 'truncate' && !isXml(e.name)) {
      out.push({ name: e.name, data: e.data.subarray(0, Math.floor(e.data.length * (0.1 + 0.8 * r()))) });
      continue;
    }
    const text = damageText(e.data.toString('utf8'), damage, r);
    if (text === undefined) return undefined;
    out.push({ name: e.name, data: Buffer.from(text, 'utf8') });
  }
  // A second entry of the part's name, after the first: garbage the reader must not take.
  if (damage === 'duplicate entry') out.push({ name: part, data: Buffer.from('<not-xml', 'utf8') });
  return { file, part, kind, damage, bytes: zipOf(out) };
}

/** Every (part, damage) a workbook's entries allow, the archive-wide damages included. */
export function plansOf(entries: readonly Entry[]): { part: string; damage: Damage }[] {
  const out: { part: string; damage: Damage }[] = [];
  for (const e of entries) for (const damage of damagesFor(e.name)) out.push({ part: e.name, damage });
  out.push({ part: '*', damage: 'backslash names' }, { part: '*', damage: 'directory entries' });
  return out;
}

/** The undamaged workbook as the reader gives it: its digest and its report lines. */
export interface Reference {
  digest: BookDigest;
  notRead: string[];
  /** Sheet name -> its worksheet part, and each sheet's other parts (rels, drawings, charts, notes, tables). */
  sheetOfPart: Map<string, string>;
}

/** The report's lines (a part not read, or a feature not kept because its part was damaged). */
const notReadLines = (warnings: readonly string[]) => [...warnings];

/** The sheet each part belongs to, by following the sheets' relationships in the undamaged file. */
function sheetsOfParts(entries: readonly Entry[]): Map<string, string> {
  const text = (name: string) => entries.find((e) => e.name === name)?.data.toString('utf8') ?? '';
  const out = new Map<string, string>();
  const wbRels = new Map([...text('xl/_rels/workbook.xml.rels').matchAll(/<Relationship\b[^>]*?Id="([^"]+)"[^>]*?Target="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]));
  const resolve = (dir: string, target: string) => {
    if (target.startsWith('/')) return target.slice(1);
    const parts = dir.split('/');
    for (const seg of target.split('/')) {
      if (seg === '..') parts.pop();
      else parts.push(seg);
    }
    return parts.join('/');
  };
  const unesc = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);
  const walk = (part: string, sheet: string, depth: number) => {
    if (out.has(part) || depth > 3) return;
    out.set(part, sheet);
    const dir = part.slice(0, part.lastIndexOf('/'));
    const rels = `${dir}/_rels/${part.slice(part.lastIndexOf('/') + 1)}.rels`;
    if (!entries.some((e) => e.name === rels)) return;
    out.set(rels, sheet);
    for (const m of text(rels).matchAll(/<Relationship\b([^>]*)\/>/g)) {
      if (/TargetMode="External"/.test(m[1]!)) continue;
      const target = /Target="([^"]+)"/.exec(m[1]!)?.[1];
      if (target) walk(resolve(dir, target), sheet, depth + 1);
    }
  };
  for (const m of text('xl/workbook.xml').matchAll(/<sheet\b[^>]*?name="([^"]*)"[^>]*?r:id="([^"]+)"/g)) {
    const target = wbRels.get(m[2]!);
    if (target) walk(resolve('xl', target), unesc(m[1]!), 0);
  }
  return out;
}

export async function reference(entries: readonly Entry[]): Promise<Reference> {
  const book = await readXlsx(zipOf(entries));
  return { digest: bookDigest(book), notRead: notReadLines(book.warnings), sheetOfPart: sheetsOfParts(entries) };
}

/** Which parts of the digest a damage to this part may change; everything else must be as before. */
function mayChange(c: FuzzCase, sheet: string | undefined): { sheets: 'all' | string | undefined; fields: (keyof SheetDigest)[]; names: boolean; tables: boolean; sheetsMayGo: boolean } {
  const none = { sheets: undefined, fields: [], names: false, tables: false, sheetsMayGo: false };
  // Markup in a namespace nobody knows, a second entry after the first, odd names of entries:
  // nothing may change. (VML, calc chain, printer settings, doc props and content types are not read.)
  if (['unknown elements', 'unknown attributes', 'duplicate entry', 'backslash names', 'directory entries', 'wrong content type'].includes(c.damage)) return none;
  if (['vml', 'calc chain', 'printer settings', 'doc props', 'content types', 'other'].includes(c.kind)) return none;
  const all = ['cells', 'values', 'formulas', 'layout', 'notes', 'links', 'images', 'charts'] as (keyof SheetDigest)[];
  switch (c.kind) {
    case 'workbook':
    case 'workbook rels':
    case 'package rels':
      return { sheets: 'all', fields: ['layout', 'cells', 'values', 'images', 'charts', 'notes', 'links'], names: true, tables: true, sheetsMayGo: true };
    case 'worksheet':
      return { sheets: sheet, fields: all, names: false, tables: false, sheetsMayGo: true };
    case 'sheet rels':
      return { sheets: sheet, fields: ['notes', 'links', 'images', 'charts'], names: false, tables: true, sheetsMayGo: false };
    case 'drawing':
    case 'drawing rels':
    case 'chart':
    case 'picture':
      return { sheets: sheet, fields: ['images', 'charts'], names: false, tables: false, sheetsMayGo: false };
    case 'comments':
      return { sheets: sheet, fields: ['notes'], names: false, tables: false, sheetsMayGo: false };
    case 'table':
      return { ...none, tables: true };
    case 'styles':
    case 'theme':
      // A table's style is drawn from them (custom table styles in the styles part, colours from the theme).
      return { sheets: 'all', fields: ['cells', 'values', 'layout', 'charts'], names: false, tables: true, sheetsMayGo: false };
    case 'shared strings':
      return { sheets: 'all', fields: ['cells', 'values'], names: false, tables: true, sheetsMayGo: false };
    default:
      return none;
  }
}

export interface Verdict {
  outcome: Outcome;
  /** The report lines the damaged copy added ("not read: ...", "not kept: ..."). */
  notRead?: string[];
  /** What broke a rule: an undamaged part that changed, a refusal not allowed, a crash. */
  violations: string[];
  message?: string;
}

/** Reads (and imports into a workbook in memory) one damaged workbook and judges what came in. */
export async function judge(c: FuzzCase, ref: Reference): Promise<Verdict> {
  let digest: BookDigest, notRead: string[];
  const where = `${c.file} ${c.part} (${c.kind}) ${c.damage}`;
  try {
    const book = await readXlsx(c.bytes);
    notRead = notReadLines(book.warnings).filter((l) => !ref.notRead.includes(l));
    digest = bookDigest(book);
    await applyBook(memoryWorkbook([], areas), book, async () => undefined);
  } catch (err) {
    const sentence = err instanceof OpError && err.code === 'invalid_argument' && /^file_data: /.test(err.message) && !/Cannot (read|set) propert|undefined|null|\bat\b.*\.js/.test(err.message);
    if (!sentence) return { outcome: 'crash', violations: [`${where}: ${err instanceof OpError ? `${err.code}: ` : ''}${(err as Error).message}`], message: (err as Error).stack };
    const allowed = c.kind === 'workbook' || c.kind === 'workbook rels' || c.kind === 'package rels' || (c.kind === 'worksheet' && Object.keys(ref.digest.sheets).length === 1) || c.kind === 'archive';
    return { outcome: 'refused with sentence', violations: allowed ? [] : [`${where}: refused although only one ${c.kind} part was damaged: ${err.message}`], message: err.message };
  }
  const violations: string[] = [];
  const sheet = c.part === '*' ? undefined : ref.sheetOfPart.get(c.part);
  const may = mayChange(c, sheet);
  for (const [name, before] of Object.entries(ref.digest.sheets)) {
    const after = digest.sheets[name];
    const touched = may.sheets === 'all' || may.sheets === name;
    if (!after) {
      if (!(touched && may.sheetsMayGo)) violations.push(`${where}: sheet ${name} is missing`);
      continue;
    }
    for (const field of Object.keys(before) as (keyof SheetDigest)[]) {
      if (touched && may.fields.includes(field)) continue;
      if (before[field] !== after[field]) violations.push(`${where}: ${field} of sheet ${name} changed`);
    }
  }
  for (const name of Object.keys(digest.sheets)) if (!ref.digest.sheets[name]) violations.push(`${where}: a sheet ${name} appeared`);
  if (!may.names && digest.names !== ref.digest.names) violations.push(`${where}: the defined names changed`);
  if (!may.tables && digest.tables !== ref.digest.tables) violations.push(`${where}: the tables changed`);
  const same = JSON.stringify(digest) === JSON.stringify(ref.digest);
  const outcome: Outcome = notRead.length ? 'part dropped and reported' : same ? 'imported whole' : 'changed, not reported';
  return { outcome, violations, notRead };
}
