// The actions of a batch, shared by run_batch (one file) and run_batch_on_files (each of several).
import { z } from 'zod';

export const BatchActions = z
  .array(
    z.strictObject({
      op: z.string().describe('A tool name, e.g. write_cells.'),
      args: z.record(z.string(), z.unknown()).default({}).describe('Its arguments, without file_uuid.'),
    }),
  )
  .min(1, 'must hold at least one action')
  .describe('Run in order.');
