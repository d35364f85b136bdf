// One spelling in the project: US English. Lists every British form of a word in the tracked
// sources and docs, with the US form to use. `node scripts/spelling.mjs` prints them (exit 1 when
// any); test/unit/spelling.test.ts runs the same check in `npm test`.
//
// A list of known British forms rather than a dictionary: it flags only what is certainly a
// regional spelling, so it never needs a word list of the project's identifiers. The diagnostic
// code `tunnelling` is spelled as the language's specification spells it, and the names that
// carry it follow it; LSP's own `RequestCancelled` is the library's name.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** British stem → US stem; a word matches when it starts with the stem (any case, any ending). */
const STEMS = new Map(
  Object.entries({
    centred: 'centered',
    centre: 'center',
    colour: 'color',
    analyse: 'analyze',
    analysed: 'analyzed',
    analysing: 'analyzing',
    analyser: 'analyzer',
    behaviour: 'behavior',
    neighbour: 'neighbor',
    favour: 'favor',
    honour: 'honor',
    labour: 'labor',
    flavour: 'flavor',
    armour: 'armor',
    grey: 'gray',
    metre: 'meter',
    licence: 'license',
    catalogue: 'catalog',
    artefact: 'artifact',
    judgement: 'judgment',
    whilst: 'while',
    travelled: 'traveled',
    travelling: 'traveling',
    modelled: 'modeled',
    modelling: 'modeling',
    labelled: 'labeled',
    labelling: 'labeling',
    cancelled: 'canceled',
    cancelling: 'canceling',
    signalled: 'signaled',
    signalling: 'signaling',
    levelled: 'leveled',
    fulfil: 'fulfill',
    defence: 'defense',
    offence: 'offense',
    programme: 'program',
  }),
);
/** -ise/-isation verbs (and -yse): the stem before the s. */
const ISE = [
  'normal', 'initial', 'recogn', 'organ', 'serial', 'deserial', 'optim', 'minim', 'maxim', 'visual',
  'general', 'summar', 'real', 'priorit', 'synchron', 'resynchron', 'special', 'util', 'stabil',
  'material', 'custom', 'final', 'categor', 'emphas', 'character', 'memo', 'amort', 'parametr',
  'parameter', 'random', 'token', 'discret', 'raster', 'canonical', 'central', 'local', 'neutral',
  'standard', 'vectori', 'quant', 'linear', 'polar', 'regular', 'apolog', 'critic', 'author',
  'symbol', 'capital', 'legal', 'penal', 'equal', 'digit', 'sanit', 'trivial', 'virtual', 'plural',
];
const ISE_RE = new RegExp(`^(${ISE.join('|')})is(e|es|ed|ing|ation|ations|er|ers|able)$`, 'i');
/** Words that start like a British stem but are US English too. */
const ALLOWED = /^(centres?-free|greyhound|analyses|analysis|realism|tunnell\w*|requestcancelled|initialism)$/i;

const WORD = /[A-Za-z]+/g;

/** British forms in one text: [{ line, column, word, us }]. Identifiers are split at case changes. */
export function britishForms(text) {
  const found = [];
  const lines = text.split('\n');
  for (let l = 0; l < lines.length; l++) {
    for (const m of lines[l].matchAll(WORD)) {
      if (ALLOWED.test(m[0])) continue;
      // camelCase and PascalCase: each part is a word of its own.
      for (const part of m[0].matchAll(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g)) {
        const word = part[0];
        const us = usForm(word);
        if (us !== undefined && !ALLOWED.test(word) && !ALLOWED.test(m[0])) found.push({ line: l + 1, column: m.index + part.index + 1, word, us });
      }
    }
  }
  return found;
}

function usForm(word) {
  const lower = word.toLowerCase();
  // Prefixed forms: relabelled, unnormalised, deoptimised, preanalysed.
  const prefix = /^(re|un|de|pre|non)(?=[a-z]{5})/.exec(lower);
  if (prefix) {
    const rest = usForm(lower.slice(prefix[1].length));
    if (rest !== undefined) return prefix[1] + rest;
  }
  for (const [gb, us] of STEMS) if (lower.startsWith(gb) && !lower.startsWith(us)) return us + lower.slice(gb.length);
  const ise = ISE_RE.exec(lower);
  if (ise) return `${ise[1]}iz${ise[2]}`;
  return undefined;
}

/** The files the check reads: tracked sources, docs and manifests, not data, fixtures or generated files. */
export function checkedFiles(root = ROOT) {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  return tracked.filter(
    (f) =>
      /\.(ts|mts|mjs|js|md|css|html)$/.test(f) &&
      !f.startsWith('test/fixtures/') &&
      !/(^|\/)fixtures?\//.test(f) &&
      !f.endsWith('.d.ts') &&
      f !== 'scripts/spelling.mjs' &&
      f !== 'test/unit/spelling.test.ts',
  ).concat(['package.json', 'snippets/collide.json', 'syntaxes/collide.tmLanguage.json'].filter((f) => tracked.includes(f)));
}

export function check(root = ROOT) {
  const problems = [];
  for (const file of checkedFiles(root)) {
    for (const p of britishForms(readFileSync(join(root, file), 'utf8'))) problems.push({ file, ...p });
  }
  return problems;
}

/** The US form in the case of the word it replaces: CENTRE → CENTER, Centre → Center. */
function inCase(word, us) {
  if (word === word.toUpperCase()) return us.toUpperCase();
  if (word[0] === word[0].toUpperCase()) return us[0].toUpperCase() + us.slice(1);
  return us;
}

/** Rewrites every British form in place (`--fix`); the caller reviews the diff and runs the tests. */
export function fix(root = ROOT) {
  const problems = check(root);
  const byFile = new Map();
  for (const p of problems) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p]);
  for (const [file, list] of byFile) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    // Right to left within a line, so earlier columns stay valid.
    for (const p of [...list].sort((a, b) => b.line - a.line || b.column - a.column)) {
      const text = lines[p.line - 1];
      lines[p.line - 1] = text.slice(0, p.column - 1) + inCase(p.word, p.us) + text.slice(p.column - 1 + p.word.length);
    }
    writeFileSync(join(root, file), lines.join('\n'));
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--fix')) console.log(`spelling: rewrote ${fix().length} British forms`);
  const problems = check();
  for (const p of problems) console.log(`${p.file}:${p.line}:${p.column}: ${p.word} → ${p.us}`);
  console.log(problems.length === 0 ? 'spelling: US English throughout' : `spelling: ${problems.length} British forms`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
