// A test MCP Apps host (browser code, bundled by test/mcp-app.test.ts): loads an app's HTML in a
// sandboxed iframe and bridges it with the ext-apps AppBridge; the app's tools/call and
// resources/read go to the test's real SDK client through functions the test exposes.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

declare global {
  interface Window {
    hostCallTool(params: unknown): Promise<unknown>;
    hostReady: Promise<void>;
    openApp(html: string, toolInput: Record<string, unknown>, toolResult: unknown): Promise<void>;
  }
}

window.openApp = async (html, toolInput, toolResult) => {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.style.cssText = 'width:900px;height:420px;border:1px solid #ccc';
  document.body.appendChild(frame);
  const bridge = new AppBridge(null, { name: 'test-host', version: '1.0.0' }, { serverTools: {}, openLinks: {} });
  bridge.oncalltool = async (params) => (await window.hostCallTool(params)) as never;
  const initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
  // The bridge listens before the app loads, so the app's ui/initialize is not missed.
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  frame.srcdoc = html;
  await initialized;
  await bridge.sendToolInput({ arguments: toolInput });
  await bridge.sendToolResult(toolResult as never);
};
