// The sheet inside the chat (MCP Apps): show_sheet names the app resource in its _meta, the
// resource is HTML of the extension's MIME type with no token in it, and in a real headless
// Chromium a test host (the ext-apps AppBridge, a sandboxed iframe) bridged to the real SDK
// client shows the sheet's values, switches sheets and, after a write over the API, refreshes.
// Over both SDK paths: a 2025-11-25 session and 2026-07-28 requests.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpHttpDoor, mcpModernHttpDoor } from './helpers/doors.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) {
  if (process.env.CI === 'true') throw new Error(`mcp-app test: ${CHROMIUM} is missing (apt-get install chromium)`);
  console.warn(`mcp-app test skipped: ${CHROMIUM} is missing (apt-get install chromium)`);
}

const APP_URI = 'ui://sheets/sheet.html';
let server: TestServer;
let file: string;
let browser: import('playwright-core').Browser;
let hostScript: string;

async function rest(method: string, path: string, body?: unknown) {
  const r = await server.request(method, path, { body });
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
  return r.body;
}

describe.skipIf(!haveChromium)('MCP App: show_sheet', () => {
  beforeAll(async () => {
    server = await startServer();
    file = (await rest('POST', '/v1/files', { name: 'App <test>', sheets: ['Data', 'Other'] })).uuid;
    await rest('PUT', `/v1/files/${file}/cells`, { cell: 'A1', values: [['Item', 'Amount'], ['Rent', '1200'], ['<img src=x onerror=alert(1)>', '80']] });
    await rest('PUT', `/v1/files/${file}/cells`, { sheet: 'Other', cell: 'A1', values: [['on the other sheet']] });
    const { build, stop } = await import('esbuild');
    try {
      const out = await build({ entryPoints: [fileURLToPath(new URL('./helpers/app-host/host.ts', import.meta.url))], bundle: true, platform: 'browser', format: 'iife', write: false, logLevel: 'silent' });
      hostScript = out.outputFiles[0]!.text;
    } finally {
      await stop();
    }
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const [era, open] of [['2025-11-25', mcpHttpDoor], ['2026-07-28', mcpModernHttpDoor]] as const) {
    it(`${era}: lists the tool with its app, serves the app, and the app shows and follows the sheet`, async () => {
      const door = await open(server);
      const client = door.client as any;
      try {
        const tools = (await client.listTools()).tools as { name: string; _meta?: Record<string, unknown> }[];
        const tool = tools.find((t) => t.name === 'show_sheet');
        expect(tool?._meta).toEqual({ ui: { resourceUri: APP_URI }, 'ui/resourceUri': APP_URI });
        const read = await client.readResource({ uri: APP_URI });
        const app = read.contents[0];
        expect(app.mimeType).toBe('text/html;profile=mcp-app');
        expect(app._meta.ui.csp).toEqual({ connectDomains: [], resourceDomains: [] });
        expect(app.text).not.toContain(server.token);
        expect(app.text).not.toMatch(/sht_|Bearer|fetch\(["'`]http/);

        const result = await client.callTool({ name: 'show_sheet', arguments: { file_uuid: file } });
        expect(result.content[0].text).toMatch(/Showing 'Data' \(A1:B3\) of 'App <test>'/);
        const bad = await client.callTool({ name: 'show_sheet', arguments: { file_uuid: 'nope' } });
        expect(bad.isError).toBe(true);
        expect(bad.content[0].text).toContain('file_uuid');

        const page = await (await browser.newContext({ viewport: { width: 1000, height: 600 } })).newPage();
        const dialogs: string[] = [];
        page.on('dialog', (d) => {
          dialogs.push(d.message());
          void d.dismiss();
        });
        const calls: string[] = [];
        await page.exposeFunction('hostCallTool', async (params: { name: string; arguments: Record<string, unknown> }) => {
          calls.push(`${params.name} ${JSON.stringify(params.arguments)}`);
          return client.callTool(params);
        });
        await page.setContent(`<!doctype html><html><body><script>${hostScript.replace(/<\/script/gi, '<\\/script')}</script></body></html>`);
        await page.evaluate(([html, input, res]) => window.openApp(html, input, res), [app.text, { file_uuid: file }, result] as const);
        const frame = page.frameLocator('iframe');
        await expect.poll(() => frame.locator('main td').allTextContents(), { timeout: 15_000 }).toEqual(expect.arrayContaining(['Item', 'Amount', 'Rent', '80', '<img src=x onerror=alert(1)>']));
        expect(await frame.locator('#title').textContent()).toBe('App <test>');
        expect(await frame.locator('nav a').allTextContents()).toEqual(['Data', 'Other']);

        // Another sheet, through the bridge.
        await frame.locator('nav a', { hasText: 'Other' }).click();
        await expect.poll(() => frame.locator('main td').allTextContents(), { timeout: 15_000 }).toContain('on the other sheet');
        await frame.locator('nav a', { hasText: 'Data' }).click();
        await expect.poll(() => frame.locator('main td').allTextContents(), { timeout: 15_000 }).toContain('Rent');

        // A write over the API shows after Refresh.
        const before = Number(await frame.locator('#version').textContent());
        await rest('PUT', `/v1/files/${file}/cells`, { cell: 'B2', values: [[`13${era.slice(-2)}`]] });
        await frame.locator('#refresh').click();
        await expect.poll(() => frame.locator('main td').allTextContents(), { timeout: 15_000 }).toContain(`13${era.slice(-2)}`);
        expect(Number(await frame.locator('#version').textContent())).toBeGreaterThan(before);
        expect(calls).toEqual([`show_sheet {"file_uuid":"${file}","sheet":"Other"}`, `show_sheet {"file_uuid":"${file}","sheet":"Data"}`, `show_sheet {"file_uuid":"${file}","sheet":"Data"}`]);
        expect(dialogs).toEqual([]);
        await page.context().close();
      } finally {
        await door.close();
      }
    }, 120_000);
  }
});
