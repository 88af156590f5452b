// The search side of the page: each view has a Web Worker of its own
// running this file, so that a view's search never waits for another's and
// a Stop ends one view's search alone. A search runs in slices and posts
// its progress between them; the page stops a search by ending the view's
// worker. Everything here is conversion: each request is one call of the
// wasm module (dlx-wasm), and its answer turned into plain data.
import init, * as dlx from './pkg/dlx_wasm.js';

const ready = init();
const SLICE = 1 << 16;
const PROGRESS_MS = 100;
// The listing this view pages through, and what it has listed so far.
let listing = null;

function post(message) {
  self.postMessage(message);
}

function every(ms, action) {
  let last = performance.now();
  return (...args) => {
    const now = performance.now();
    if (now - last > ms) {
      last = now;
      action(...args);
    }
  };
}

function runCount(id, job) {
  const report = every(PROGRESS_MS, () => post({ id, type: 'progress', nodes: job.nodes(), fraction: job.fraction(), method: job.method(), soFar: job.countSoFar() }));
  while (!job.step(SLICE)) report();
  return { count: job.count(), outcome: job.outcome(), soFar: job.countSoFar(), method: job.method(), nodes: job.nodes(), updates: job.updates(), maxLevel: job.maxLevel() };
}

// Starts the view's listing: `job` a SolutionsJob, `keep` and `make` what
// is listed of a solution.
function startListing(job, keep, make) {
  if (listing) listing.job.free();
  listing = { job, keep, make, listed: 0 };
}

// The next `page` solutions of the view's listing. A listing this worker
// does not hold (it was stopped with the worker) cannot go on: an error
// says so, never an empty page that would pass for the end.
function nextPage(id, page) {
  if (!listing) throw new Error('the listing was cut short when its search was stopped; list again to start over');
  const { job, keep, make } = listing;
  const out = [];
  const report = every(PROGRESS_MS, () => post({ id, type: 'progress', nodes: job.nodes(), fraction: job.fraction(), found: job.found() }));
  while (out.length < page && !job.done) {
    const solution = job.next(SLICE);
    if (solution && keep(solution)) out.push(make(solution));
    report();
  }
  listing.listed += out.length;
  return { solutions: out, listed: listing.listed, done: job.done, outcome: job.outcome, nodes: job.nodes(), updates: job.updates(), maxLevel: job.maxLevel() };
}

function polyomino(args) {
  return new dlx.Polyomino(args.board, args.pieces, args.oneSided);
}

function polyform(args) {
  return new dlx.Polyform(args.family, args.board, args.pieces);
}

function queens(args) {
  return new dlx.Queens(args.n, Uint32Array.from(args.placed.flat()));
}

function parsed(problem) {
  const options = [];
  for (let i = 0; i < problem.optionCount; i++) {
    options.push({ text: problem.optionText(i), items: Array.from(problem.optionItems(i)) });
  }
  return { items: problem.items(), primary: problem.primaryCount, options };
}

const handlers = {
  version: () => dlx.version(),

  // A file opened in a view, refused past the readers' limit before it is read.
  'read-file': (id, { file }) => {
    const limit = dlx.limits().maxTextBytes;
    if (file.size > limit) throw new Error(`${file.name} is ${file.size} bytes, more than the ${limit} bytes the page reads`);
    return new FileReaderSync().readAsText(file);
  },

  'dlx-count': (id, { text }) => runCount(id, dlx.Problem.fromDlx(text).count()),

  'dlx-list': (id, { text, page }) => {
    const problem = dlx.Problem.fromDlx(text);
    startListing(problem.solutions(), () => true, (solution) => Array.from(solution, (o) => problem.optionText(o)));
    return nextPage(id, page);
  },

  more: (id, { page }) => nextPage(id, page),

  'dlx-cheapest': (id, { text, k }) => {
    const problem = dlx.Problem.fromDlx(text);
    const best = problem.minCost(k);
    return { best: best.map(([cost, options]) => ({ cost, options: Array.from(options, (o) => problem.optionText(o)) })) };
  },

  'dlx-estimate': (id, { text }) => {
    const [nodes, nodesError, solutions, solutionsError, hits] = dlx.Problem.fromDlx(text).estimate();
    return { nodes, nodesError, solutions, solutionsError, hits, probes: dlx.limits().estimateProbes };
  },

  // The engine's own steps (Solver::explore), each with the matrix it leaves.
  // The view draws at most `maxItems` items and `maxOptions` options.
  'teach-explore': (id, { text, maxItems, maxOptions }) => {
    const problem = dlx.Problem.fromDlx(text);
    const [items, options] = [problem.items().length, problem.optionCount];
    if (items > maxItems || options > maxOptions) {
      throw new Error(`${items} items and ${options} options: the step-by-step view draws at most ${maxItems} items and ${maxOptions} options`);
    }
    const job = problem.explore();
    const steps = [];
    for (let i = 0; i < job.length; i++) {
      const step = job.step(i);
      steps.push({
        kind: step.kind, level: step.level, item: step.item, option: step.option, k: step.k, of: step.of, found: step.found,
        solution: Array.from(step.solution), covered: Array.from(step.covered), hidden: Array.from(step.hidden),
        purified: Array.from(step.purified), colors: step.colors,
      });
      step.free();
    }
    return { problem: parsed(problem), steps, outcome: job.outcome, solutions: job.solutions, nodes: job.nodes, updates: job.updates };
  },

  'dlx-parse': (id, { text }) => parsed(dlx.Problem.fromDlx(text)),

  // The models' one policy, as the CLI counts: memoised where the core's
  // decision finds that it pays, else one search that also counts the
  // tilings up to symmetry.
  'poly-count': (id, args) => {
    const progress = every(PROGRESS_MS, (nodes) => post({ id, type: 'progress', nodes, fraction: -1, method: '', soFar: '' }));
    const [tilings, distinct, method, outcome] = polyomino(args).count(false, progress);
    return { tilings, distinct, method, outcome };
  },

  'poly-list': (id, args) => {
    const model = polyomino(args);
    startListing(model.problem().solutions(), (solution) => model.lists(solution), (solution) => ({ svg: model.toSvg(solution), text: model.toText(solution) }));
    return nextPage(id, args.page);
  },

  'poly-random': (id, args) => {
    const model = polyomino(args);
    const drawn = model.problem().sample(1, BigInt(args.seed));
    if (drawn.length === 0) return { none: true };
    return { svg: model.toSvg(drawn[0]), text: model.toText(drawn[0]) };
  },

  // The triangle, hexagon and cube grids: the same policy and listing,
  // through the wasm Polyform class; a cube packing drawn both ways. The
  // count up to symmetry is asked for (`distinct`) unless the user
  // unticks it, leaving the policy free to memoise (lozenges).
  'pf-count': (id, args) => {
    const progress = every(PROGRESS_MS, (nodes) => post({ id, type: 'progress', nodes, fraction: -1, method: '', soFar: '' }));
    const [packings, distinct, method, outcome] = polyform(args).count(args.distinct, progress);
    return { packings, distinct, method, outcome };
  },

  'pf-list': (id, args) => {
    const model = polyform(args);
    const layers = model.family === 'polycube';
    startListing(model.problem().solutions(), (solution) => model.lists(solution), (solution) => ({ svg: model.toSvg(solution), layers: layers ? model.toSvgLayers(solution) : '', text: model.toText(solution) }));
    return nextPage(id, args.page);
  },

  'pf-art': (id, { family, board }) => dlx.Polyform.boardArt(family, board),

  'sudoku-solve': (id, { text, diagonal }) => {
    const sudoku = new dlx.Sudoku(text, diagonal);
    const [count, line] = sudoku.solve();
    return { count, line, svg: sudoku.toSvg(line), size: sudoku.size };
  },

  'sudoku-generate': (id, { size, seed, diagonal }) => dlx.Sudoku.generate(size, BigInt(seed), diagonal),

  'sudoku-picture': (id, { text, diagonal }) => new dlx.Sudoku(text, diagonal).toSvg(''),

  'queens-count': (id, args) => runCount(id, queens(args).problem().count()),

  'queens-list': (id, args) => {
    const model = queens(args);
    startListing(model.problem().solutions(), () => true, (solution) => ({ svg: model.toSvg(solution), columns: Array.from(model.columns(solution)) }));
    return nextPage(id, args.page);
  },

  'queens-picture': (id, args) => queens(args).toSvg(new Uint32Array()),
};

self.onmessage = async (event) => {
  await ready;
  const { id, op, args } = event.data;
  try {
    const handler = handlers[op];
    if (!handler) throw new Error(`unknown request ${op}`);
    const started = performance.now();
    const result = handler(id, args || {});
    // The time of the work in this worker, for the tests' timings.
    if (result && typeof result === 'object' && !Array.isArray(result)) result.seconds = (performance.now() - started) / 1000;
    post({ id, type: 'result', result });
  } catch (error) {
    // A trap (a Rust panic) is fatal to this worker's module: the page starts another.
    post({ id, type: 'error', message: String((error && error.message) || error), fatal: error instanceof WebAssembly.RuntimeError });
  }
};
