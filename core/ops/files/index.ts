import { defineArea } from '../../area.ts';
import { copyFile } from './copy-file.ts';
import { createCheckpoint } from './create-checkpoint.ts';
import { deleteFile } from './delete-file.ts';
import { diffFile } from './diff-file.ts';
import { renameFile } from './rename-file.ts';
import { restoreFile } from './restore-file.ts';
import { restoreVersion } from './restore-version.ts';
import { undoWrite } from './undo-write.ts';
import { createFile } from './create-file.ts';
import { getContext } from './get-context.ts';
import { getFile } from './get-file.ts';
import { getHistory } from './get-history.ts';
import { listFiles } from './list-files.ts';
import { runBatch } from './run-batch.ts';
import { runBatchOnFiles } from './run-batch-on-files.ts';

export const filesArea = defineArea({ name: 'files', group: 'files', ops: [listFiles, createFile, getFile, getContext, runBatch, runBatchOnFiles, copyFile, getHistory, renameFile, deleteFile, restoreFile, undoWrite, restoreVersion, createCheckpoint, diffFile] });
