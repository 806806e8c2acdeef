// The MCP Apps side of a card: one `App` per card, following the host's theme and style variables,
// connected to the host window that embeds the card.
import {
  App,
  applyDocumentTheme,
  applyHostStyleVariables,
  type McpUiHostContext,
  PostMessageTransport,
} from '@modelcontextprotocol/ext-apps';

/** The version cards report to the host in `ui/initialize`. */
const CARD_VERSION = '1.0.0';

/**
 * Creates the card's `App`. Handlers must be added before {@link connectCard}, so that the tool
 * input and result the host sends right after the handshake are not missed.
 *
 * @param name - the card's name, as the host sees it in `ui/initialize`.
 */
export function createCardApp(name: string): App {
  const app = new App({ name, version: CARD_VERSION }, {}, { autoResize: true });
  app.addEventListener('hostcontextchanged', (context) => applyHostContext(context));
  return app;
}

/**
 * Connects the card to the window that embeds it and applies the host's theme and styles.
 *
 * @param app - the card's `App` from {@link createCardApp}.
 */
export async function connectCard(app: App): Promise<void> {
  await app.connect(new PostMessageTransport(window.parent, window.parent));
  const context = app.getHostContext();
  if (context) applyHostContext(context);
}

function applyHostContext(context: McpUiHostContext): void {
  if (context.theme === 'light' || context.theme === 'dark') applyDocumentTheme(context.theme);
  const variables = context.styles?.variables;
  if (variables) applyHostStyleVariables(variables);
}

/**
 * Shows a failure to connect in the card itself, since there is no host to report it to.
 *
 * @param root - the card's root element.
 * @param error - what `connect` threw.
 */
export function showConnectionFailure(root: HTMLElement, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  const paragraph = document.createElement('p');
  paragraph.className = 'outcome failed';
  paragraph.textContent = `This card could not reach its host: ${message}`;
  root.replaceChildren(paragraph);
}
