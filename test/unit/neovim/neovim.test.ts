import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureBundles, ROOT } from '../lsp/lsp-client';

const SCENE = [
  'body wall static box(0.1, 4) at (2, 0)',
  'body shot circle(0.05) at (-1, 0) velocity (600, 0)',
  'body ball circle(0.2) at (1.6, -1) velocity (12, 0)',
  'body floor static box(20,1) at (0, -5.5)',
  'body sunk box(1, 1) at (0, -4.55)',
  '',
].join('\n');

/**
 * The script Neovim runs: the recipe of /work/shared/design/vscode-e2e.md for 0.7 (no
 * vim.lsp.start: start_client + buf_attach_client), with settings pushed to the server with
 * workspace/didChangeConfiguration. It writes what it saw as JSON and quits.
 */
function script(file: string, out: string): string {
  return `
local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(${JSON.stringify(file)}))
  local buf = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({
    name = 'collide',
    cmd = { ${JSON.stringify(process.execPath)}, ${JSON.stringify(path.join(ROOT, 'bin', 'collide.js'))}, 'lsp', '--stdio' },
    root_dir = ${JSON.stringify(path.dirname(file))},
    settings = { collide = { severity = { collision = 'off' } } },
    -- Neovim 0.7 does not advertise workspace/configuration, so the settings are pushed once at
    -- start, as nvim-lspconfig does (docs/editors.md).
    on_init = function(client)
      client.notify('workspace/didChangeConfiguration', { settings = client.config.settings })
    end,
  })
  vim.lsp.buf_attach_client(buf, id)
  local seen = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  local result = { attached = seen, codes = {} }
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    table.insert(result.codes, tostring(lsp.code or d.code))
  end
  table.sort(result.codes)
  local uri = vim.uri_from_bufnr(buf)
  local hover = vim.lsp.buf_request_sync(buf, 'textDocument/hover', { textDocument = { uri = uri }, position = { line = 4, character = 6 } }, 10000)
  for _, r in pairs(hover or {}) do
    if r.result then result.hover = r.result.contents.value end
  end
  local fmt = vim.lsp.buf_request_sync(buf, 'textDocument/formatting', { textDocument = { uri = uri }, options = { tabSize = 2, insertSpaces = true } }, 10000)
  for _, r in pairs(fmt or {}) do
    if r.result then vim.lsp.util.apply_text_edits(r.result, buf, 'utf-16') end
  end
  result.formatted = vim.api.nvim_buf_get_lines(buf, 3, 4, false)[1]
  local items = vim.lsp.buf_request_sync(buf, 'textDocument/completion', { textDocument = { uri = uri }, position = { line = 0, character = 10 } }, 10000)
  result.completion = {}
  for _, r in pairs(items or {}) do
    for _, item in ipairs(r.result or {}) do table.insert(result.completion, item.label) end
  end
  vim.fn.writefile({ vim.fn.json_encode(result) }, ${JSON.stringify(out)})
end)
if not ok then vim.fn.writefile({ vim.fn.json_encode({ error = tostring(err) }) }, ${JSON.stringify(out)}) end
vim.cmd('qall!')
`;
}

describe('neovim: Neovim 0.7 as a third-party LSP client over collide lsp --stdio', function () {
  this.timeout(90000);
  const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  if (nvim.error || nvim.status !== 0) {
    it('is skipped: nvim is not installed on this machine');
    return;
  }

  let dir = '';
  before(() => {
    ensureBundles();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'collide-nvim-'));
  });
  after(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gets diagnostics (with its settings applied), hover, formatting and completion', () => {
    const file = path.join(dir, 'scene.collide');
    const out = path.join(dir, 'result.json');
    fs.writeFileSync(file, SCENE);
    fs.writeFileSync(path.join(dir, 'check.lua'), script(file, out));
    const run = spawnSync('nvim', ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${path.join(dir, 'check.lua')}`], {
      encoding: 'utf8',
      timeout: 80000,
      env: { ...process.env, XDG_STATE_HOME: dir, XDG_CACHE_HOME: dir, XDG_DATA_HOME: dir },
    });
    assert.ok(fs.existsSync(out), `nvim wrote no result (status ${run.status}): ${run.stderr}`);
    const result = JSON.parse(fs.readFileSync(out, 'utf8')) as {
      error?: string;
      attached: boolean;
      codes: string[];
      hover?: string;
      formatted?: string;
      completion: string[];
    };
    assert.equal(result.error, undefined);
    assert.equal(result.attached, true);
    // `collision` is turned off by the settings Neovim pushed.
    assert.deepEqual(result.codes, ['overlap', 'tunnelling']);
    assert.match(result.hover ?? '', /\*\*body\*\* `sunk`[\s\S]*overlap\*\* with `floor`/);
    assert.equal(result.formatted, 'body floor static box(20, 1) at (0, -5.5)');
    assert.ok(result.completion.includes('static') && result.completion.includes('circle'), result.completion.join(','));
  });
});
