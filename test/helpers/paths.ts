// Where tests keep scratch files (ignored by git).
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const TMP_DIR = fileURLToPath(new URL('../../.tmp', import.meta.url));
export const TEMPLATE_PATH = `${TMP_DIR}/pglite-template.tar`;
