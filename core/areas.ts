// Every area, once, in the order their ops appear in tools/list and OpenAPI. The registry
// (core/registry.ts) and the services (core/services.ts) take this list; nothing registers itself.
import type { Area } from './area.ts';
import { accountArea } from './ops/account/index.ts';
import { cellsArea } from './ops/cells/index.ts';
import { chartsArea } from './ops/charts/index.ts';
import { codeArea } from './ops/code/index.ts';
import { connectionsArea } from './ops/connections/index.ts';
import { filesArea } from './ops/files/index.ts';
import { formatsArea } from './ops/formats/index.ts';
import { ioArea } from './ops/io/index.ts';
import { namesArea } from './ops/names/index.ts';
import { pivotsArea } from './ops/pivots/index.ts';
import { rulesArea } from './ops/rules/index.ts';
import { sheetsArea } from './ops/sheets/index.ts';
import { structureArea } from './ops/structure/index.ts';
import { tablesArea } from './ops/tables/index.ts';
import { validationArea } from './ops/validation/index.ts';
import { notesArea } from './ops/notes/index.ts';
import { imagesArea } from './ops/images/index.ts';
import { outlineArea } from './ops/outline/index.ts';
import { autofilterArea } from './ops/autofilter/index.ts';
import { extlinksArea } from './ops/extlinks/index.ts';
import { protectionArea } from './ops/protection/index.ts';
import { whatifArea } from './ops/whatif/index.ts';

export const areas: readonly Area[] = [accountArea, filesArea, sheetsArea, cellsArea, namesArea, extlinksArea, whatifArea, validationArea, notesArea, autofilterArea, protectionArea, formatsArea, structureArea, outlineArea, codeArea, connectionsArea, chartsArea, imagesArea, rulesArea, tablesArea, pivotsArea, ioArea];
