// The conformance table (conformance/cases.json) through the page's wasm
// module, in Node: the same answers, error kinds, line numbers and partial
// outcomes as the dlx binary and the Python package give for the same rows.
// Run by `cargo xtask web --test` (DLX_SITE: the built site, target/web;
// DLX_ROOT: the repository), or by hand after `cargo xtask web`:
//   DLX_SITE=target/web DLX_ROOT=. node web/tests/conformance.mjs
//
// The module is the page's own (`--target web`), loaded from its bytes.
// A row's `threads` is not the page's to set (a view searches on its one
// worker): the row runs on one thread and must give the same answer. A
// row whose `faces` leaves out `wasm` is listed as not run, by its faces.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.env.DLX_ROOT || path.resolve(import.meta.dirname, '../..');
const site = process.env.DLX_SITE || path.join(root, 'target/web');
const pkg = path.join(site, 'pkg');
const dlx = await import(pathToFileURL(path.join(pkg, 'dlx_wasm.js')).href);
await dlx.default({ module_or_path: fs.readFileSync(path.join(pkg, 'dlx_wasm_bg.wasm')) });

const SLICE = 1 << 16;
const table = JSON.parse(fs.readFileSync(path.join(root, 'conformance/cases.json'), 'utf8'));

// The row's input: a problem, and the model it came from if any.
function input(row) {
  const { input: given } = row;
  if (given.dlx !== undefined) return { problem: dlx.Problem.fromDlx(given.dlx) };
  if (given.dlx_file !== undefined) return { problem: dlx.Problem.fromDlx(fs.readFileSync(path.join(root, given.dlx_file), 'utf8')) };
  if (given.model === 'polyomino') {
    const model = given.board.includes('\n')
      ? new dlx.Polyomino(given.board, given.pieces, false)
      : dlx.Polyomino.ofSize(given.board, given.pieces, false);
    return { tilings: model, problem: model.problem() };
  }
  if (['polycube', 'polyiamond', 'polyhex'].includes(given.model)) {
    const model = new dlx.Polyform(given.model, given.board, given.pieces);
    return { tilings: model, problem: model.problem() };
  }
  if (given.model === 'queens') {
    const model = new dlx.Queens(given.n, new Uint32Array());
    return { queens: model, problem: model.problem() };
  }
  throw new assert.AssertionError({ message: `no input ${JSON.stringify(given)} in the page's runner` });
}

// The row's answer as the table writes one: {count, distinct, solutions,
// nodes, solutions, outcome}.
function answer(row) {
  const w = row.with || {};
  const { problem, tilings, queens } = input(row);
  switch (row.do) {
    case 'count': {
      if (tilings) {
        const [count, distinct, , outcome] = tilings.count(Boolean(w.distinct), () => {}, w.method, w.max_nodes);
        return { count, distinct: w.distinct ? distinct : undefined, outcome };
      }
      const job = problem.count(w.method, w.max_nodes);
      while (!job.step(SLICE));
      const counted = { count: job.count(), outcome: job.outcome() };
      if (queens && w.distinct) counted.distinct = queens.countDistinct();
      return counted;
    }
    case 'list': {
      const job = problem.solutions(w.limit, w.max_nodes);
      const solutions = [];
      while (!job.done) {
        const solution = job.next(SLICE);
        if (solution) solutions.push(Array.from(solution));
      }
      return { solutions, outcome: job.outcome };
    }
    case 'sample': {
      // A draw is a set of options: the CLI prints each in increasing order.
      const drawn = problem.sample(w.k, BigInt(w.seed), w.max_nodes);
      return { solutions: drawn.map((s) => Array.from(s).sort((a, b) => a - b)), outcome: 'finished' };
    }
    case 'estimate': {
      const [nodes, , solutions] = problem.estimate(w.probes, BigInt(w.seed));
      return { nodes, solutions, outcome: 'finished' };
    }
    default:
      throw new assert.AssertionError({ message: `no \`do\` ${row.do} in the page's runner` });
  }
}

function check(row) {
  const expect = row.expect;
  let got;
  try {
    got = answer(row);
  } catch (error) {
    if (error instanceof assert.AssertionError) throw error;
    assert.ok(error instanceof Error, `a thrown Error, not ${error}`);
    assert.equal(expect.error, 'input', `an answer was expected, not the error: ${error.message}`);
    if (expect.line !== undefined) assert.ok(error.message.includes(`line ${expect.line}:`), `line ${expect.line} in: ${error.message}`);
    return;
  }
  assert.equal(expect.error, undefined, `an error was expected, not ${JSON.stringify(got)}`);
  assert.equal(got.outcome, expect.outcome || 'finished');
  if (expect.count !== undefined) assert.equal(got.count, expect.count);
  if (expect.distinct !== undefined) assert.equal(got.distinct, expect.distinct);
  if (expect.solutions !== undefined && row.do !== 'estimate') assert.deepEqual(got.solutions, expect.solutions);
  if (row.do === 'estimate') {
    for (const figure of ['nodes', 'solutions']) {
      if (expect[figure] === undefined) continue;
      assert.ok(Math.abs(got[figure] - expect[figure]) <= 1e-9 * Math.abs(expect[figure]), `${figure}: ${got[figure]}, not ${expect[figure]}`);
    }
  }
}

let [passed, failed] = [0, 0];
const notRun = [];
for (const row of table.cases) {
  if (row.faces && !row.faces.includes('wasm')) {
    notRun.push(`${row.name} (faces: ${row.faces.join(', ')})`);
    continue;
  }
  try {
    check(row);
    passed += 1;
    console.log(`ok   ${row.name}`);
  } catch (error) {
    failed += 1;
    console.log(`FAIL ${row.name}\n     ${String(error.message || error).split('\n').slice(0, 6).join('\n     ')}`);
  }
}
for (const name of notRun) console.log(`not run here: ${name}`);

// The module's own bounds (the page's, so not in the table): each refused
// with an Error that says the limit.
const { maxTextBytes, maxBatch, maxProbes } = dlx.limits();
const small = dlx.Problem.fromDlx('a b\na\nb\na b\n');
const bounds = [
  ['a text over the readers\' limit', () => dlx.Problem.fromDlx('a\n'.repeat(maxTextBytes / 2 + 1)), `more than the ${maxTextBytes} bytes the page reads`],
  ['a text over a limit given', () => dlx.Problem.fromDlx('a\na\n', 3), 'more than the 3 bytes'],
  ['a sudoku over the readers\' limit', () => new dlx.Sudoku('.'.repeat(maxTextBytes + 1), false), 'more than'],
  ['a polycube board over the readers\' limit', () => new dlx.Polyform('polycube', '#'.repeat(maxTextBytes + 1), 'soma'), 'more than'],
  ['a family of polyforms that is not one', () => new dlx.Polyform('polyomino', '3x3x3', 'soma'), 'polycube, polyiamond or polyhex'],
  ['layers of a flat packing', () => new dlx.Polyform('polyhex', 'parallelogram:7x4', 'tetrahexes').toSvgLayers(new Uint32Array()), 'only a polycube'],
  ['a polyomino board over the readers\' limit', () => new dlx.Polyomino('#'.repeat(maxTextBytes + 1), 'domino', false), 'more than'],
  ['more draws than a batch holds', () => small.sample(maxBatch + 1, 1n), `(${maxBatch})`],
  ['more probes than an estimate takes', () => small.estimate(maxProbes + 1, 1n), `2 to ${maxProbes}`],
  ['a node budget that is not a whole number', () => small.count('auto', -1), 'maxNodes is a whole number'],
  ['a count method that is not one', () => small.count('fast'), 'auto, memo or plain'],
];
for (const [name, call, words] of bounds) {
  try {
    call();
    failed += 1;
    console.log(`FAIL bounds: ${name}: no error`);
  } catch (error) {
    const ok = error instanceof Error && !(error instanceof WebAssembly.RuntimeError) && error.message.includes(words);
    if (ok) passed += 1; else failed += 1;
    console.log(`${ok ? 'ok  ' : 'FAIL'} bounds: ${name}${ok ? '' : `: ${error.message}`}`);
  }
}
// A text within a limit given is read.
if (dlx.Problem.fromDlx('a\na\n', 4).optionCount === 1) passed += 1; else failed += 1;
// The explore job stops at its number of events, and says so.
const explored = dlx.Problem.fromDlx('a b c d\na\nb\nc\nd\na b\nc d\n').explore(5);
if (explored.length === 5 && explored.outcome === 'limit') passed += 1; else { failed += 1; console.log('FAIL the explore job\'s number of events'); }
// One packing after another, as the page's listing gives them: each
// packing once (copies of a piece in one order), each drawn; a listing cut
// short by its budget says so.
const listed = (model, maxNodes) => {
  const job = model.problem().solutions(undefined, maxNodes);
  const pictures = [];
  while (!job.done) {
    const solution = job.next(SLICE);
    if (solution && model.lists(solution)) pictures.push(model.family === 'polycube' ? model.toSvgLayers(solution) : model.toSvg(solution));
  }
  return { pictures, outcome: job.outcome };
};
const tetrahexes = listed(new dlx.Polyform('polyhex', 'parallelogram:7x4', 'tetrahexes'));
if (tetrahexes.pictures.length === 18 && tetrahexes.outcome === 'finished' && tetrahexes.pictures.every((svg) => svg.startsWith('<svg'))) passed += 1;
else { failed += 1; console.log(`FAIL the tetrahexes' packings listed one after another: ${tetrahexes.pictures.length}, ${tetrahexes.outcome}`); }
const cut = listed(new dlx.Polyform('polycube', '3x3x3', 'soma'), 50);
if (cut.outcome === 'stopped:nodes' && cut.pictures.every((svg) => svg.startsWith('<svg'))) passed += 1;
else { failed += 1; console.log(`FAIL a Soma listing cut short says so: ${cut.outcome}`); }
console.log(`conformance: ${passed} passed, ${failed} failed`);
if (failed || passed === 0) process.exit(1);
