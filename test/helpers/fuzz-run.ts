// Runs the mangling fuzz over workbooks (test/helpers/mangle.ts) and tallies part kind x damage ->
// outcome, with every violation; shared by test/xlsx-fuzz.test.ts and scripts/fuzz.ts.
import { relative } from 'node:path';
import { rng } from './random.ts';
import { entriesOf, EXCEL_FIXTURES } from './damage.ts';
import { judge, mangle, plansOf, reference, OUTCOMES, type Damage, type Outcome, type PartKind } from './mangle.ts';

export interface FuzzTally {
  cases: number;
  /** "kind|damage" -> outcome -> count. */
  table: Map<string, Map<Outcome, number>>;
  violations: string[];
  /** Report lines of dropped parts, by their opening words ("not read: the drawing"). */
  dropped: Map<string, number>;
  refusals: string[];
}

export function newTally(): FuzzTally {
  return { cases: 0, table: new Map(), violations: [], dropped: new Map(), refusals: [] };
}

/**
 * Damages the workbook at `path` (every plan, or `sample` of them picked with `seed`) and judges
 * each copy into `tally`.
 */
export async function fuzzWorkbook(path: string, tally: FuzzTally, opts: { seed: number; sample?: number }): Promise<void> {
  const entries = entriesOf(path);
  const ref = await reference(entries);
  const r = rng(opts.seed);
  let plans = plansOf(entries);
  if (opts.sample !== undefined && plans.length > opts.sample) {
    const chosen: typeof plans = [];
    while (chosen.length < opts.sample && plans.length) chosen.push(...plans.splice(Math.floor(r() * plans.length), 1));
    plans = chosen;
  }
  const file = relative(EXCEL_FIXTURES, path);
  for (const plan of plans) {
    const c = mangle(file, entries, plan.part, plan.damage, r);
    if (!c) continue;
    const verdict = await judge(c, ref);
    tally.cases++;
    const key = `${c.kind}|${c.damage}`;
    const row = tally.table.get(key) ?? new Map<Outcome, number>();
    row.set(verdict.outcome, (row.get(verdict.outcome) ?? 0) + 1);
    tally.table.set(key, row);
    tally.violations.push(...verdict.violations);
    if (verdict.outcome === 'refused with sentence' && verdict.message) tally.refusals.push(`${file} ${c.part} ${c.damage}: ${verdict.message}`);
    for (const line of verdict.notRead ?? []) {
      const kind = reportKind(line);
      tally.dropped.set(kind, (tally.dropped.get(kind) ?? 0) + 1);
    }
  }
}

/** The kind of part a report line names. */
export function reportKind(line: string): string {
  const what = line.replace(/^not (?:read|kept)(?: in full)?: /, '');
  const kinds: [RegExp, string][] = [
    [/^images on/, 'picture'],
    [/^charts on/, 'chart'],
    [/^the second entry/, 'second entry of one name (ignored)'],
    [/^sheet /, 'worksheet'],
    [/^the cells of sheet/, 'worksheet cells (cut short)'],
    [/^the relationships|names relationship|relationship/, 'relationships'],
    [/^the workbook part/, 'workbook part'],
    [/styles\.xml|cell formats/, 'styles'],
    [/sharedStrings|shared strings/, 'shared strings'],
    [/theme/, 'theme'],
    [/^the drawing|pictures and charts/, 'drawing'],
    [/^the chart/, 'chart'],
    [/^the picture/, 'picture'],
    [/^the notes/, 'comments (notes)'],
    [/table/, 'table'],
    [/^the (sheet properties|used range|sheet view|default row|column widths|merged cells|print|page|header|Excel 2010|conditional)|^a conditional/, 'sheet layout element'],
  ];
  return kinds.find(([re]) => re.test(what))?.[1] ?? (line.startsWith('not kept') ? 'a feature not kept' : 'part not used by the import');
}

/** The tally as a Markdown table: part kind x damage -> outcomes. */
export function tallyTable(tally: FuzzTally): string {
  const short: Record<Outcome, string> = { 'imported whole': 'whole', 'part dropped and reported': 'dropped+reported', 'changed, not reported': 'changed silently', 'refused with sentence': 'refused (400)', crash: 'crash' };
  const lines = [`| part | damage | cases | ${OUTCOMES.map((o) => short[o]).join(' | ')} |`, `|---|---|---:|${OUTCOMES.map(() => '---:').join('|')}|`];
  for (const [key, row] of [...tally.table].sort(([a], [b]) => a.localeCompare(b))) {
    const [kind, damage] = key.split('|') as [PartKind, Damage];
    const total = [...row.values()].reduce((a, b) => a + b, 0);
    lines.push(`| ${kind} | ${damage} | ${total} | ${OUTCOMES.map((o) => row.get(o) ?? 0).join(' | ')} |`);
  }
  const totals = OUTCOMES.map((o) => [...tally.table.values()].reduce((n, row) => n + (row.get(o) ?? 0), 0));
  lines.push(`| **all** | | **${tally.cases}** | ${totals.map((n) => `**${n}**`).join(' | ')} |`);
  return lines.join('\n');
}
