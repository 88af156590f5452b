// A fuzz pass over the page's wasm entry points, in Node: the text readers
// and the model constructors (Problem.fromDlx, Polyomino and
// Polyomino.ofSize, Polyform, Queens, Sudoku), each fed the fuzz corpora under
// fuzz/corpus/, their mutations and random texts for a few seconds, then
// a few cheap calls on what they built (a count within a small node budget).
// Anything but a thrown Error fails: a wasm trap (a Rust panic is an
// `unreachable`), another kind of throw, or a hang (no answer within
// DLX_FUZZ_HANG seconds, 20 by default). A failing input is written to
// target/web-fuzz/ and its seed printed, so that it can be run again:
//   DLX_SITE=target/web DLX_FUZZ_SEED=... node web/tests/fuzz.mjs
// Run by `cargo xtask web --test` (DLX_FUZZ_SECONDS per target, 3 by default).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const root = process.env.DLX_ROOT || path.resolve(import.meta.dirname, '../..');
const site = process.env.DLX_SITE || path.join(root, 'target/web');

// Each target: the corpora it starts from, and what it does with one input.
const TARGETS = {
  dlx: {
    corpora: ['dlx_format', 'search', 'matrix'],
    run(dlx, text) {
      const problem = dlx.Problem.fromDlx(text);
      problem.toDlx();
      problem.items();
      for (let i = 0; i < Math.min(problem.optionCount, 8); i++) problem.optionText(i);
      const job = problem.count(undefined, 20000);
      while (!job.step(5000));
      job.count();
      const listing = problem.solutions(3, 20000);
      while (!listing.done) listing.next(5000);
      if (problem.optionCount <= 64) problem.explore(64).step(0);
    },
  },
  polyomino: {
    corpora: ['polyomino_board', 'polyomino_pieces'],
    run(dlx, text, pick) {
      const sets = ['pentominoes', 'tetrominoes', 'domino', 'hexominoes'];
      const [board, pieces] = pick(2) === 0 ? [text, sets[pick(sets.length)]] : ['#####\n#####\n#####\n#####\n', text];
      const model = pick(4) === 0 ? dlx.Polyomino.ofSize(text.slice(0, 16), sets[pick(3)], pick(2) === 1) : new dlx.Polyomino(board, pieces, pick(2) === 1);
      model.problem().optionCount;
      model.count(pick(2) === 1, () => {}, undefined, 20000);
      model.toText(new Uint32Array());
    },
  },
  polyform: {
    corpora: ['polyomino_board', 'polyomino_pieces'],
    run(dlx, text, pick) {
      const families = [['polycube', '2x2x3', 'tetracubes', 'soma'], ['polyiamond', 'hexagon:2', 'diamond', 'triamonds'], ['polyhex', 'parallelogram:4x2', 'dihex', 'tetrahexes'], [text.slice(0, 12), '', '', '']];
      const [family, board, ...sets] = families[pick(pick(8) === 0 ? 4 : 3)];
      const names = ['rhombus:', 'parallelogram:', 'hexagon:', 'triangle:', ''];
      const given = [text, `${names[pick(names.length)]}${text.slice(0, 8)}`, board][pick(3)];
      const pieces = given === board ? text : sets[pick(sets.length)];
      const model = new dlx.Polyform(family, given, pieces);
      model.problem().optionCount;
      model.count(pick(2) === 1, () => {}, undefined, 20000);
      model.toText(new Uint32Array());
      if (model.family === 'polycube') model.toSvgLayers(new Uint32Array());
    },
  },
  queens: {
    corpora: ['queens_spoj'],
    run(dlx, text, pick) {
      const sizes = [0, 1, 2, 3, 8, 20, 1000, 1001, -1, 2.5, NaN, Infinity, 1e20, 2 ** 32 + 4];
      const n = pick(3) === 0 ? sizes[pick(sizes.length)] : pick(24);
      const placed = Uint32Array.from({ length: 2 * pick(4) }, () => (pick(8) === 0 ? 2 ** 32 - 1 - pick(3) : pick(26)));
      const model = new dlx.Queens(n, placed);
      model.toSvg(new Uint32Array());
      const job = model.problem().count(undefined, 20000);
      while (!job.step(5000));
      void text;
    },
  },
  sudoku: {
    corpora: ['sudoku'],
    run(dlx, text, pick) {
      const sudoku = new dlx.Sudoku(text, pick(2) === 1);
      sudoku.toSvg('');
      void sudoku.size;
    },
  },
};

// Pieces that make inputs interesting to the readers.
const TOKENS = ['|', ':', '\n', '\r\n', '\r', '#', '.', ' ', '\t', '0', '1', '9', 'x', '*', '-', '2:3|', '0:1|', '|7', ':A', '4294967296', '18446744073709551616', '99999999999999999999', '\u0000', '\ufeff', 'é', '😀', '//', '*3:', 'A*2:', '\n\n'];

// A small, seeded random number generator (mulberry32).
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mutate(text, corpus, pick) {
  let out = text;
  for (let n = 1 + pick(4); n > 0; n--) {
    const at = pick(out.length + 1);
    switch (pick(7)) {
      case 0: out = out.slice(0, at) + TOKENS[pick(TOKENS.length)] + out.slice(at); break;
      case 1: out = out.slice(0, at) + out.slice(at + 1 + pick(8)); break;
      case 2: out = out.slice(0, at) + String.fromCharCode(pick(128)) + out.slice(at + 1); break;
      case 3: out = out.slice(0, at); break;
      case 4: out = out.slice(0, at) + out.slice(pick(out.length + 1)).slice(0, 64) + out.slice(at); break;
      case 5: { const other = corpus[pick(corpus.length)] || ''; out = out.slice(0, at) + other.slice(pick(other.length + 1)); break; }
      default: out = out.slice(0, at) + String(pick(2 ** 31) - 2 ** 30) + out.slice(at);
    }
  }
  return out;
}

function randomText(pick) {
  let out = '';
  for (let n = pick(200); n > 0; n--) out += pick(3) === 0 ? TOKENS[pick(TOKENS.length)] : 'abcxyz#.0123 \n|:'[pick(16)];
  return out;
}

if (isMainThread) {
  const seconds = Number(process.env.DLX_FUZZ_SECONDS || 3);
  const hang = Number(process.env.DLX_FUZZ_HANG || 20);
  const seed = Number(process.env.DLX_FUZZ_SEED || Date.now() % 2 ** 31);
  const out = path.join(root, 'target/web-fuzz');
  console.log(`fuzz: seed ${seed}, ${seconds} s per target (DLX_FUZZ_SEED=${seed} runs it again)`);
  let failed = 0;
  for (const target of Object.keys(TARGETS)) {
    const result = await new Promise((resolve) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: { target, seed, seconds, site, root } });
      let current = null;
      let timer = null;
      const watch = () => {
        clearTimeout(timer);
        timer = setTimeout(() => { worker.terminate(); resolve({ failure: `no answer within ${hang} s (a hang)`, input: current }); }, hang * 1000);
      };
      watch();
      worker.on('message', (message) => {
        if (message.type === 'input') { current = message.input; watch(); }
        else { clearTimeout(timer); worker.terminate(); resolve(message); }
      });
      worker.on('error', (error) => { clearTimeout(timer); resolve({ failure: String(error && error.stack || error), input: current }); });
    });
    if (result.failure) {
      failed += 1;
      fs.mkdirSync(out, { recursive: true });
      const file = path.join(out, `${target}-${seed}.txt`);
      fs.writeFileSync(file, result.input ?? '');
      console.log(`FAIL ${target}: ${result.failure.split('\n').slice(0, 4).join('\n     ')}\n     the input is in ${file}`);
    } else {
      console.log(`ok   ${target}: ${result.runs} inputs (${result.thrown} refused with an Error), none trapped or hung`);
    }
  }
  console.log(`fuzz: ${Object.keys(TARGETS).length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
} else {
  const { target, seed, seconds, site: where, root: base } = workerData;
  const pkg = path.join(where, 'pkg');
  const dlx = await import(pathToFileURL(path.join(pkg, 'dlx_wasm.js')).href);
  await dlx.default({ module_or_path: fs.readFileSync(path.join(pkg, 'dlx_wasm_bg.wasm')) });
  const { corpora, run } = TARGETS[target];
  const corpus = corpora.flatMap((name) => {
    const dir = path.join(base, 'fuzz/corpus', name);
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((file) => fs.readFileSync(path.join(dir, file), 'latin1')) : [];
  });
  const next = random(seed ^ target.length * 7919);
  const pick = (n) => Math.floor(next() * n);
  const end = Date.now() + seconds * 1000;
  let [runs, thrown] = [0, 0];
  while (runs < corpus.length || Date.now() < end) {
    const input = runs < corpus.length ? corpus[runs] : pick(4) === 0 ? randomText(pick) : mutate(corpus[pick(corpus.length)] || '', corpus, pick);
    parentPort.postMessage({ type: 'input', input });
    try {
      run(dlx, input, pick);
    } catch (error) {
      if (!(error instanceof Error) || error instanceof WebAssembly.RuntimeError) {
        parentPort.postMessage({ type: 'done', failure: `not a thrown Error: ${error && error.stack || error}`, input });
        break;
      }
      thrown += 1;
    }
    runs += 1;
  }
  parentPort.postMessage({ type: 'done', runs, thrown });
}
