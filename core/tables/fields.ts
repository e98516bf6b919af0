// Input fields the table ops share.
import { z } from 'zod';

export const TableName = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');

export const SortKeys = z
  .array(z.strictObject({ column: z.string().min(1).describe('Header.'), descending: z.boolean().default(false).describe('Largest first.') }))
  .min(1, 'give at least one column to sort by')
  .max(20, 'at most 20 sort columns')
  .describe('Sort keys; blanks last.');
