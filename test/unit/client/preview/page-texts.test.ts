/**
 * The preview page's texts (client/src/preview/page-texts.ts): read once, with the host's own
 * reader where it can read, through VS Code's file system otherwise, and nothing (the page loads
 * them by URI) when neither can.
 */
import { strict as assert } from 'node:assert';
import type * as vscode from 'vscode';
import { forgetPageTexts, pageTexts, useOwnFileReader, type PageTextsApi } from '../../../../client/src/preview/page-texts';

const uri = (s: string): vscode.Uri => ({ scheme: s.slice(0, s.indexOf(':')), toString: () => s, fsPath: s.replace(/^file:\/\//, '') }) as unknown as vscode.Uri;

/** A stand-in for the API over `files` (URI → text), recording what VS Code's file system was asked. */
function fakeApi(files: Record<string, string>): PageTextsApi & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    Uri: { joinPath: (base, name) => uri(`${base.toString()}/${name}`) },
    workspace: {
      fs: {
        readFile(u) {
          asked.push(u.toString());
          const f = files[u.toString()];
          return f === undefined ? Promise.reject(new Error('EntryNotFound')) : Promise.resolve(new TextEncoder().encode(f));
        },
      },
    },
  };
}

const DIST = 'vscode-remote://host/ext/dist';
const FILES = { [`${DIST}/webview.js`]: 'run();', [`${DIST}/webview.css`]: 'body{}' };

describe('client/preview/page-texts: the page\'s script and style sheet', () => {
  afterEach(() => {
    forgetPageTexts();
    useOwnFileReader(() => null);
  });

  it('reads them through VS Code\'s file system when the host\'s reader cannot, once', async () => {
    const api = fakeApi(FILES);
    const first = await pageTexts(api, uri(DIST));
    assert.deepEqual(first, { inline: { script: 'run();', style: 'body{}' } });
    assert.deepEqual(await pageTexts(api, uri(DIST)), first);
    assert.deepEqual(api.asked.sort(), [`${DIST}/webview.css`, `${DIST}/webview.js`]);
  });

  it('reads them with the host\'s own reader where it can, without asking VS Code', async () => {
    const api = fakeApi({});
    const own: string[] = [];
    useOwnFileReader((u) => {
      own.push(u.toString());
      return Promise.resolve(new TextEncoder().encode(u.toString().endsWith('.js') ? 'own();' : 'p{}'));
    });
    assert.deepEqual(await pageTexts(api, uri(DIST)), { inline: { script: 'own();', style: 'p{}' } });
    assert.equal(own.length, 2);
    assert.deepEqual(api.asked, []);
  });

  it('gives nothing to write into the page when a text cannot be read', async () => {
    const api = fakeApi({ [`${DIST}/webview.js`]: 'run();' });
    assert.deepEqual(await pageTexts(api, uri(DIST)), {});
  });
});
