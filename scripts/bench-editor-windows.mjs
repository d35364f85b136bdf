// Where the workbench's thread went between an isolated keystroke's diagnostics reaching the
// extension host and its squiggle on screen, the keystrokes that bring the squiggle back (odd)
// apart from those that take it away (even): after `bench:editor -- --profile`,
//   node scripts/bench-editor-windows.mjs [artifacts/bench] ['isolated, preview open']
// reads workbench.cpuprofile (its `epochAtStart`, bench-editor-cpu.mjs), editor.json and the
// extension host's timeline (timeline.tsv.client), and prints each kind's busiest call stacks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'artifacts/bench';
const runName = process.argv[3] ?? 'isolated, preview open';
const profile = JSON.parse(readFileSync(join(dir, 'workbench.cpuprofile'), 'utf8'));
const result = JSON.parse(readFileSync(join(dir, 'editor.json'), 'utf8'));
if (typeof profile.epochAtStart !== 'number') throw new Error('the profile has no epochAtStart: make it again with this bench');
const events = readFileSync(join(dir, 'timeline.tsv.client'), 'utf8').trim().split('\n').map((l) => {
  const [t, event] = l.split('\t');
  return { t: Number(t), event };
});
const [mode, preview] = runName.split(', ');
const run = (preview === 'preview open' ? result.withPreview : result.noPreview)?.[mode];
if (!run) throw new Error(`no run "${runName}" in editor.json`);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const stack = (id) => {
  const names = [];
  for (let n = byId.get(id); n && names.length < 4; n = byId.get(parent.get(n.id))) names.push(n.callFrame.functionName || '(anonymous)');
  return names.join(' < ');
};
// Each sample's epoch time, and the time until the next (its weight).
const at = [];
let t = profile.startTime;
for (const d of profile.timeDeltas) {
  t += d;
  at.push(profile.epochAtStart + (t - profile.startTime) / 1000);
}
const kinds = { odd: { busy: 0, windows: [], stacks: new Map() }, even: { busy: 0, windows: [], stacks: new Map() } };
run.keyTimes.forEach((key, i) => {
  const shown = run.squiggleAt[i];
  const diagnostics = events.find((e) => e.event === 'diagnostics' && e.t >= key && e.t <= shown);
  if (shown === undefined || !diagnostics) return;
  const k = kinds[i % 2 === 1 ? 'odd' : 'even'];
  k.windows.push(Math.round(shown - diagnostics.t));
  for (let s = 0; s < at.length; s++) {
    if (at[s] < diagnostics.t || at[s] > shown) continue;
    const name = stack(profile.samples[s]);
    if (name.startsWith('(idle)')) continue;
    const ms = (profile.timeDeltas[s + 1] ?? 0) / 1000;
    k.busy += ms;
    k.stacks.set(name, (k.stacks.get(name) ?? 0) + ms);
  }
});
for (const [name, k] of Object.entries(kinds)) {
  console.log(`${name} keystrokes: diagnostics → squiggle ${k.windows.join(', ')} ms; the workbench busy ${k.busy.toFixed(0)} ms in them`);
  for (const [s, ms] of [...k.stacks].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${ms.toFixed(1).padStart(6)}  ${s}`);
}
