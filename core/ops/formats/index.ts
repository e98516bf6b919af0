import { defineArea } from '../../area.ts';
import { formatCells } from './format-cells.ts';
import { readFormats } from './read-formats.ts';
import { setBorders } from './set-borders.ts';

export const formatsArea = defineArea({ name: 'formats', group: 'formatting', ops: [readFormats, formatCells, setBorders] });
