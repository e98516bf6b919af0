// The file name an export is offered under: the caller's `file_name` when given (so an agent can
// name its outputs as its task asks), else the file's own name.
import { z } from 'zod';

export const ExportFileName = z.string().trim().min(1, 'must not be empty').max(255, 'must be at most 255 characters').optional().describe('Download name.');

export function downloadName(name: string, ext: string, given?: string): string {
  if (given !== undefined) {
    const base = given.replace(/^.*[\\/]/, '');
    const named = base.toLowerCase().endsWith(`.${ext}`) ? base.slice(0, -(ext.length + 1)) : base;
    return `${clean(named) || 'file'}.${ext}`;
  }
  return `${clean(name) || 'file'}.${ext}`;
}

function clean(name: string): string {
  return name.replace(/[^\w.\- ]/g, '_').slice(0, 120);
}
