// Shapes the code-cell and task ops share.
import { z } from 'zod';

export const CodeLanguage = z
  .enum(['python', 'connection', 'javascript'])
  .describe('python: cell("A1"), cells("A1:C9") -> DataFrame (header row), pd, np; javascript: cell(), cells() -> rows; connection: one SQL SELECT. Last expression = result.');

export const CodeText = z.string().min(1, 'must not be empty').max(100_000, 'must be at most 100000 characters').describe('Python, SQL or JavaScript.');

export const TaskStatus = z.enum(['queued', 'running', 'done', 'error', 'cancelled']);
