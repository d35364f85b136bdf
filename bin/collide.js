#!/usr/bin/env node
'use strict';
// The `collide` command: a thin launcher for the bundled CLI (built by `npm run build`,
// which `npm ci` runs through `prepare`).
const path = require('node:path');
const fs = require('node:fs');
const cli = path.join(__dirname, '..', 'dist', 'cli.js');
if (!fs.existsSync(cli)) {
  process.stderr.write('collide: the CLI is not built yet; run `npm run build` (or `npm ci`) first.\n');
  process.exit(2);
}
require(cli);
