// Header and footer sections with Excel's codes, as Excel reads them: &P page number (&P+n, &P-n),
// &N number of pages, &D date, &T time, &F file name, &A sheet name, &Z file path (none here),
// &G a picture, && a literal ampersand; and the font codes &"Font,Style", &nn size, &B &I &U &E &S
// &X &Y toggles, &K colour. Anything else after & is rejected, so "R&D" is still a date and "R&Q" is caught.

export interface HeaderValues {
  page: number;
  pages: number;
  date: string;
  /** The time printed by &T (HH:MM). */
  time: string;
  fileName: string;
  sheetName: string;
}

export interface Run {
  text: string;
  bold: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  /** Points; undefined is the header's default size. */
  size?: number;
  /** #RRGGBB; undefined is black. */
  color?: string;
}

const CODES = 'codes are &P page, &N pages, &D date, &T time, &F file name, &A sheet name, &Z path, &G picture, &B &I &U &E &S &X &Y, &"Font,Style", &nn size, &Kcolour; write && for a literal &';

/** One code at `i` (the '&'): its letter, its argument, and where it ends; undefined when malformed. */
function codeAt(s: string, i: number): { code: string; arg: string; end: number } | undefined {
  const next = s[i + 1];
  if (next === undefined) return undefined;
  if (next === '"') {
    const e = s.indexOf('"', i + 2);
    return e < 0 ? undefined : { code: '"', arg: s.slice(i + 2, e), end: e + 1 };
  }
  if (/[0-9]/.test(next)) {
    const m = /^[0-9]+/.exec(s.slice(i + 1))!;
    return { code: '#', arg: m[0], end: i + 1 + m[0].length };
  }
  const up = next.toUpperCase();
  if (up === 'K') {
    const m = /^(?:[0-9A-Fa-f]{6}|[0-9]{2}[+-][0-9]{3})/.exec(s.slice(i + 2));
    return m ? { code: 'K', arg: m[0], end: i + 2 + m[0].length } : undefined;
  }
  if (up === 'P') {
    const m = /^[+-][0-9]+/.exec(s.slice(i + 2));
    return { code: 'P', arg: m?.[0] ?? '', end: i + 2 + (m?.[0].length ?? 0) };
  }
  if (/[NDTFAZGBIUESXY&]/.test(up) || next === '&') return { code: up, arg: '', end: i + 2 };
  return undefined;
}

/** Why a section is invalid, or undefined. */
export function headerCodeProblem(s: string): string | undefined {
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '&') continue;
    const c = codeAt(s, i);
    if (!c) return s[i + 1] === undefined ? `ends with a lone &; ${CODES}` : `unknown code &${s[i + 1]}; ${CODES}`;
    i = c.end - 1;
  }
  return undefined;
}

/** The section with each & that starts no code written as && (a literal &), as Excel prints it. */
export function lenientSection(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '&') {
      out += s[i];
      continue;
    }
    const c = codeAt(s, i);
    if (!c) out += '&&';
    else {
      out += s.slice(i, c.end);
      i = c.end - 1;
    }
  }
  return out;
}

/** Whether a section holds a picture (&G), which the PDF export does not draw. */
export const hasPicture = (s: string | undefined): boolean => !!s && /(^|[^&])(&&)*&[Gg]/.test(s);

/** The section with its codes replaced, as runs of styled text (one list per line). */
export function expandSection(s: string, v: HeaderValues): Run[][] {
  const lines: Run[][] = [[]];
  const style: Omit<Run, 'text'> = { bold: false };
  let buf = '';
  const flush = () => {
    if (buf) lines[lines.length - 1]!.push({ text: buf, ...style });
    buf = '';
  };
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '\n') {
      flush();
      lines.push([]);
      continue;
    }
    if (ch !== '&') {
      buf += ch;
      continue;
    }
    const c = codeAt(s, i);
    if (!c) break;
    i = c.end - 1;
    const values: Record<string, string> = { '&': '&', N: String(v.pages), D: v.date, T: v.time, F: v.fileName, A: v.sheetName };
    if (c.code === 'P') buf += String(v.page + Number(c.arg || 0));
    else if (c.code in values) buf += values[c.code];
    else if (c.code === 'Z' || c.code === 'G' || c.code === 'X' || c.code === 'Y') continue; // no path; pictures and raised/lowered text are not drawn
    else {
      flush();
      if (c.code === 'B') style.bold = !style.bold;
      else if (c.code === 'I') style.italic = !style.italic;
      else if (c.code === 'U' || c.code === 'E') style.underline = !style.underline;
      else if (c.code === 'S') style.strike = !style.strike;
      else if (c.code === '#') style.size = Math.min(409, Math.max(1, Number(c.arg)));
      else if (c.code === 'K') style.color = /^[0-9A-Fa-f]{6}$/.test(c.arg) ? `#${c.arg.toUpperCase()}` : undefined;
      else if (c.code === '"') {
        const st = (c.arg.split(',')[1] ?? '').toLowerCase();
        style.bold = /bold/.test(st);
        style.italic = /italic|oblique/.test(st);
      }
    }
  }
  flush();
  return lines;
}

/** The calendar date printed by &D: the date part of printedAt as written (no time-zone shift). */
export function printedDate(printedAt: string | undefined, now: Date): string {
  if (printedAt) return printedAt.slice(0, 10);
  return now.toISOString().slice(0, 10);
}

/** The time printed by &T: HH:MM of printedAt as written, 00:00 for a bare date, else now (UTC). */
export function printedTime(printedAt: string | undefined, now: Date): string {
  if (printedAt) return printedAt.length > 10 ? printedAt.slice(11, 16) : '00:00';
  return now.toISOString().slice(11, 16);
}
