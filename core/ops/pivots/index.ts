// The pivot-table area: pivot ops, pivots following the sheet (and refreshed before a commit
// that changed their source), and the pivots section of /context.
import { defineArea } from '../../area.ts';
import { pivotObjects } from '../../pivots/hooks.ts';
import { pivotViews } from '../../pivots/view.ts';
import { createPivot } from './create-pivot.ts';
import { deletePivot } from './delete-pivot.ts';
import { listPivots } from './list-pivots.ts';
import { updatePivot } from './update-pivot.ts';

export const pivotsArea = defineArea({
  name: 'pivots',
  group: 'objects',
  ops: [createPivot, listPivots, updatePivot, deletePivot],
  objects: pivotObjects,
  context: { pivots: pivotViews },
});
