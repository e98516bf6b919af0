// The MCP App's script (browser code, bundled with the ext-apps App class by mcp/app.ts): draws the
// sheet a show_sheet result carries, and asks for another sheet or a fresh copy through the
// host's bridge (tools/call show_sheet). It holds no token and reaches no server itself.
import { App } from '@modelcontextprotocol/ext-apps';

type Shown = { file_uuid: string; file: string; sheet: string; sheets: string[]; version: number; rules: string; html: string; gridlines: boolean; note: string };
type Result = { isError?: boolean; content?: { type: string; text?: string }[]; _meta?: Record<string, unknown> };

const META = 'sheets/view';
const $ = <T extends HTMLElement>(sel: string) => document.querySelector(sel) as T;
const app = new App({ name: 'sheets-view', version: '0.1.0' });
let shown: Shown | undefined;

function status(text: string) {
  $('#status').textContent = text;
}

function draw(result: Result) {
  const view = result._meta?.[META] as Shown | undefined;
  if (result.isError || !view) return status(result.content?.find((c) => c.type === 'text')?.text ?? 'Nothing to show.');
  shown = view;
  $('#rules').textContent = view.rules;
  $('#title').textContent = view.file;
  $('#version').textContent = String(view.version);
  const nav = $('nav');
  nav.replaceChildren(
    ...view.sheets.map((name) => {
      const a = document.createElement('a');
      a.href = '?sheet=' + encodeURIComponent(name);
      a.textContent = name;
      if (name === view.sheet) a.setAttribute('aria-current', 'page');
      return a;
    }),
  );
  const main = $('main');
  main.className = view.gridlines ? '' : 'nogrid';
  // The sheet's HTML is the viewer's own, drawn and escaped on the server from the layout model.
  main.innerHTML = view.html;
  status(view.note);
}

async function show(sheet?: string) {
  if (!shown) return;
  status('Loading…');
  try {
    draw((await app.callServerTool({ name: 'show_sheet', arguments: { file_uuid: shown.file_uuid, ...(sheet ? { sheet } : {}) } })) as Result);
  } catch (err) {
    status(`Could not load: ${(err as Error).message}`);
  }
}

document.addEventListener('click', (ev) => {
  const a = (ev.target as Element).closest?.('a');
  if (!a) return;
  ev.preventDefault();
  const href = a.getAttribute('href') ?? '';
  if (href.startsWith('?sheet=')) return void show(decodeURIComponent(href.slice(7)));
  if (/^(https?:|mailto:)/i.test(href)) void app.openLink({ url: href });
});
$('#refresh').addEventListener('click', () => void show(shown?.sheet));

app.ontoolresult = (result) => draw(result as Result);
void app.connect().then(() => status('Waiting for the sheet…'));
