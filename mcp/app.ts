// The sheet inside the chat: an MCP App (the MCP Apps extension, io.modelcontextprotocol/ui).
// The show_sheet tool names the app's resource in its `_meta.ui.resourceUri`; a client that
// renders apps loads that HTML in a sandboxed frame and hands it the tool's result, whose
// `_meta["sheets/view"]` carries the sheet drawn by the viewer's code (rest/viewer/render.ts,
// from the layout model). The app asks for other sheets or a fresh copy by calling show_sheet
// through the host's bridge: it holds no token and opens no connection of its own.
import { fileURLToPath } from 'node:url';
import { RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { indexToCol } from '../core/a1.ts';
import type { OpContext } from '../core/context.ts';
import { OpError } from '../core/errors.ts';
import { FileId } from '../core/schemas.ts';
import { esc, renderSheetBody, SHEET_CSS } from '../rest/viewer/render.ts';
import type { Extra } from './handler-types.ts';

export const APP_URI = 'ui://sheets/sheet.html';
export const APP_MIME = RESOURCE_MIME_TYPE;
/** The extension's id, advertised under capabilities.extensions. */
export const UI_EXTENSION = 'io.modelcontextprotocol/ui';
export const SHOW_SHEET = 'show_sheet';
const META = 'sheets/view';

export const showSheetTool: Tool = {
  name: SHOW_SHEET,
  title: 'Show sheet',
  description: 'Shows a sheet to the person as a live grid in clients that render MCP Apps; the text says what is shown.',
  inputSchema: {
    type: 'object',
    properties: { file_uuid: { type: 'string' }, sheet: { type: 'string', description: 'Default the first.' } },
    required: ['file_uuid'],
  },
  annotations: { title: 'Show sheet', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  // Both spellings the extension defines: hosts read ui.resourceUri, older ones "ui/resourceUri".
  _meta: { ui: { resourceUri: APP_URI }, [RESOURCE_URI_META_KEY]: APP_URI },
};

export const appResource = { uri: APP_URI, name: 'sheet-app', title: 'Sheet (MCP App)', description: 'The app show_sheet displays: a live sheet drawn as the viewer draws it.', mimeType: APP_MIME };

/** Runs fn as the request's caller (rate limit and permissions as for the ops). */
export type WithCtx = <T>(extra: Extra, fn: (ctx: OpContext) => Promise<T>) => Promise<T>;

/** show_sheet: the sheet drawn for the app (in _meta) and a line for the model (in content). */
export async function showSheet(withCtx: WithCtx, extra: Extra, args: unknown): Promise<CallToolResult> {
  const a = (args ?? {}) as Record<string, unknown>;
  if (typeof a !== 'object' || Array.isArray(a)) throw new OpError('invalid_argument', 'arguments: an object {file_uuid, sheet?}.', { field: 'arguments' });
  if (!FileId.safeParse(a.file_uuid).success) throw new OpError('invalid_argument', 'file_uuid: must be a file uuid (from list_files or create_file).', { field: 'file_uuid' });
  if (a.sheet !== undefined && (typeof a.sheet !== 'string' || a.sheet === '')) throw new OpError('invalid_argument', 'sheet: a sheet name (text), or leave it out for the first sheet.', { field: 'sheet' });
  const extraKey = Object.keys(a).find((k) => k !== 'file_uuid' && k !== 'sheet');
  if (extraKey) throw new OpError('invalid_argument', `${extraKey}: not a field of show_sheet; the fields are file_uuid and sheet.`, { field: extraKey });
  const fileId = a.file_uuid as string;
  const view = await withCtx(extra, (ctx) =>
    ctx.services.workbooks.read(ctx, fileId, async (wb) => {
      const sheet = typeof a.sheet === 'string' ? wb.sheet(a.sheet) : wb.sheets.find((s) => !s.meta.visibility) ?? wb.sheets[0]!;
      const body = await renderSheetBody(wb, sheet, '');
      const used = sheet.usedExtent();
      const shownRows = Math.min(body.firstEnd, used.rows), shownCols = Math.min(body.cols, used.cols);
      const cuts = [shownRows < used.rows ? `rows 1-${shownRows} of ${used.rows}` : '', shownCols < used.cols ? `columns A-${indexToCol(shownCols - 1)} of ${used.cols}` : ''].filter(Boolean);
      return {
        file_uuid: fileId,
        file: wb.file.name,
        sheet: sheet.name,
        sheets: wb.sheets.filter((s) => !s.meta.visibility || s === sheet).map((s) => s.name),
        version: wb.version,
        rules: body.rules,
        html: body.html,
        gridlines: sheet.meta.show_gridlines !== false,
        note: cuts.length ? `Showing ${cuts.join(', ')}.` : `${used.rows} rows × ${used.cols} columns.`,
        used,
      };
    }),
  );
  const range = view.used.rows && view.used.cols ? `A1:${indexToCol(view.used.cols - 1)}${view.used.rows}` : 'empty';
  const { used: _used, ...meta } = view;
  return {
    content: [{ type: 'text', text: `Showing '${view.sheet}' (${range}) of '${view.file}', version ${view.version}, to the person; sheets: ${view.sheets.map((s) => `'${s}'`).join(', ')}. Read values with read_cells.` }],
    _meta: { [META]: meta },
  };
}

/** The app's HTML: the shared sheet style, an empty page, and the app script inline (bundled once per process). */
export async function appHtml(): Promise<string> {
  const script = (await bundleScript()).replace(/<\/(script)/gi, '<\\/$1');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${esc('Sheet')}</title>
<style>
body{margin:0;font:14.67px/1.22 Carlito,"DejaVu Sans",sans-serif;color:#202124;background:#fff;display:flex;flex-direction:column;height:100vh}
header{display:flex;gap:12px;align-items:baseline;padding:6px 10px;border-bottom:1px solid #dadce0;font:13px "DejaVu Sans",sans-serif}
header h1{font-size:15px;margin:0}header .v{color:#5f6368}header button{margin-left:auto}
nav{display:flex;gap:2px;padding:3px 10px;background:#f1f3f4;border-bottom:1px solid #dadce0;font:13px "DejaVu Sans",sans-serif}
nav a{padding:3px 10px;color:#202124;text-decoration:none;border-radius:4px 4px 0 0}
nav a[aria-current]{background:#fff;font-weight:700;color:#188038}
main{position:relative;overflow:auto;flex:1;min-height:0}
#status{padding:3px 10px;color:#5f6368;font:12px "DejaVu Sans",sans-serif}
${SHEET_CSS}
</style><style id="rules"></style></head>
<body>
<header><h1 id="title">Sheet</h1><span class="v">version <b id="version">–</b></span><button id="refresh" type="button">Refresh</button></header>
<nav></nav>
<main></main>
<p id="status">Connecting…</p>
<script type="module">${script}</script>
</body></html>`;
}

let scriptOnce: Promise<string> | undefined;
function bundleScript(): Promise<string> {
  scriptOnce ??= (async () => {
    const { build, stop } = await import('esbuild');
    try {
      const out = await build({ entryPoints: [fileURLToPath(new URL('./app/view.ts', import.meta.url))], bundle: true, platform: 'browser', format: 'esm', target: 'es2022', minify: true, write: false, logLevel: 'silent', legalComments: 'none' });
      return out.outputFiles[0]!.text;
    } finally {
      await stop();
    }
  })();
  scriptOnce.catch(() => (scriptOnce = undefined));
  return scriptOnce;
}

/** resources/read of the app: the HTML with the extension's metadata (no network: an empty CSP allow-list). */
export async function readApp(): Promise<{ contents: { uri: string; mimeType: string; text: string; _meta: Record<string, unknown> }[] }> {
  return { contents: [{ uri: APP_URI, mimeType: APP_MIME, text: await appHtml(), _meta: { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } } }] };
}
