// Conditional-format ops; importing this also registers the rule hooks.
import '../../rules/hooks.ts';
import '../../rules/overlay.ts';
import { deleteConditionalFormat } from './delete-conditional-format.ts';
import { evaluateConditionalFormats } from './evaluate-conditional-formats.ts';
import { listConditionalFormats } from './list-conditional-formats.ts';
import { setColorScale } from './set-color-scale.ts';
import { setConditionalFormat } from './set-conditional-format.ts';

export const ruleOps = [listConditionalFormats, setConditionalFormat, setColorScale, deleteConditionalFormat, evaluateConditionalFormats];
