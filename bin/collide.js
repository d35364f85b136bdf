#!/usr/bin/env node
'use strict';
// The `collide` command: a thin launcher for the bundled CLI (built by `npm run build`,
// which `npm ci` runs through `prepare`), loaded through its code cache (cli-loader.js).
const fs = require('node:fs');
const { CLI, runCli } = require('./cli-loader.js');
if (!fs.existsSync(CLI)) {
  process.stderr.write('collide: the CLI is not built yet; run `npm run build` (or `npm ci`) first.\n');
  process.exit(2);
}
runCli();
