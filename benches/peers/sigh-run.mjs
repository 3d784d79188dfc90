#!/usr/bin/env node
// Times sigh's own solver (https://github.com/sigh/Interactive-Sudoku-Solver) on the sets that
// sigh-export.mjs wrote, on one thread (the engine itself, no web workers), as sigh's benchmark
// tool (tools/perf/benchmark_puzzles.js) drives it: parse, build, run with maxSolutions 2.
//
//   node benches/peers/sigh-run.mjs SIGH_DIR OUT_DIR [--timeout SECS] [SET...]
//
// Each puzzle is timed from the parsed constraint to the end of the search (build + count to
// 2 solutions, as `sudoku-dlx bench` counts), and given up after SECS (default 20): the engine
// calls a progress callback every 1024 steps of its search, which throws once the time is up.
// Prints a line a puzzle (set, name, count or "gave-up", ms), then a line a set:
//   SUMMARY <set> <puzzles> <decided> <unique> <multi> <none> <total s> <median ms>
// (the columns of `sudoku-dlx bench`), where the total and the median count a puzzle given up
// at the time it was given up.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
let timeout = 20;
const at = args.indexOf('--timeout');
if (at >= 0) { timeout = Number(args[at + 1]); args.splice(at, 2); }
if (args.length < 2 || !(timeout > 0)) {
  console.error('usage: sigh-run.mjs SIGH_DIR OUT_DIR [--timeout SECS] [SET...]');
  process.exit(2);
}
const [sighDir, outDir] = args.slice(0, 2).map((p) => resolve(p));
const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8'));
const sets = args.length > 2 ? args.slice(2) : Object.keys(manifest.sets);

// The browser globals sigh's modules read (see sigh-export.mjs).
globalThis.self = globalThis;
globalThis.VERSION_PARAM = '';
const load = (path) => import(pathToFileURL(join(sighDir, path)).href);
const { SudokuParser } = await load('js/sudoku_parser.js');
const { SudokuBuilder } = await load('js/solver/sudoku_builder.js');

class TimeUp extends Error {}

// Count up to 2 solutions; returns { count: 0 | 1 | 2 | null (given up), ms }.
const countToTwo = (input) => {
  const constraint = SudokuBuilder.resolveConstraint(SudokuParser.parseText(input));
  const start = performance.now();
  const deadline = start + timeout * 1000;
  try {
    const internal = SudokuBuilder.build(constraint)._internalSolver;
    internal.setProgressCallback(() => {
      if (performance.now() > deadline) throw new TimeUp();
    }, 10); // every 2^10 search steps
    internal.run({ maxSolutions: 2 }, () => {});
    return { count: internal.counters.solutions, ms: performance.now() - start };
  } catch (e) {
    if (!(e instanceof TimeUp)) throw e;
    return { count: null, ms: performance.now() - start };
  }
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? 0 : n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

for (const set of sets) {
  const entry = manifest.sets[set];
  if (!entry) throw new Error(`no set ${set} in ${outDir}/manifest.json`);
  const times = [];
  const counts = [0, 0, 0]; // none, unique, multi
  for (const p of entry.puzzles) {
    const { count, ms } = countToTwo(p.input);
    times.push(ms);
    if (count !== null) counts[count]++;
    console.log(`${set}\t${p.name}\t${count ?? 'gave-up'}\t${ms.toFixed(2)} ms`);
  }
  const total = times.reduce((a, b) => a + b, 0) / 1000;
  const [none, unique, multi] = counts;
  console.log(`SUMMARY ${set} ${times.length} ${none + unique + multi} ${unique} ${multi} ${none} `
    + `${total.toFixed(3)} ${median(times).toFixed(3)}`);
}
