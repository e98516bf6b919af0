// Header and footer sections with spreadsheet codes, as Excel reads them: &P page number, &N
// number of pages, &D date, &F file name, &A sheet name, &B bold on/off (a toggle, not a value),
// && a literal ampersand. Anything else after & is rejected, so "R&D" is caught instead of
// silently printing a date.

export interface HeaderValues {
  page: number;
  pages: number;
  date: string;
  fileName: string;
  sheetName: string;
}

export interface Run {
  text: string;
  bold: boolean;
}

const CODES = 'codes are &P page, &N pages, &D date, &F file name, &A sheet name, &B bold on/off; write && for a literal &';

/** Why a section is invalid, or undefined. */
export function headerCodeProblem(s: string): string | undefined {
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '&') continue;
    const next = s[i + 1];
    if (next === undefined) return `ends with a lone &; ${CODES}`;
    if (!/[PNDFAB&]/i.test(next)) return `unknown code &${next}; ${CODES}`;
    i++;
  }
  return undefined;
}

/** The section with its codes replaced, as runs of plain and bold text (one list per line). */
export function expandSection(s: string, v: HeaderValues): Run[][] {
  const lines: Run[][] = [[]];
  let bold = false;
  let buf = '';
  const flush = () => {
    if (buf) lines[lines.length - 1]!.push({ text: buf, bold });
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
    const code = (s[++i] ?? '').toUpperCase();
    if (code === 'B') {
      flush();
      bold = !bold;
    } else if (code === '&') buf += '&';
    else if (code === 'P') buf += String(v.page);
    else if (code === 'N') buf += String(v.pages);
    else if (code === 'D') buf += v.date;
    else if (code === 'F') buf += v.fileName;
    else if (code === 'A') buf += v.sheetName;
  }
  flush();
  return lines;
}

/** The calendar date printed by &D: the date part of printedAt as written (no time-zone shift). */
export function printedDate(printedAt: string | undefined, now: Date): string {
  if (printedAt) return printedAt.slice(0, 10);
  return now.toISOString().slice(0, 10);
}
