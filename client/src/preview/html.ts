/**
 * The preview webview's HTML, with its Content Security Policy. Pure (no `vscode` import) so the
 * browser tests load exactly this page.
 *
 * The policy follows VS Code's webview guide: nothing by default; scripts only with this load's
 * nonce; styles, images and fonts only from the extension's webview resources (`cspSource`).
 * No inline style, no eval, no network. The page's only script is the bundled webview.
 */
export interface PreviewHtmlInput {
  /** `webview.cspSource`. */
  readonly cspSource: string;
  /** A fresh random nonce per load (see `makeNonce`). */
  readonly nonce: string;
  /** `webview.asWebviewUri` of dist/webview.js and dist/webview.css. */
  readonly scriptUri: string;
  readonly styleUri: string;
}

export function previewHtml(input: PreviewHtmlInput): string {
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${input.nonce}'`,
    `style-src ${input.cspSource}`,
    `img-src ${input.cspSource} data:`,
    `font-src ${input.cspSource}`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttr(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttr(input.styleUri)}">
<title>Collide Preview</title>
</head>
<body>
<script nonce="${escapeAttr(input.nonce)}" src="${escapeAttr(input.scriptUri)}"></script>
</body>
</html>
`;
}

/** 32 alphanumeric characters from a cryptographic source. */
export function makeNonce(randomBytes: (n: number) => Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(32);
  let s = '';
  for (let i = 0; i < 32; i++) s += alphabet[bytes[i]! % alphabet.length];
  return s;
}

function escapeAttr(s: string): string {
  return s.replace(/[&"<>]/g, (c) => (c === '&' ? '&amp;' : c === '"' ? '&quot;' : c === '<' ? '&lt;' : '&gt;'));
}
