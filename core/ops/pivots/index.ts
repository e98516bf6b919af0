// Pivot table ops; importing this also registers the pivot hooks and the pivots section of /context.
import '../../pivots/hooks.ts';
import { pivotViews } from '../../pivots/view.ts';
import { contextSections } from '../../files/context-sections.ts';
import { createPivot } from './create-pivot.ts';
import { deletePivot } from './delete-pivot.ts';
import { listPivots } from './list-pivots.ts';
import { updatePivot } from './update-pivot.ts';

contextSections.pivots = (wb) => pivotViews(wb);

export const pivotOps = [createPivot, listPivots, updatePivot, deletePivot];
