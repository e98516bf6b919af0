// docs/functions.md, generated from the engine itself: its configuration and every function a
// formula can call, by category, marking the ones the service adds or replaces.
import { HyperFormula } from 'hyperformula';
import { ENGINE_CONFIG, ENGINE_NAMES, engineConfig } from '../engine.ts';
import { EXCEL_FUNCTIONS, NOT_COMPUTED } from './excel-list.ts';
import { ADDED_FUNCTIONS, HIDDEN_FUNCTIONS, registerFunctions } from './index.ts';

/** HyperFormula's descriptions carry HTML breaks and links into its own docs; keep plain text. */
function plain(text: string): string {
  return text
    .replace(/<br>/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/\|/g, '\\|')
    .trim();
}

function configRows(): string[] {
  const c = ENGINE_CONFIG;
  const d = c.nullDate!;
  return [
    '| Setting | Value | Meaning |',
    '|---|---|---|',
    `| Rows per sheet | ${c.maxRows!.toLocaleString('en-US')} | Excel's limit (\`maxRows\`); HyperFormula's default of 40,000 is lifted. |`,
    `| Columns per sheet | ${c.maxColumns!.toLocaleString('en-US')} (A to XFD) | Excel's limit (\`maxColumns\`). |`,
    `| Array arithmetic | ${c.useArrayArithmetic ? 'on' : 'off'} | \`=A1:A3*2\` and functions given arrays compute element-wise and spill, as in Excel 365 (\`useArrayArithmetic\`). |`,
    `| Date system | serial 0 = ${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}${c.leapYear1900 ? ', with 1900-02-29' : ''} | Excel's 1900 system (\`nullDate\`, \`leapYear1900\`): serial 1 is 1900-01-01, 60 Excel's 29 February 1900, 45292 is 2024-01-01. A file in Excel's 1904 system counts from 1904-01-01 (docs/formats.md). |`,
    `| Dates typed in formulas | ${c.dateFormats!.join(', ')} | Text HyperFormula reads as a date, e.g. in \`DATEVALUE\` (\`dateFormats\`). |`,
    `| Times typed in formulas | ${c.timeFormats!.join(', ')} | (\`timeFormats\`) |`,
    `| Text comparison | ${c.accentSensitive ? 'without case, with accents' : 'without case or accents'} | As Excel: "Berlín"="berlin" is FALSE, "ABC"="abc" TRUE (\`accentSensitive\`). |`,
    `| Names every engine defines | ${ENGINE_NAMES.map((n) => n.name).join(', ')} | So that \`VLOOKUP(x, A:B, 2, FALSE)\` works: HyperFormula knows them only as functions \`TRUE()\`/\`FALSE()\`. |`,
    `| Volatile functions | ${volatileFunctions().join(', ')} | Recomputed whenever a write reaches the formula engine (a write to a sheet with formulas, or one that formulas read). Results are stored with the cells like any value, so reads in between return the last computed result. NOW and TODAY read the service clock (\`SHEETS_NOW\` when set), in UTC. |`,
  ];
}

function volatileFunctions(): string[] {
  registerFunctions();
  return HyperFormula.getRegisteredFunctionNames('enGB')
    .filter((id) => !HIDDEN_FUNCTIONS.includes(id) && (HyperFormula.getFunctionPlugin(id)?.implementedFunctions[id] as { isVolatile?: boolean } | undefined)?.isVolatile)
    // OFFSET with computed arguments (hf-dynamic-offset.ts) sits outside the registry's list, and
    // so does a range with a computed end (A1:CHOOSE(...)), the engine's hidden RANGE.JOIN.
    .concat('OFFSET (computed arguments)', 'a range with a computed end (A1:CHOOSE(...))')
    .sort();
}

/** Excel's own function list against the engine: how many it computes, and each one it does not with the reason. */
export function excelCoverage(computed: ReadonlySet<string>): string[] {
  const missing = EXCEL_FUNCTIONS.filter((name) => !computed.has(name));
  return [
    "## Excel's functions",
    '',
    `Of the ${EXCEL_FUNCTIONS.length} functions in Microsoft's list of Excel functions, the engine computes ${EXCEL_FUNCTIONS.length - missing.length}.`,
    'Where a computed function can still differ from Excel, the difference is listed in [excel-fidelity.md](excel-fidelity.md).',
    'A formula calling one of the others is kept as written: it shows the value Excel cached in the file (else `#NAME?`), feeds other',
    'formulas with that value, is listed by `/context` and the import report, and is written back to xlsx unchanged.',
    '',
    '| Not computed | Why |',
    '|---|---|',
    ...missing.map((name) => `| ${name} | ${NOT_COMPUTED[name] ?? 'Not computed yet.'} |`),
    '',
  ];
}

export function functionsMarkdown(): string {
  const hf = HyperFormula.buildEmpty(engineConfig());
  const list = hf.getAvailableFunctions().filter((f) => !HIDDEN_FUNCTIONS.includes(f.canonicalName));
  hf.destroy();
  const byCategory = new Map<string, string[]>();
  let added = 0, replaced = 0;
  for (const f of list) {
    const ours = ADDED_FUNCTIONS[f.canonicalName];
    // A replaced function keeps HyperFormula's category; an added one has none there ('Custom').
    const category = ours && !ours.replaces ? ours.category : f.category;
    const mark = ours ? (ours.replaces ? ' (replaced)' : ' (added)') : '';
    if (ours?.replaces) replaced++;
    else if (ours) added++;
    const alias = f.aliasOf ? `Same as ${f.aliasOf}. ` : '';
    const text = ours?.summary ?? plain(f.shortDescription ?? '');
    if (!byCategory.has(category)) byCategory.set(category, []);
    byCategory.get(category)!.push(`| ${f.canonicalName}${mark} | ${alias}${text} |`);
  }
  const out = [
    '# Functions',
    '',
    '<!-- Generated by `npm run docs:functions` from the engine (core/workbook/functions/catalog.ts). Do not edit: a test fails when this file is out of date. -->',
    '',
    `Formulas are computed by HyperFormula ${HyperFormula.version} with the service's own function plugins (\`core/workbook/functions/\`).`,
    `${list.length} functions in all; **(added)** marks the ${added} the service adds, **(replaced)** the ${replaced} where it replaces HyperFormula's own`,
    "to behave as Excel does. Formulas are written in English with commas between arguments. How arrays spill, how LET works and where results",
    'can differ from Excel or LibreOffice: see "Formulas" in [decisions.md](decisions.md).',
    '',
    '## Engine configuration',
    '',
    ...configRows(),
    '',
    ...excelCoverage(new Set(list.map((f) => f.canonicalName))),
  ];
  for (const category of [...byCategory.keys()].sort()) {
    const rows = byCategory.get(category)!.sort();
    out.push(`## ${category}`, '', '| Function | What it does |', '|---|---|', ...rows, '');
  }
  return out.join('\n');
}
