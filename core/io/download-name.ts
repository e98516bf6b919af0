// The file name an export is offered under.
export function downloadName(name: string, ext: string): string {
  return `${name.replace(/[^\w.\- ]/g, '_').slice(0, 120) || 'file'}.${ext}`;
}
