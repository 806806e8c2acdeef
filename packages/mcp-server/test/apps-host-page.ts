// The host side of the card tests, run in the browser page that test/helpers/apps-host.ts serves: it
// embeds a card in an iframe and talks to it through ext-apps's own `AppBridge`, as an MCP Apps host
// does. Tool calls and context updates from the card go to functions the test exposes on the page.
import {
  AppBridge,
  type McpUiHostContext,
  type McpUiToolResultNotification,
  PostMessageTransport,
} from '@modelcontextprotocol/ext-apps/app-bridge';

type ToolResult = McpUiToolResultNotification['params'];

/** What the test passes to {@link openCard} in the page. */
export interface CardPageOptions {
  readonly html: string;
  readonly toolInput: Record<string, unknown>;
  readonly toolResult: ToolResult;
  readonly hostContext: McpUiHostContext;
  readonly width: number;
}

declare global {
  interface Window {
    /** Exposed by the test: answers the card's `tools/call`. */
    acctkitCallTool(params: unknown): Promise<ToolResult>;
    /** Exposed by the test: records the card's `ui/update-model-context`. */
    acctkitModelContext(params: unknown): Promise<void>;
    /** Exposed by the test: records the card's size changes. */
    acctkitSizeChanged(params: unknown): Promise<void>;
    /** Set here: opens a card; resolves once the card has its tool input and result. */
    acctkitOpenCard(options: CardPageOptions): Promise<void>;
  }
}

async function openCard(options: CardPageOptions): Promise<void> {
  const iframe = document.createElement('iframe');
  iframe.title = 'card';
  // Scripts only: the card gets an opaque origin, no same-origin access, no forms or popups.
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.style.cssText = `width: ${options.width}px; height: 120px; border: 1px solid #8884; display: block;`;
  document.body.append(iframe);
  const target = iframe.contentWindow;
  if (!target) throw new Error('the iframe has no window');

  const bridge = new AppBridge(
    null,
    { name: 'acctkit test host', version: '1.0.0' },
    { serverTools: {}, updateModelContext: { text: {}, structuredContent: {} }, logging: {} },
    { hostContext: options.hostContext },
  );
  bridge.oncalltool = (params) => window.acctkitCallTool(params);
  bridge.onupdatemodelcontext = async (params) => {
    await window.acctkitModelContext(params);
    return {};
  };
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) iframe.style.height = `${height}px`;
    void window.acctkitSizeChanged({ height });
  };
  const initialized = new Promise<void>((resolve) => {
    bridge.oninitialized = () => resolve();
  });
  await bridge.connect(new PostMessageTransport(target, target));
  iframe.srcdoc = options.html;
  await initialized;
  await bridge.sendToolInput({ arguments: options.toolInput });
  await bridge.sendToolResult(options.toolResult);
}

window.acctkitOpenCard = openCard;
