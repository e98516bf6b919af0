// Names the class of a formula cell that differs from Excel's cached value, for the corpus report
// (scripts/excel-fidelity.ts) and the corpus test: the kind of disagreement (error kind, number,
// text...) and the function most likely at fault.
import type { CellResult } from './excel-fidelity.ts';

const ERROR = /^#[A-Z0-9/!?]+[!?]?$|^#N\/A$|^#GETTING_DATA$/;

export function classify(r: CellResult): string {
  if (r.notComputed) return `kept (not computed): ${r.functions[0] ?? 'syntax'}`;
  const fn = r.functions.filter((f) => !['IF', 'IFERROR', 'SINGLE'].includes(f))[0] ?? r.functions[0] ?? '(no function)';
  const eErr = ERROR.test(r.expected), gErr = ERROR.test(r.got);
  if (eErr && gErr) return `${fn}: ${r.expected} vs ${r.got}`;
  if (gErr) return `${fn}: value vs ${r.got}`;
  if (eErr) return `${fn}: ${r.expected} vs value`;
  if (r.expected === '0' && r.got !== '0') return `${fn}: 0 cached`;
  const en = Number(r.expected), gn = Number(r.got);
  if (r.expected !== '' && r.got !== '' && Number.isFinite(en) && Number.isFinite(gn)) return `${fn}: number`;
  return `${fn}: text`;
}
