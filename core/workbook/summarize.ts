// Bounded summaries of op arguments for the operations log: long strings are cut, big arrays
// become their shape, so a 1M-cell write logs a few hundred bytes.

const MAX_STRING = 200;
/** Items of an array kept (code-cell results written together stay within it: result-commits.ts). */
export const MAX_ITEMS = 10;

export function summarizeArgs(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… (${value.length} chars)` : value;
  if (Array.isArray(value)) {
    if (Array.isArray(value[0]) && value.length > 2) return `[${value.length} x ${(value[0] as unknown[]).length} values]`;
    const head = value.slice(0, MAX_ITEMS).map((v) => summarizeArgs(v, depth + 1));
    return value.length > MAX_ITEMS ? [...head, `… (${value.length - MAX_ITEMS} more)`] : head;
  }
  if (value && typeof value === 'object') {
    if (depth > 4) return '{…}';
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'file_data' ? '(file data)' : summarizeArgs(v, depth + 1)]));
  }
  return value;
}
