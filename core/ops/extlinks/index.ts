// The external-links area: the file's links to other workbooks, listed in /context (file, sheets,
// how many formulas read each), kept with the file when its first sheet is deleted, and written
// back to xlsx (core/extlinks/xlsx.ts). Formulas that read a link keep the values the file cached.
import { defineArea } from '../../area.ts';
import { formulasPerBook, linksOf, moveLinksFrom } from '../../extlinks/model.ts';
import { keptFormulaHooks } from '../../workbook/kept-follow.ts';
import type { Workbook } from '../../workbook/workbook.ts';

async function linksContext(wb: Workbook): Promise<unknown[]> {
  const links = linksOf(wb);
  if (!links.length) return [];
  const counts = await formulasPerBook(wb);
  return links.map((l, i) => ({
    book: l.book,
    number: i + 1,
    ...(l.target ? { target: l.target } : {}),
    ...(l.kind !== 'workbook' ? { kind: l.kind } : {}),
    sheets: l.sheets,
    ...(l.names.length ? { names: l.names } : {}),
    formulas: counts.get(l.book.toLowerCase()) ?? 0,
    values: 'as the file cached them: formulas reading this workbook are kept as written and not recomputed here',
  }));
}

export const extlinksArea = defineArea({
  name: 'extlinks',
  group: 'objects',
  ops: [],
  // Formulas that read a link are kept formulas, which the engine does not re-point: the kept
  // formulas' hooks (core/workbook/kept-follow.ts) do, for every kept formula.
  objects: {
    ...keptFormulaHooks,
    onRemoveSheet: (wb, sheet) => {
      keptFormulaHooks.onRemoveSheet!(wb, sheet);
      moveLinksFrom(wb, sheet);
    },
    onDuplicate: (_wb, _source, copy) => void delete copy.meta.external_links,
  },
  context: { external_links: linksContext },
});
