// Writes docs/functions.md from the engine (npm run docs:functions).
import { writeFileSync } from 'node:fs';
import { functionsMarkdown } from '../core/workbook/functions/catalog.ts';

const path = new URL('../docs/functions.md', import.meta.url);
writeFileSync(path, functionsMarkdown());
console.log(`wrote ${path.pathname}`);
