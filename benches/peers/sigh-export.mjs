#!/usr/bin/env node
// Exports puzzle sets of sigh's Interactive Sudoku Solver
// (https://github.com/sigh/Interactive-Sudoku-Solver) into sudoku-dlx's variant TOML form, one
// file a set, plus manifest.json (for each set: the puzzles exported, with sigh's own input so
// that sigh-run.mjs times exactly the same puzzles, and the ones skipped, with the reason).
//
//   node benches/peers/sigh-export.mjs SIGH_DIR OUT_DIR [--max N]
//
// --max N keeps the first N exportable puzzles of each set (default: all of them).
// The sets:
//   killers            9×9 killers of collections.js (TAREK_ALL, MATHEMAGIC_KILLERS, HS_KILLERS,
//                      EXTREME_KILLERS) and the examples holding cages, givens and at most the
//                      two diagonals
//   jigsaw-empty       each layout of jigsaw_layouts.js's VALID_JIGSAW_LAYOUTS, no givens
//                      (jigsaw_box_layouts.js's, regions and boxes both, are skipped)
//   jigsaw-unsolvable  each layout of invalid_jigsaw_layouts.js, no givens (none has a solution)
//   16x16              the 16×16 examples: classic, X, windoku (hyper), jigsaw
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
let max = Infinity;
const maxAt = args.indexOf('--max');
if (maxAt >= 0) { max = Number(args[maxAt + 1]); args.splice(maxAt, 2); }
if (args.length !== 2 || !(max > 0)) {
  console.error('usage: sigh-export.mjs SIGH_DIR OUT_DIR [--max N]');
  process.exit(2);
}
const [sighDir, outDir] = args.map((p) => resolve(p));

// sigh's modules are written for the browser and a web worker: they read `self.VERSION_PARAM`
// (a cache-busting suffix of their imports). These two globals are all they need under node.
globalThis.self = globalThis;
globalThis.VERSION_PARAM = '';
const load = (path) => import(pathToFileURL(join(sighDir, path)).href);
const { SudokuParser } = await load('js/sudoku_parser.js');
const Collections = await load('data/collections.js');
const { PUZZLE_INDEX, resolvePuzzleConfig } = await load('data/example_puzzles.js');
const { VALID_JIGSAW_LAYOUTS } = await load('data/jigsaw_layouts.js');
const { VALID_JIGSAW_BOX_LAYOUTS } = await load('data/jigsaw_box_layouts.js');
const { INVALID_JIGSAW_LAYOUTS } = await load('data/invalid_jigsaw_layouts.js');

// ---- Candidates: { name, input, solution? } in sigh's terms ----

const fromCollection = (setName) => {
  const c = Collections[setName];
  return c.map((entry, i) => {
    const cfg = c.configFor ? c.configFor(entry) : resolvePuzzleConfig(entry);
    const name = (!cfg.name || cfg.name === cfg.input) ? `${setName}#${i + 1}` : cfg.name;
    return { name, input: cfg.input, solution: cfg.solution };
  });
};
const examples = [...PUZZLE_INDEX.values()]
  .filter((p) => typeof p.input === 'string' && !p.input.startsWith('/'))
  .map((p) => ({ name: p.name, input: p.input, solution: p.solution }));
const layouts = (list, name) => list.map((l, i) => ({
  name: `${name}#${i + 1}`, input: typeof l === 'string' ? l : l.input,
}));

const SETS = {
  killers: {
    candidates: [
      ...['TAREK_ALL', 'MATHEMAGIC_KILLERS', 'HS_KILLERS', 'EXTREME_KILLERS'].flatMap(fromCollection),
      ...examples.filter((p) => /killer/i.test(p.name)),
    ],
    // A killer here: 9×9, cages, nothing but givens and diagonals besides.
    accept: (s) => (s.side === 9 && s.cages.length > 0 && !s.regions) || 'not a 9×9 killer',
  },
  'jigsaw-empty': {
    // (the box layouts, regions and boxes both, have no TOML form: listed as skipped)
    candidates: [...layouts(VALID_JIGSAW_LAYOUTS, 'VALID_JIGSAW_LAYOUTS'),
      ...layouts(VALID_JIGSAW_BOX_LAYOUTS, 'VALID_JIGSAW_BOX_LAYOUTS')],
    accept: (s) => (s.regions && !s.givens.size) || 'not an empty jigsaw',
  },
  'jigsaw-unsolvable': {
    candidates: layouts(INVALID_JIGSAW_LAYOUTS, 'INVALID_JIGSAW_LAYOUTS'),
    accept: (s) => (s.regions && !s.givens.size) || 'not an empty jigsaw',
  },
  '16x16': {
    candidates: examples.filter((p) => /^16x16/.test(p.name)),
    accept: (s) => s.side === 16 || 'not 16×16',
  },
};

// ---- sigh's parsed constraint -> our puzzle, or a reason why not ----

const SYMBOLS = '123456789ABCDEFG'; // our symbols for 1..16 (16×16 is 1-9A-G)
const cellIndex = (id, side) => {
  // sigh's cell ids: R<row>C<col>, a base-17 character a coordinate (10 is 'a').
  const m = /^R([0-9a-g])C([0-9a-g])$/i.exec(id);
  if (!m) throw new Error(`cell id ${id}`);
  const [r, c] = [parseInt(m[1], 17) - 1, parseInt(m[2], 17) - 1];
  if (r >= side || c >= side) throw new Error(`cell id ${id}`);
  return r * side + c;
};

// Walks sigh's constraint tree; returns { side, givens, cages, regions, diagonals, windoku }.
const convert = (input) => {
  const top = SudokuParser.parseText(input);
  const flat = [];
  const walk = (c) => {
    if (c.type === 'Container' || c.type === 'Set') c.constraints.forEach(walk);
    else flat.push(c);
  };
  walk(top);
  const shape = flat.find((c) => c.type === 'Shape');
  const spec = shape ? shape.shapeSpec : '9x9';
  const side = { '9x9': 9, '16x16': 16 }[spec];
  if (!side) return `shape ${spec}`;
  const s = { side, givens: new Map(), cages: [], regions: null, noBoxes: false, diagonals: 0, windoku: false };
  const jigsaw = [];
  for (const c of flat) {
    switch (c.type) {
      case 'Shape': break;
      case 'Given':
        if (c.values.length !== 1) return 'a given with several values';
        s.givens.set(cellIndex(c.cell, side), c.values[0]);
        break;
      case 'Cage': s.cages.push({ sum: c.sum, cells: c.cells.map((id) => cellIndex(id, side)) }); break;
      case 'Jigsaw': jigsaw.push(c.cells.map((id) => cellIndex(id, side))); break;
      case 'NoBoxes': s.noBoxes = true; break;
      case 'Diagonal': s.diagonals |= c.direction > 0 ? 1 : 2; break;
      case 'Windoku': s.windoku = true; break;
      default: return `constraint ${c.type}`;
    }
  }
  if (s.diagonals === 1 || s.diagonals === 2) return 'one diagonal only';
  if (jigsaw.length) {
    if (!s.noBoxes) return 'jigsaw regions together with the boxes';
    const regions = new Array(side * side).fill(null);
    jigsaw.forEach((cells, k) => cells.forEach((i) => { regions[i] = String.fromCharCode(65 + k); }));
    if (jigsaw.length !== side || regions.includes(null)) return 'regions do not tile the grid';
    s.regions = regions;
  } else if (s.noBoxes) return 'no boxes and no regions';
  // Cages: a cage of one cell and sum 0 (SumoCue's "no cage") says nothing; any other sum 0
  // (a cage without a sum), a cell in two cages, or a sum no digit set makes, has no TOML form.
  s.cages = s.cages.filter((c) => !(c.sum === 0 && c.cells.length === 1));
  const seen = new Set();
  for (const { sum, cells } of s.cages) {
    if (!Number.isInteger(sum) || sum === 0) return `a cage without a sum (${sum})`;
    const k = cells.length;
    const low = (k * (k + 1)) / 2, high = (k * (2 * side - k + 1)) / 2;
    if (k > side || sum < low || sum > high) return `a cage of ${k} cells cannot make ${sum}`;
    for (const i of cells) {
      if (seen.has(i)) return 'overlapping cages';
      seen.add(i);
    }
  }
  return s;
};

const rc = (i, side) => `r${Math.floor(i / side) + 1}c${(i % side) + 1}`;
const toml = (title, s) => {
  const words = [s.cages.length && 'killer', s.regions && 'jigsaw',
    s.diagonals === 3 && 'x', s.windoku && 'hyper'].filter(Boolean);
  const rows = (f) => Array.from({ length: s.side },
    (_, r) => `    "${Array.from({ length: s.side }, (_, c) => f(r * s.side + c)).join('')}",`).join('\n');
  let t = `[[puzzle]]\ntitle = ${JSON.stringify(title)}\n`;
  if (words.length) t += `variant = "${words.join(' ')}"\n`;
  t += `box = "${Math.sqrt(s.side)}"\n`;
  if (s.givens.size) t += `givens = [\n${rows((i) => (s.givens.has(i) ? SYMBOLS[s.givens.get(i) - 1] : '.'))}\n]\n`;
  if (s.regions) t += `regions = [\n${rows((i) => s.regions[i])}\n]\n`;
  if (s.cages.length) {
    t += 'cages = [\n' + s.cages.map(({ sum, cells }) =>
      `    { sum = ${sum}, cells = "${cells.map((i) => rc(i, s.side)).join(' ')}" },`).join('\n') + '\n]\n';
  }
  return t;
};

// sigh writes a 16×16 solution with letters, 'A' for 1; ours with 1-9A-G.
const ourSolution = (sol, side) => (typeof sol !== 'string' ? sol
  : side > 9 ? [...sol].map((ch) => SYMBOLS[ch.charCodeAt(0) - 65]).join('') : sol);

mkdirSync(outDir, { recursive: true });
const manifest = { sigh: sighDir, sets: {} };
for (const [set, { candidates, accept }] of Object.entries(SETS)) {
  const puzzles = [], skipped = [], inputs = new Set();
  for (const p of candidates) {
    if (puzzles.length >= max) break;
    if (inputs.has(p.input)) continue; // the same puzzle under two names
    inputs.add(p.input);
    let s;
    try { s = convert(p.input); } catch (e) { s = `unreadable: ${e.message}`; }
    const ok = typeof s === 'object' ? accept(s) : s;
    if (ok !== true) { skipped.push({ name: p.name, reason: ok }); continue; }
    puzzles.push({ name: p.name, input: p.input, solution: ourSolution(p.solution, s.side), text: toml(p.name, s) });
  }
  const file = `${set}.toml`;
  writeFileSync(join(outDir, file),
    `# ${set}: ${puzzles.length} puzzles exported from sigh's Interactive Sudoku Solver by sigh-export.mjs\n\n`
    + puzzles.map((p) => p.text).join('\n'));
  manifest.sets[set] = {
    file,
    puzzles: puzzles.map(({ name, input, solution }) => ({ name, input, solution })),
    skipped,
  };
  const reasons = {};
  for (const { reason } of skipped) reasons[reason] = (reasons[reason] ?? 0) + 1;
  console.log(`${set}: ${puzzles.length} exported, ${skipped.length} skipped`
    + (skipped.length ? ` (${Object.entries(reasons).map(([r, n]) => `${n}: ${r}`).join('; ')})` : ''));
}
writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
