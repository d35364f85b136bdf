/**
 * The preview webview's HTML, with its Content Security Policy. Pure (no `vscode` import) so the
 * browser tests load exactly this page.
 *
 * The policy follows VS Code's webview guide: nothing by default; scripts only with this load's
 * nonce; styles, images and fonts only from the extension's webview resources (`cspSource`).
 * No eval, no network, no inline style but this load's own. The page's only script is the
 * bundled webview.
 *
 * With `inline`, the script and the style sheet are written into the page (with the nonce)
 * instead of being loaded from `scriptUri` and `styleUri`: the page then runs as soon as VS Code
 * has loaded it, rather than after two more requests through the webview's resource loader (in
 * a remote editor, round trips to the remote host), and says `ready` that much sooner.
 */
export interface PreviewHtmlInput {
  /** `webview.cspSource`. */
  readonly cspSource: string;
  /** A fresh random nonce per load (see `makeNonce`). */
  readonly nonce: string;
  /** `webview.asWebviewUri` of dist/webview.js and dist/webview.css. */
  readonly scriptUri: string;
  readonly styleUri: string;
  /** The texts of dist/webview.js and dist/webview.css, to write into the page. */
  readonly inline?: { readonly script: string; readonly style: string };
}

export function previewHtml(input: PreviewHtmlInput): string {
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${input.nonce}'`,
    `style-src ${input.cspSource}${input.inline ? ` 'nonce-${input.nonce}'` : ''}`,
    `img-src ${input.cspSource} data:`,
    `font-src ${input.cspSource}`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttr(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${input.inline ? `<style nonce="${escapeAttr(input.nonce)}">${inlineText(input.inline.style, 'style')}</style>` : `<link rel="stylesheet" href="${escapeAttr(input.styleUri)}">`}
<title>Collide Preview</title>
</head>
<body>
${input.inline ? `<script nonce="${escapeAttr(input.nonce)}">${inlineText(input.inline.script, 'script')}</script>` : `<script nonce="${escapeAttr(input.nonce)}" src="${escapeAttr(input.scriptUri)}"></script>`}
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

/**
 * A script's or style sheet's text made safe inside its element: `</script` (or `</style`) and
 * `<!--` would end it or change how the HTML parser reads it. In both languages `<\/` and
 * `<\!` mean `</` and `<!` inside strings and regular expressions, the only places a bundle
 * has them.
 */
function inlineText(text: string, tag: 'script' | 'style'): string {
  return text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1').replace(/<!--/g, '<\\!--');
}
