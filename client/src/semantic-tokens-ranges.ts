import type { ClientCapabilities, StaticFeature } from 'vscode-languageclient';

/**
 * Tells the server that this client asks for semantic tokens by range only, so that VS Code
 * colors the visible lines (as TypeScript's own extension does) rather than the whole document.
 * VS Code takes a whole-document answer as a change of every line's tokens, and its bracket-pair
 * tree then parses the whole document again at the next bracket query: on a 10,000-line scene,
 * tens of milliseconds of the workbench's thread per keystroke. A range answer marks only the
 * lines it covers.
 */
export const rangeSemanticTokensOnly: StaticFeature = {
  fillClientCapabilities(capabilities: ClientCapabilities): void {
    const tokens = capabilities.textDocument?.semanticTokens;
    if (tokens) tokens.requests = { ...tokens.requests, full: false };
  },
  initialize(): void {},
  getState: () => ({ kind: 'static' }),
  clear(): void {},
};
