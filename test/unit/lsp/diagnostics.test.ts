import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strict as assert } from 'node:assert';
import { parseSettings } from '../../../server/src/lsp/configuration';
import { analysisOptions, DEFAULT_SETTINGS } from '../../../server/src/features/settings';
import { plainDiagnosticOf, publishedDiagnostics, toLspDiagnostic } from '../../../server/src/lsp/diagnostics';
import { findingOf } from '../../../server/src/features/document';
import { scene } from '../features/fixture';

const TEXT = 'body wall static box(0.1, 4) at (2, 0)\nbody shot circle(0.05) at (-1, 0) velocity (600, 0)\nbody floor static box(20, 1) at (0, -5.5)\nbody sunk box(1, 1) at (0, -4.55)\nlet unused = 1\n';

describe('lsp/diagnostics', () => {
  it('publishes every diagnostic with its code, source, severity and related information', () => {
    const doc = scene(TEXT);
    const ds = publishedDiagnostics(doc);
    assert.deepEqual(ds.map((d) => [d.code, d.severity]), [['tunnelling', 2], ['overlap', 2], ['unused-definition', 4]]);
    assert.ok(ds.every((d) => d.source === 'collide'));
    const overlap = ds.find((d) => d.code === 'overlap')!;
    assert.equal(overlap.relatedInformation![0]!.location.uri, 'file:///test.collide');
    assert.equal(overlap.relatedInformation![0]!.location.range.start.line, 2);
    // A finding's related information is the other body's name at its declaration.
    assert.equal(overlap.relatedInformation![0]!.message, 'floor');
    assert.deepEqual(ds.find((d) => d.code === 'tunnelling')!.relatedInformation!.map((r) => [r.message, r.location.range.start.line]), [['wall', 0]]);
    assert.deepEqual(ds.find((d) => d.code === 'unused-definition')!.tags, [1]);
  });

  it('applies the severity setting per code, `off` included', () => {
    const doc = scene(TEXT, parseSettings({ severity: { overlap: 'off', tunnelling: 'error', 'unused-definition': 'information', bogus: 'loud' } }));
    assert.deepEqual(publishedDiagnostics(doc).map((d) => [d.code, d.severity]), [['tunnelling', 1], ['unused-definition', 3]]);
  });

  it('turns continuous detection off, and passes the broad phase to the analysis', () => {
    const off = scene(TEXT, parseSettings({ continuous: { enabled: false }, broadPhase: 'sort-and-sweep' }));
    assert.deepEqual(off.analysis.findings.map((f) => f.kind), ['overlap']);
    assert.deepEqual(analysisOptions(off.settings), { continuous: false, broadPhase: 'sort-and-sweep' });
    for (const broadPhase of ['dynamic-tree', 'sort-and-sweep', 'grid', 'brute-force']) {
      assert.deepEqual(scene(TEXT, parseSettings({ broadPhase })).analysis.findings.map((f) => f.kind), ['tunnelling', 'overlap']);
    }
  });

  it('has the defaults the extension manifest and docs/editors.md state', () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8'));
    const props = manifest.contributes.configuration.properties;
    assert.equal(props['collide.broadPhase'].default, DEFAULT_SETTINGS.broadPhase);
    assert.equal(props['collide.continuous.enabled'].default, DEFAULT_SETTINGS.continuous);
    assert.deepEqual(props['collide.severity'].default, {});
    const table = readFileSync(join(__dirname, '../../../docs/editors.md'), 'utf8');
    const row = (name: string) => new RegExp(`^\\| \`${name.replace('.', '\\.')}\` \\| \`([^\`]*)\` \\|`, 'm').exec(table)?.[1];
    assert.equal(row('broadPhase'), JSON.stringify(DEFAULT_SETTINGS.broadPhase));
    assert.equal(row('continuous.enabled'), String(DEFAULT_SETTINGS.continuous));
    assert.equal(row('severity'), '{}');
    assert.equal(props['collide.diagnostics.limit'].default, DEFAULT_SETTINGS.diagnosticsLimit);
    assert.equal(row('diagnostics.limit'), String(DEFAULT_SETTINGS.diagnosticsLimit));
    assert.equal(props['collide.codeLens.limit'].default, DEFAULT_SETTINGS.codeLensLimit);
    assert.equal(row('codeLens.limit'), String(DEFAULT_SETTINGS.codeLensLimit));
  });

  it('reads malformed settings as the defaults, field by field', () => {
    for (const raw of [null, undefined, 42, 'x', [], { severity: [] }, { continuous: 'yes', broadPhase: 'quantum' }]) {
      assert.deepEqual(parseSettings(raw), DEFAULT_SETTINGS);
    }
    assert.equal(parseSettings({ 'continuous.enabled': false }).continuous, false);
    assert.equal(parseSettings({ continuous: false }).continuous, false);
    for (const limit of [-1, 2.5, '10', null, Infinity]) assert.equal(parseSettings({ diagnostics: { limit } }).diagnosticsLimit, DEFAULT_SETTINGS.diagnosticsLimit);
    assert.equal(parseSettings({ diagnostics: { limit: 0 } }).diagnosticsLimit, 0);
    assert.equal(parseSettings({ 'diagnostics.limit': 25 }).diagnosticsLimit, 25);
    for (const limit of [-1, 2.5, '10', null, Infinity]) assert.equal(parseSettings({ codeLens: { limit } }).codeLensLimit, DEFAULT_SETTINGS.codeLensLimit);
    assert.equal(parseSettings({ codeLens: { limit: 0 } }).codeLensLimit, 0);
    assert.equal(parseSettings({ 'codeLens.limit': 25 }).codeLensLimit, 25);
    assert.equal(parseSettings({ codeLens: { limit: 3 }, diagnostics: { limit: 9 } }).diagnosticsLimit, 9, 'each limit is read from its own section');
  });

  it('matches a diagnostic sent back by the editor to the analysis and to its finding', () => {
    const doc = scene(TEXT);
    for (const d of doc.analysis.diagnostics) {
      const lsp = toLspDiagnostic(doc, d);
      assert.equal(plainDiagnosticOf(doc, lsp), d);
      const f = findingOf(doc, d);
      if (d.code === 'overlap' || d.code === 'tunnelling') assert.equal(f?.kind, d.code);
      else assert.equal(f, undefined);
    }
    assert.equal(plainDiagnosticOf(doc, { ...toLspDiagnostic(doc, doc.analysis.diagnostics[0]!), source: 'eslint' }), undefined);
  });
});
