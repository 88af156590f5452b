// The search side of the page: every search runs here, in a Web Worker, so
// the page stays responsive. A search runs in slices and posts its progress
// between them; the page stops a search by ending this worker.
import init, * as dlx from './pkg/dlx_wasm.js';

const ready = init();
const SLICE = 1 << 16;
const PROGRESS_MS = 100;
// The listing the page pages through (one at a time).
let listing = null;

function post(message) {
  self.postMessage(message);
}

function runCount(id, job) {
  let last = performance.now();
  while (!job.step(SLICE)) {
    const now = performance.now();
    if (now - last > PROGRESS_MS) {
      last = now;
      post({ id, type: 'progress', nodes: job.nodes(), fraction: job.fraction(), method: job.method(), soFar: job.countSoFar() });
    }
  }
  return { count: job.count(), method: job.method(), nodes: job.nodes(), updates: job.updates(), maxLevel: job.maxLevel() };
}

// The next `page` solutions of the listing (each through `keep` and `make`).
function nextPage(id, page) {
  const out = [];
  let last = performance.now();
  while (out.length < page && listing && !listing.job.done) {
    const solution = listing.job.next(SLICE);
    if (solution && listing.keep(solution)) {
      out.push(listing.make(solution));
    }
    const now = performance.now();
    if (now - last > PROGRESS_MS) {
      last = now;
      post({ id, type: 'progress', nodes: listing.job.nodes(), fraction: listing.job.fraction(), found: listing.job.found() });
    }
  }
  return {
    solutions: out,
    done: !listing || listing.job.done,
    nodes: listing ? listing.job.nodes() : 0,
    updates: listing ? listing.job.updates() : 0,
    maxLevel: listing ? listing.job.maxLevel() : 0,
  };
}

function polyomino(args) {
  return new dlx.Polyomino(args.board, args.pieces, args.oneSided);
}

function queens(args) {
  return new dlx.Queens(args.n, Uint32Array.from(args.placed.flat()));
}

const handlers = {
  version: () => dlx.version(),

  'dlx-parse': (id, { text }) => {
    const problem = dlx.Problem.fromDlx(text);
    const options = [];
    for (let i = 0; i < problem.optionCount; i++) {
      options.push({ text: problem.optionText(i), items: Array.from(problem.optionItems(i)) });
    }
    return { items: problem.items(), primary: problem.primaryCount, options };
  },

  'dlx-count': (id, { text }) => runCount(id, dlx.Problem.fromDlx(text).count()),

  'dlx-list': (id, { text, page }) => {
    const problem = dlx.Problem.fromDlx(text);
    listing = {
      job: problem.solutions(),
      keep: () => true,
      make: (solution) => Array.from(solution, (o) => problem.optionText(o)),
    };
    return nextPage(id, page);
  },

  more: (id, { page }) => nextPage(id, page),

  'dlx-cheapest': (id, { text, k }) => {
    const problem = dlx.Problem.fromDlx(text);
    const best = problem.minCost(k, 1e9);
    return { best: best.map(([cost, options]) => ({ cost, options: Array.from(options, (o) => problem.optionText(o)) })) };
  },

  'dlx-estimate': (id, { text, probes }) => {
    const [nodes, nodesError, solutions, solutionsError, hits] = dlx.Problem.fromDlx(text).estimate(probes, BigInt(1));
    return { nodes, nodesError, solutions, solutionsError, hits, probes };
  },

  // The models' one policy, as the CLI counts: memoised where the core's
  // decision finds that it pays, else one search that also counts the
  // tilings up to symmetry.
  'poly-count': (id, args) => {
    let last = performance.now();
    const progress = (nodes) => {
      const now = performance.now();
      if (now - last > PROGRESS_MS) {
        last = now;
        post({ id, type: 'progress', nodes, fraction: -1, method: '', soFar: '' });
      }
    };
    const [tilings, distinct, method] = polyomino(args).count(false, progress);
    return { tilings, distinct, method };
  },

  'poly-list': (id, args) => {
    const model = polyomino(args);
    listing = {
      job: model.problem().solutions(),
      keep: (solution) => model.lists(solution),
      make: (solution) => ({ svg: model.toSvg(solution), text: model.toText(solution) }),
    };
    return nextPage(id, args.page);
  },

  'poly-random': (id, args) => {
    const model = polyomino(args);
    const drawn = model.problem().sample(1, BigInt(args.seed), 5e7);
    if (drawn.length === 0) return { none: true };
    return { svg: model.toSvg(drawn[0]), text: model.toText(drawn[0]) };
  },

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
    listing = {
      job: model.problem().solutions(),
      keep: () => true,
      make: (solution) => ({ svg: model.toSvg(solution), columns: Array.from(model.columns(solution)) }),
    };
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
    post({ id, type: 'error', message: String((error && error.message) || error) });
  }
};
