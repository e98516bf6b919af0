// find_replace with regex: true: Excel's REGEXREPLACE flavour as far as JavaScript's engine reads
// it (classes \d \w \s, groups, lookarounds, named groups; $1 or $<name> in the replacement). The
// pattern is the caller's, so it runs in a separate V8 context under a time limit: a pattern that
// backtracks without end (e.g. (a+)+$) stops the call with a 400 instead of the server.
import vm from 'node:vm';
import { invalidArg } from '../errors.ts';
import type { TextReplace } from '../workbook/hooks.ts';

/** Wall time all matching of one call may take. */
const TIME_LIMIT_MS = 2000;

type Hit = { text: string; count: number } | null;

export interface RegexReplace extends TextReplace {
  /** Computes the replacements of many texts in one run of the sandbox (one time limit for all). */
  prime(texts: Iterable<string>): void;
}

const RUN = new vm.Script(`texts.map((t) => { let n = 0; const out = t.replace(re, (...a) => { n++; return expand(a); }); return n ? [out, n] : null; })`);

export function makeRegexReplace(pattern: string, replace: string, caseSensitive: boolean, wholeCell: boolean): RegexReplace {
  const source = wholeCell ? `^(?:${pattern})$` : pattern;
  const ctx = vm.createContext({ texts: [] as string[], source, replace, flags: caseSensitive ? 'g' : 'gi' });
  try {
    // The u flag reads \p{L} and astral characters; patterns it refuses (PCRE's \- outside a
    // class) are read without it.
    vm.runInContext(`var re; try { re = new RegExp(source, flags + 'u'); } catch { re = new RegExp(source, flags); }
      var expand = (a) => { const named = typeof a[a.length - 1] === 'object' ? a[a.length - 1] : undefined; const groups = a.slice(1, named ? -3 : -2);
        return replace.replace(/\\$(\\$|&|\\d{1,2}|<([^>]*)>)/g, (m, k, name) => k === '$' ? '$' : k === '&' ? a[0] : name !== undefined ? (named?.[name] ?? '') : (groups[Number(k) - 1] ?? (Number(k) === 0 ? a[0] : m))); };`, ctx, { timeout: TIME_LIMIT_MS });
  } catch (err) {
    throw invalidArg('find', `'${pattern}' is not a regular expression this service reads (${(err as Error).message.replace(/^Invalid regular expression: /, '')})`);
  }
  const memo = new Map<string, Hit>();
  let spent = 0;
  const run = (texts: string[]) => {
    const started = performance.now();
    ctx.texts = texts;
    try {
      const out = RUN.runInContext(ctx, { timeout: Math.max(1, Math.round(TIME_LIMIT_MS - spent)) }) as ([string, number] | null)[];
      texts.forEach((t, i) => memo.set(t, out[i] ? { text: out[i]![0], count: out[i]![1] } : null));
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw invalidArg('find', `the pattern took over ${TIME_LIMIT_MS / 1000} s on these cells (it backtracks too much); simplify it, e.g. no nested repeats like (a+)+`);
      throw err;
    } finally {
      spent += performance.now() - started;
      ctx.texts = [];
    }
  };
  return {
    find: pattern,
    replace,
    caseSensitive,
    wholeCell,
    prime(texts) {
      const fresh = [...new Set(texts)].filter((t) => !memo.has(t));
      if (fresh.length) run(fresh);
    },
    apply(text) {
      if (!memo.has(text)) run([text]);
      return memo.get(text) ?? null;
    },
  };
}
