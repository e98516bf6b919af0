// Shapes the code-cell and task ops share.
import { z } from 'zod';

export const CodeLanguage = z
  .enum(['python', 'connection', 'javascript'])
  .describe('python: pd, np, cell("A1"), cells("A1:C9") -> DataFrame (first row = header); javascript: cell(), cells() -> rows; connection: one SQL SELECT on connection_uuid. Last expression = result; printed output goes to output.');

export const CodeText = z.string().min(1, 'must not be empty').max(100_000, 'must be at most 100000 characters').describe('Python, SQL or JavaScript.');

export const TaskStatus = z.enum(['queued', 'running', 'done', 'error', 'cancelled']);
