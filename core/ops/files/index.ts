import { defineArea } from '../../area.ts';
import { copyFile } from './copy-file.ts';
import { createFile } from './create-file.ts';
import { getContext } from './get-context.ts';
import { getFile } from './get-file.ts';
import { getHistory } from './get-history.ts';
import { listFiles } from './list-files.ts';
import { runBatch } from './run-batch.ts';

export const filesArea = defineArea({ name: 'files', group: 'files', ops: [listFiles, createFile, getFile, getContext, runBatch, copyFile, getHistory] });
