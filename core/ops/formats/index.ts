import { formatCells } from './format-cells.ts';
import { readFormats } from './read-formats.ts';
import { setBorders } from './set-borders.ts';

export const formatOps = [readFormats, formatCells, setBorders];
