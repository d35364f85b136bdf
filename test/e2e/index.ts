// The entry point VS Code's extension host loads as `extensionTestsPath` (the @vscode/test-electron
// contract, which code-server honors through its `payload` test hook): `run()` runs the mocha
// suite inside the real extension host and rejects when any test fails, which makes VS Code exit
// with a non-zero code (code-server reports it through `codeAutomationExit`).
import * as path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, reporter: 'spec' });
  // esbuild compiles each suite file next to this one (see scripts/e2e.mjs).
  for (const file of ['extension.test.js']) mocha.addFile(path.join(__dirname, 'suite', file));
  return new Promise((resolve, reject) => {
    try {
      mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} end-to-end test(s) failed`)) : resolve()));
    } catch (e) {
      reject(e);
    }
  });
}
