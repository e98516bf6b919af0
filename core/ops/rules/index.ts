// The conditional-format area: rule ops, rules following the sheet, and the style overlay and the
// data bars and icons that show what the rules do.
import { defineArea } from '../../area.ts';
import { ruleObjects } from '../../rules/hooks.ts';
import { ruleStyleOverlay } from '../../rules/overlay.ts';
import { ruleDecorations } from '../../rules/decorations.ts';
import { deleteConditionalFormat } from './delete-conditional-format.ts';
import { evaluateConditionalFormats } from './evaluate-conditional-formats.ts';
import { listConditionalFormats } from './list-conditional-formats.ts';
import { setColorScale } from './set-color-scale.ts';
import { setConditionalFormat } from './set-conditional-format.ts';

export const rulesArea = defineArea({
  name: 'rules',
  group: 'formatting',
  ops: [listConditionalFormats, setConditionalFormat, setColorScale, deleteConditionalFormat, evaluateConditionalFormats],
  objects: ruleObjects,
  overlay: ruleStyleOverlay,
  decorations: ruleDecorations,
});
