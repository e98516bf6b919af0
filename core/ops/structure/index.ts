import { deleteLines } from './delete-lines.ts';
import { getDependencies } from './get-dependencies.ts';
import { getLayout } from './get-layout.ts';
import { insertLines } from './insert-lines.ts';
import { mergeCells } from './merge-cells.ts';
import { moveCells } from './move-cells.ts';
import { moveLines } from './move-lines.ts';
import { setDefaultSizeOp } from './set-default-size.ts';
import { setSizes } from './set-sizes.ts';
import { unmergeCells } from './unmerge-cells.ts';

export const structureOps = [insertLines, deleteLines, moveLines, setSizes, setDefaultSizeOp, getLayout, mergeCells, unmergeCells, moveCells, getDependencies];
