// The matching rules of find/replace, shared by cell text, formulas and (through the onReplace
// hook) code-cell sources, so every area agrees on what matches.
import type { TextReplace } from '../workbook/hooks.ts';
import { parseTyped } from '../workbook/typed-input.ts';
import type { Content } from '../workbook/workbook.ts';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function makeReplace(find: string, replace: string, caseSensitive: boolean, wholeCell: boolean): TextReplace {
  const re = new RegExp(escapeRegExp(find), caseSensitive ? 'gu' : 'giu');
  const lowered = find.toLowerCase();
  return {
    find,
    replace,
    caseSensitive,
    wholeCell,
    apply(text) {
      if (wholeCell) {
        const equal = caseSensitive ? text === find : text.toLowerCase() === lowered;
        return equal ? { text: replace, count: 1 } : null;
      }
      let count = 0;
      const out = text.replace(re, () => {
        count++;
        return replace;
      });
      return count ? { text: out, count } : null;
    },
  };
}

/**
 * What replaced text becomes, by write_cells' typing rules: "123" a number, "12%" a percentage,
 * "" an empty cell. Text that starts with ' or = stays text exactly as it reads (the apostrophe
 * is part of the text here, not an escape typed by the agent).
 */
export function retype(text: string): Content {
  if (text === '') return null;
  if (text.startsWith("'") || text.startsWith('=')) return text;
  return parseTyped(text);
}
