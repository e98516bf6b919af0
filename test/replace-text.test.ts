// Matching and typing rules of find_replace.
import { describe, expect, it } from 'vitest';
import { makeReplace, retype } from '../core/cells/replace-text.ts';

describe('makeReplace', () => {
  it('replaces every occurrence, ignoring case by default', () => {
    expect(makeReplace('ab', 'X', false, false).apply('Ab ab AB')).toEqual({ text: 'X X X', count: 3 });
    expect(makeReplace('ab', 'X', true, false).apply('Ab ab AB')).toEqual({ text: 'Ab X AB', count: 1 });
    expect(makeReplace('zz', 'X', false, false).apply('Ab')).toBeNull();
  });
  it('treats find and replace as plain text', () => {
    expect(makeReplace('a.b*', '$&$1', false, false).apply('a.b* axb')).toEqual({ text: '$&$1 axb', count: 1 });
  });
  it('whole_cell matches the whole text only', () => {
    expect(makeReplace('total', 'Sum', false, true).apply('TOTAL')).toEqual({ text: 'Sum', count: 1 });
    expect(makeReplace('total', 'Sum', false, true).apply('subtotal')).toBeNull();
  });
  it('handles non-ASCII case folding', () => {
    expect(makeReplace('ÄPFEL', 'Birnen', false, false).apply('äpfel und Äpfel')).toEqual({ text: 'Birnen und Birnen', count: 2 });
  });
});

describe('retype', () => {
  it('types the result as write_cells would', () => {
    expect(retype('123')).toBe(123);
    expect(retype('12%')).toEqual({ v: 0.12, auto: { number_format: 'percent', decimals: 0 } });
    expect(retype('007')).toBe(7);
    expect(retype('')).toBeNull();
    expect(retype('TRUE')).toBe(true);
  });
  it('keeps text that starts with an apostrophe or = exactly', () => {
    expect(retype("'123")).toBe("'123");
    expect(retype('=A1')).toBe('=A1');
  });
});
