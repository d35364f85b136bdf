// `npm run demo`: Collide in a real VS Code for someone without VS Code desktop. Packages the
// extension, installs the .vsix into a fresh code-server profile (code-server itself is installed
// into .cache/e2e on first use) and serves a copy of examples/ at http://127.0.0.1:<port> until
// Ctrl+C. `--port N` picks the port (default: 8080 if free, else any free port); `--no-package`
// reuses the last .vsix.
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort, installVsix, makeProfile, makeWorkspace, removeProfile, startCodeServer } from './e2e-codeserver.mjs';
import { packageExtension, vsixPath } from './package.mjs';

function portIsFree(port) {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

const args = process.argv.slice(2);
const i = args.indexOf('--port');
const requested = i >= 0 ? Number(args[i + 1]) : undefined;
if (requested !== undefined && !(Number.isInteger(requested) && requested > 0 && requested < 65536)) {
  console.error(`demo: --port needs a port number, got ${JSON.stringify(args[i + 1])}`);
  process.exit(2);
}
let vsix = vsixPath();
if (!args.includes('--no-package') || !existsSync(vsix)) vsix = packageExtension();
const port = requested ?? ((await portIsFree(8080)) ? 8080 : await freePort());
const profile = makeProfile('collide-demo-', { 'workbench.colorTheme': 'Default Dark Modern' });
let server;
const shutdown = async () => {
  await server?.stop();
  removeProfile(profile);
  process.exit(0);
};
try {
  installVsix(profile, vsix);
  const workspace = makeWorkspace(profile);
  server = await startCodeServer(profile, { port });
  console.log(`demo: Collide is running in VS Code (code-server) at ${server.url}/?folder=${encodeURIComponent(workspace)}`);
  console.log(`demo: the examples there are a copy in ${workspace}; edit freely.`);
  console.log(`demo: stop it with Ctrl+C (or: kill ${process.pid}); that also stops code-server (process group ${server.pid}).`);
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (e) {
  console.error(`demo: ${e instanceof Error ? e.message : e}`);
  await server?.stop();
  removeProfile(profile);
  process.exit(1);
}
