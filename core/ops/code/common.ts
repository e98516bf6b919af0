// Shapes the code-cell and task ops share.
import { z } from 'zod';

export const CodeLanguage = z
  .enum(['python', 'connection', 'javascript'])
  .describe('python (pandas as pd, numpy as np; cell("A1"), cells("A1:C9") -> DataFrame, first row as header), connection (one SQL SELECT on connection_uuid; the rows spill with a header row), or javascript (cell(), cells() -> array of rows). The last expression is the result; print()/console.log() go to output.');

export const CodeText = z.string().min(1, 'must not be empty').max(100_000, 'must be at most 100000 characters').describe('The source: Python, SQL or JavaScript. Its last expression is the cell result.');

export const TaskStatus = z.enum(['queued', 'running', 'done', 'error', 'cancelled']);
