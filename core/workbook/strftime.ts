// strftime-style date_time patterns ("%d.%m.%Y %H:%M") -> spreadsheet format codes ("dd.mm.yyyy hh:mm").
// Validation lives here too: a pattern the code cannot show faithfully is refused, not guessed.

type Kind = 'date' | 'month' | 'hour12' | 'hour24' | 'minute' | 'second' | 'ampm' | 'clock' | 'percent';

/** Directive -> format-code token. Kinds drive the minutes-vs-month and 12-hour checks. */
const DIRECTIVES: Record<string, { code: string; kind: Kind }> = {
  Y: { code: 'yyyy', kind: 'date' },
  y: { code: 'yy', kind: 'date' },
  m: { code: 'mm', kind: 'month' },
  '-m': { code: 'm', kind: 'month' },
  d: { code: 'dd', kind: 'date' },
  '-d': { code: 'd', kind: 'date' },
  e: { code: 'd', kind: 'date' },
  B: { code: 'mmmm', kind: 'date' },
  b: { code: 'mmm', kind: 'date' },
  h: { code: 'mmm', kind: 'date' },
  A: { code: 'dddd', kind: 'date' },
  a: { code: 'ddd', kind: 'date' },
  H: { code: 'hh', kind: 'hour24' },
  '-H': { code: 'h', kind: 'hour24' },
  I: { code: 'hh', kind: 'hour12' },
  '-I': { code: 'h', kind: 'hour12' },
  M: { code: 'mm', kind: 'minute' },
  S: { code: 'ss', kind: 'second' },
  p: { code: 'AM/PM', kind: 'ampm' },
  F: { code: 'yyyy-mm-dd', kind: 'date' },
  D: { code: 'mm/dd/yy', kind: 'date' },
  x: { code: 'mm/dd/yy', kind: 'date' },
  // Whole 24-hour clocks: complete in themselves, so they are no neighbours for %M / %m.
  T: { code: 'hh:mm:ss', kind: 'clock' },
  X: { code: 'hh:mm:ss', kind: 'clock' },
  R: { code: 'hh:mm', kind: 'clock' },
  c: { code: 'ddd mmm d hh:mm:ss yyyy', kind: 'clock' },
  '%': { code: '\\%', kind: 'percent' },
};

export const STRFTIME_DIRECTIVES = Object.keys(DIRECTIVES).map((d) => `%${d}`);

export class StrftimeError extends Error {}

type Token = { literal: string } | { directive: string };

function tokenize(pattern: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch !== '%') {
      out.push({ literal: ch });
      continue;
    }
    const next = pattern[i + 1];
    if (next === undefined) throw new StrftimeError(`'${pattern}' ends with a lone '%'; write '%%' for a percent sign`);
    const name = next === '-' ? `-${pattern[i + 2] ?? ''}` : next;
    if (!DIRECTIVES[name]) throw new StrftimeError(`'%${name}' is not a supported directive; supported: ${STRFTIME_DIRECTIVES.join(' ')}`);
    out.push({ directive: name });
    i += name.length;
  }
  return out;
}

/**
 * Spreadsheet codes read "mm" as minutes only right after an hour or right before seconds, and
 * any AM/PM makes every hour 12-hour. Patterns that would render differently from strftime fail.
 */
function checkShape(pattern: string, tokens: Token[]): void {
  const kinds = tokens.filter((t): t is { directive: string } => 'directive' in t).map((t) => DIRECTIVES[t.directive]!.kind);
  kinds.forEach((kind, i) => {
    const prev = kinds[i - 1], next = kinds[i + 1];
    const timeNeighbour = prev === 'hour12' || prev === 'hour24' || next === 'second';
    if (kind === 'minute' && !timeNeighbour) throw new StrftimeError(`in '${pattern}', %M (minutes) must come right after an hour (%H or %I) or right before seconds (%S)`);
    if (kind === 'month' && timeNeighbour) throw new StrftimeError(`in '${pattern}', %m (month) right after an hour or before seconds would show minutes; put a date part between them`);
  });
  const ampm = kinds.includes('ampm');
  if (kinds.includes('hour12') && !ampm) throw new StrftimeError(`in '${pattern}', %I (12-hour clock) needs %p (AM/PM); use %H for a 24-hour clock`);
  if ((kinds.includes('hour24') || kinds.includes('clock')) && ampm) throw new StrftimeError(`in '${pattern}', a 24-hour clock (%H, %T, %R, %X, %c) cannot be shown with %p; use %I with %p`);
  if (!kinds.some((k) => k !== 'percent')) throw new StrftimeError(`'${pattern}' has no date or time directive (such as %Y, %m, %d, %H, %M)`);
}

/** Validates a pattern and returns its format code. Throws StrftimeError with a readable reason. */
export function strftimeToCode(pattern: string): string {
  const tokens = tokenize(pattern);
  checkShape(pattern, tokens);
  let out = '';
  for (const t of tokens) {
    if ('directive' in t) out += DIRECTIVES[t.directive]!.code;
    // Every literal character but a space is escaped, so letters, ';' or '[' never read as codes.
    else out += t.literal === ' ' ? ' ' : `\\${t.literal}`;
  }
  return out;
}

/** The same conversion for display: an invalid stored pattern shows the value as a number. */
export function strftimeToCodeOrNull(pattern: string): string | null {
  try {
    return strftimeToCode(pattern);
  } catch {
    return null;
  }
}
