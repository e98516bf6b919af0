// The named-range area: ops to list, define, update and delete names; names following the sheet
// and given to the formula engine; the names section of /context.
import { defineArea } from '../../area.ts';
import { nameObjects, nameView } from '../../names/hooks.ts';
import { allNames } from '../../names/model.ts';
import type { Workbook } from '../../workbook/workbook.ts';
import { defineName } from './define-name.ts';
import { deleteName } from './delete-name.ts';
import { listNames } from './list-names.ts';
import { updateName } from './update-name.ts';

const namesContext = (wb: Workbook) => allNames(wb).map((entry) => nameView(wb, entry));

export const namesArea = defineArea({
  name: 'names',
  group: 'cells',
  ops: [listNames, defineName, updateName, deleteName],
  objects: nameObjects,
  context: { names: namesContext },
});
