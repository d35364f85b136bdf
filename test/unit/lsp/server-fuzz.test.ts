import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { CancellationTokenSource } from 'vscode-jsonrpc';
import type { Diagnostic, Position, Range } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ensureBundles, TestClient } from './lsp-client';
import { answer, LONG, runs } from './fuzz-helpers';

/**
 * The real stdio server under hostile but well-framed input: random incremental edits (CRLF,
 * astral characters split between their surrogates, bursts sent without waiting) must leave the
 * same diagnostics as the final text opened afresh; every advertised request must answer
 * positions out of range with a result or an error response; canceled requests and big scenes
 * must not hang it. Deterministic under CI (test/unit/fast-check-seed.ts); COLLIDE_FUZZ=long
 * runs many more cases.
 */

const SCENE = [
  'slop 0.005',
  'layer world',
  'body floor static box(20, 1) at (0, -0.5) layer world',
  'body sunk box(1, 1) at (0, 0.45)',
  'let speed = 600',
  'body wall static box(0.1, 4) at (5, 5)',
  'body shot circle(0.05) at (3, 5) velocity (speed, 0)',
  '// 😀 a comment with an emoji',
  'body left box(1,1) at (10, -20)',
  'body right box(1,1) at (10.5, -20)',
  '',
].join('\r\n');

/** Pieces an edit inserts: scene text, line breaks of every kind, and halves of a surrogate pair. */
const FRAGMENTS = [
  '',
  ' ',
  '\r\n',
  '\n',
  '\r',
  '😀',
  '\ud83d',
  '\ude00',
  '(',
  ')',
  ',',
  '0.5',
  '-3',
  'box(1, 1)',
  'circle(0.5)',
  ' at (0, 0)',
  ' velocity (600, 0)',
  'static ',
  'body x box(1, 1) at (0, 0.4)\r\n',
  'body y circle(1) at (0.5, 0)\n',
  'let v = 2\r\n',
  'layer world\r\n',
  'body ',
];

interface EditSpec {
  /** Where the replaced range starts and ends, as fractions of the text's length. */
  readonly from: number;
  readonly span: number;
  readonly insert: string;
}

const editSpec: fc.Arbitrary<EditSpec> = fc.record({
  from: fc.double({ min: 0, max: 1, noNaN: true }),
  span: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.1, noNaN: true })),
  insert: fc.oneof(fc.constantFrom(...FRAGMENTS), fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 4 }).map((a) => a.join(''))),
});

/** A burst: versions sent one after the other without waiting, each of one or more changes. */
const burst = fc.array(fc.array(editSpec, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: LONG ? 30 : 8 });

/** The diagnostics of another document, as if of `uri`. */
function asUri(ds: readonly Diagnostic[], from: string, to: string): unknown {
  return JSON.parse(JSON.stringify(ds).split(JSON.stringify(from).slice(1, -1)).join(JSON.stringify(to).slice(1, -1)));
}

describe('lsp: the server under fuzzed input (dist/server.js over stdio)', function () {
  this.timeout(LONG ? 0 : 60000);
  let client: TestClient;
  let documents = 0;

  before(async () => {
    ensureBundles();
    client = new TestClient();
    await client.initialize();
  });

  after(async () => {
    if (client) await client.shutdown();
  });

  afterEach(function () {
    if (this.currentTest?.state === 'failed') console.log(`server logs:\n${client.logs.slice(-30).join('\n')}`);
  });

  async function open(text: string): Promise<string> {
    const uri = `file:///fuzz/doc${++documents}.collide`;
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'collide', version: 1, text } });
    return uri;
  }

  const close = (uri: string) => client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });

  it('leaves the diagnostics of a fresh analysis after random incremental edits sent in bursts', async () => {
    await fc.assert(
      fc.asyncProperty(burst, async (versions) => {
        const uri = await open(SCENE);
        let doc = TextDocument.create(uri, 'collide', 1, SCENE);
        for (const edits of versions) {
          const changes: { range: Range; text: string }[] = [];
          for (const e of edits) {
            // Each change applies to the text the previous ones left, as the protocol says.
            const length = doc.getText().length;
            const start = Math.floor(e.from * length);
            const end = Math.min(length, start + Math.floor(e.span * length));
            const change = { range: { start: doc.positionAt(start), end: doc.positionAt(end) }, text: e.insert };
            changes.push(change);
            doc = TextDocument.update(doc, [change], doc.version);
          }
          doc = TextDocument.update(doc, [], doc.version + 1);
          void client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: doc.version }, contentChanges: changes });
        }
        const edited = await client.diagnostics(uri, doc.version);
        const fresh = await open(doc.getText());
        const expected = await client.diagnostics(fresh, 1);
        await close(uri);
        await close(fresh);
        assert.deepEqual(asUri(edited, uri, fresh), expected, `text after the edits: ${JSON.stringify(doc.getText())}`);
      }),
      { numRuns: runs(40, 800) },
    );
  });

  it('edits between the two halves of an emoji, and across a CRLF, as a fresh open analyzes the result', async () => {
    const uri = await open(SCENE);
    let doc = TextDocument.create(uri, 'collide', 1, SCENE);
    const emoji = doc.positionAt(SCENE.indexOf('😀') + 1);
    const crlf = doc.positionAt(SCENE.indexOf('\r\n') + 1);
    const changes = [
      [{ range: { start: emoji, end: emoji }, text: '\r\nbody z box(1, 1) at (0, 0.4) // ' }],
      [{ range: { start: crlf, end: { line: crlf.line + 1, character: 0 } }, text: '\n' }],
    ];
    for (const contentChanges of changes) {
      doc = TextDocument.update(doc, contentChanges, doc.version + 1);
      void client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: doc.version }, contentChanges });
    }
    const edited = await client.diagnostics(uri, doc.version);
    const fresh = await open(doc.getText());
    assert.deepEqual(asUri(edited, uri, fresh), await client.diagnostics(fresh, 1));
    assert.ok(edited.some((d) => d.code === 'overlap' && String(d.message).includes('z')), JSON.stringify(edited.map((d) => d.message)));
    await close(uri);
    await close(fresh);
  });

  const OUT_OF_RANGE: Position[] = [
    { line: 1_000_000, character: 0 },
    { line: 0, character: 1_000_000 },
    { line: -1, character: -1 },
    { line: 2 ** 31 - 1, character: 2 ** 31 - 1 },
    { line: 1.5, character: 2.5 },
    { line: 7, character: 4 }, // inside the emoji's surrogate pair
  ];

  /** Every request the server advertises that takes a document, with a position or range. */
  function requests(uri: string, p: Position): [string, unknown][] {
    const range = { start: p, end: { line: p.line + 1, character: p.character } };
    const td = { uri };
    return [
      ['textDocument/hover', { textDocument: td, position: p }],
      ['textDocument/completion', { textDocument: td, position: p }],
      ['textDocument/signatureHelp', { textDocument: td, position: p }],
      ['textDocument/definition', { textDocument: td, position: p }],
      ['textDocument/references', { textDocument: td, position: p, context: { includeDeclaration: true } }],
      ['textDocument/documentHighlight', { textDocument: td, position: p }],
      ['textDocument/codeAction', { textDocument: td, range, context: { diagnostics: [] } }],
      ['textDocument/prepareRename', { textDocument: td, position: p }],
      ['textDocument/rename', { textDocument: td, position: p, newName: 'renamed' }],
      ['textDocument/semanticTokens/range', { textDocument: td, range }],
      ['textDocument/inlayHint', { textDocument: td, range }],
      ['textDocument/documentSymbol', { textDocument: td }],
      ['textDocument/codeLens', { textDocument: td }],
      ['textDocument/formatting', { textDocument: td, options: { tabSize: 2, insertSpaces: true } }],
      ['textDocument/foldingRange', { textDocument: td }],
      ['textDocument/semanticTokens/full', { textDocument: td }],
      ['textDocument/semanticTokens/full/delta', { textDocument: td, previousResultId: 'none' }],
      ['workspace/symbol', { query: 'sunk' }],
      ['collide/previewScene', { uri }],
      ['collide/previewPair', { uri, a: 'sunk', b: 'floor' }],
    ];
  }

  async function expectAnswered(uri: string, p: Position): Promise<void> {
    for (const [method, params] of requests(uri, p)) {
      const what = `${method} at ${JSON.stringify(p)}`;
      const got = await answer(() => client.connection.sendRequest(method, params), what);
      if ('error' in got) assert.ok(typeof got.error.code === 'number' && got.error.message.length > 0, `${what}: an error with a message`);
      assert.ok(!client.exited, `${what}: the server is still running`);
    }
  }

  it('answers every advertised request at positions out of range, with a result or an error', async () => {
    const uri = await open(SCENE);
    await client.diagnostics(uri, 1);
    for (const p of OUT_OF_RANGE) await expectAnswered(uri, p);
    const random = fc.record({ line: fc.integer({ min: -3, max: 40 }), character: fc.integer({ min: -3, max: 120 }) });
    await fc.assert(fc.asyncProperty(random, (p) => expectAnswered(uri, p)), { numRuns: runs(5, 100) });
    const hover = await answer(() => client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 3, character: 6 } }), 'hover');
    assert.ok('result' in hover && hover.result !== null, 'a sound request after them is answered');
    await close(uri);
  });

  it('answers requests canceled at once with a result or RequestCancelled, and ignores unknown cancellations', async () => {
    const uri = await open(SCENE);
    const pending: Promise<unknown>[] = [];
    for (const [method, params] of requests(uri, { line: 3, character: 6 })) {
      const source = new CancellationTokenSource();
      pending.push(
        answer(() => client.connection.sendRequest(method, params, source.token), method).then((got) => {
          if ('error' in got) assert.equal(got.error.code, -32800, `${method}: ${got.error.message}`);
        }),
      );
      source.cancel();
    }
    await client.connection.sendNotification('$/cancelRequest', { id: 987654 });
    await client.connection.sendNotification('$/cancelRequest', { id: 'no such request' });
    await Promise.all(pending);
    const hover = await answer(() => client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 3, character: 6 } }), 'hover');
    assert.ok('result' in hover && hover.result !== null);
    await close(uri);
  });

  it('survives well-framed messages with random methods and parameters, and keeps answering', async () => {
    const uri = await open(SCENE);
    await client.diagnostics(uri, 1);
    const methods = [...requests(uri, { line: 0, character: 0 }).map(([m]) => m), 'textDocument/didChange', 'textDocument/didSave', 'workspace/didChangeConfiguration', 'no/such'];
    // Not didOpen or didClose of the document under test, nor exit: those are lawful.
    const params = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record({ textDocument: fc.record({ uri: fc.constantFrom(uri, 'file:///nowhere.collide', ''), version: fc.integer() }, { requiredKeys: [] }) }, { requiredKeys: [] }),
      fc.record({ textDocument: fc.constant({ uri }), position: fc.jsonValue({ maxDepth: 1 }), range: fc.jsonValue({ maxDepth: 2 }), contentChanges: fc.jsonValue({ maxDepth: 2 }) }),
    );
    const message = fc.record({ method: fc.constantFrom(...methods), params, request: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(fc.array(message, { minLength: 1, maxLength: 10 }), async (messages) => {
        const answers: Promise<unknown>[] = [];
        for (const m of messages) {
          if (m.request) answers.push(answer(() => client.connection.sendRequest(m.method, m.params), m.method));
          else void client.connection.sendNotification(m.method, m.params);
        }
        await Promise.all(answers);
        const hover = await answer(() => client.connection.sendRequest('textDocument/hover', { textDocument: { uri: 'file:///nowhere.collide' }, position: { line: 0, character: 0 } }), 'hover');
        assert.deepEqual(hover, { result: null }, 'a sound request after them is answered');
        assert.ok(!client.exited);
      }),
      { numRuns: runs(10, 200) },
    );
    await close(uri);
  });

  it('analyzes a scene of 5,000 bodies and an edit of it as a fresh open does', async () => {
    const lines = ['layer world'];
    for (let i = 0; i < 5000; i++) lines.push(`body b${i} box(1, 1) at (${(i % 100) * 3}, ${Math.floor(i / 100) * 3})${i % 7 === 0 ? ' velocity (400, 0)' : ''}`);
    const text = `${lines.join('\r\n')}\r\n`;
    const uri = await open(text);
    assert.ok((await client.diagnostics(uri, 1, 30000)).length > 0);
    // Moves b2500 onto b2501.
    const line = 2501;
    const doc = TextDocument.create(uri, 'collide', 1, text);
    const old = lines[line]!;
    const change = { range: { start: { line, character: 0 }, end: { line, character: old.length } }, text: old.replace(/at \(\d+, /, 'at (2.5, ') };
    const edited = TextDocument.update(doc, [change], 2);
    await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [change] });
    const after = await client.diagnostics(uri, 2, 30000);
    const fresh = await open(edited.getText());
    assert.deepEqual(asUri(after, uri, fresh), await client.diagnostics(fresh, 1, 30000));
    const hover = await answer(() => client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line, character: 6 } }), 'hover');
    assert.ok('result' in hover && hover.result !== null);
    await close(uri);
    await close(fresh);
  });
});
