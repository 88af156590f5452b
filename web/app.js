// The page: views, the worker that searches, and what the user sees.
// Text from the user or a file (item names, piece names, error messages that
// quote them) is only ever set with textContent, and SVG pictures are shown
// as images (scripts never run in an <img>): nothing typed becomes markup.

import { frames, drawMatrix, drawLinks } from './teach.js';
import { setUpPolyform } from './polyform.js';

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- the workers

// A view's searches: a Web Worker of its own (started at the view's first
// request), the requests it has not answered, and its Stop, which ends this
// view's worker alone: a search in one view never waits for another view's,
// and never stops with it.
class Searches {
  constructor() {
    this.worker = null;
    this.nextId = 1;
    this.pending = new Map();
    // Called at a Stop: what the view lost with its worker, in words.
    this.onStop = () => '';
  }

  start() {
    this.worker = new Worker('worker.js', { type: 'module' });
    this.worker.onmessage = (event) => {
      const message = event.data;
      const call = this.pending.get(message.id);
      if (!call) return;
      if (message.type === 'progress') {
        call.onProgress(message);
      } else {
        this.pending.delete(message.id);
        if (message.type === 'result') call.resolve(message.result);
        else call.reject(new Error(message.message));
        // A trap leaves the wasm module unusable: the next request starts afresh.
        if (message.fatal) this.fail('an earlier request of this view failed');
      }
    };
    this.worker.onerror = (event) => this.fail(event.message || 'the search stopped with an error');
  }

  // Ends the worker after an error, and every request it had not answered.
  fail(why) {
    for (const call of this.pending.values()) call.reject(new Error(why));
    this.pending.clear();
    this.end();
  }

  end() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
  }

  ask(op, args, onProgress = () => {}) {
    if (!this.worker) this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, op, args });
    });
  }

  get busy() {
    return this.pending.size > 0;
  }

  // Ends this view's searches: its worker, and what the worker held (a
  // listing cannot go on after it); the next request starts a fresh one.
  stop() {
    if (!this.worker) return;
    this.end();
    // What else the view lost, in words ('' when nothing).
    const note = this.onStop() || '';
    for (const call of this.pending.values()) {
      const error = new Error('stopped');
      error.stopped = true;
      error.note = note;
      call.reject(error);
    }
    this.pending.clear();
  }
}

const views = Object.fromEntries(['dlx', 'poly', 'pf', 'sudoku', 'queens', 'teach'].map((view) => [view, new Searches()]));

// ---------------------------------------------------------------- helpers

const grouping = new Intl.NumberFormat('en-US');

function groupDigits(digits) {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

// "1 solution", "2 solutions"; `count` as decimal digits.
function plural(count, word) {
  return `${groupDigits(String(count))} ${word}${String(count) === '1' ? '' : 's'}`;
}

function say(status, text, isError = false, seconds = undefined) {
  status.textContent = text;
  if (seconds !== undefined) status.dataset.seconds = String(seconds);
  status.classList.toggle('error', isError);
}

function progressText(message) {
  const parts = [`${grouping.format(message.nodes)} nodes`];
  if (message.found !== undefined) parts.push(`${grouping.format(message.found)} solutions`);
  if (message.soFar) parts.push(`${groupDigits(message.soFar)} solutions so far`);
  if (message.method) parts.push(message.method === 'memo' ? 'memoised count' : 'plain count');
  if (message.fraction >= 0) parts.push(`about ${(100 * message.fraction).toFixed(1)}% done`);
  return parts.join(', ');
}

// Runs a request in the view's worker, with the view's status line and
// Stop button. A request made while the view's search runs waits for it,
// and the status says so.
async function run(view, op, args) {
  const searches = views[view];
  const status = $(`${view}-status`);
  const stop = $(`${view}-stop`);
  stop.disabled = false;
  say(status, searches.busy ? "waiting for this view's search under way (Stop ends it)" : 'working...');
  try {
    return await searches.ask(op, args, (message) => say(status, progressText(message)));
  } catch (error) {
    say(status, error.stopped ? `stopped: the answer is incomplete${error.note}` : `error: ${error.message}`, !error.stopped);
    throw error;
  } finally {
    stop.disabled = !searches.busy;
  }
}

// A view's Stop button: ends that view's searches alone.
function stopButton(view) {
  $(`${view}-stop`).addEventListener('click', () => views[view].stop());
}

// What a listing's last page says of the rest: more to come, all of them,
// or cut short (by a budget: the listing is partial).
function listingEnd(result) {
  if (!result.done) return '';
  return result.outcome === 'finished' || result.outcome === 'limit' ? ', all of them' : `, cut short (${result.outcome}): the listing is partial`;
}

// A number typed in an input, refused unless a whole number from `low` to
// `high`: the input goes back to what is drawn, and the status says why.
function sizeFrom(input, low, high, drawn, status, what) {
  const value = Number(input.value);
  if (Number.isInteger(value) && value >= low && value <= high) return value;
  say(status, `the ${what} is a whole number from ${low} to ${high} here, not ${input.value || 'nothing'}; the board drawn is kept`, true);
  input.value = String(drawn);
  return null;
}

function showSvg(img, svg, alt) {
  if (img.dataset.url) URL.revokeObjectURL(img.dataset.url);
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  img.dataset.url = url;
  img.src = url;
  img.alt = alt;
  img.hidden = false;
}

const ignore = () => {};

// ---------------------------------------------------------------- tabs

function selectTab(tab) {
  for (const other of document.querySelectorAll('[role="tab"]')) {
    const selected = other === tab;
    other.setAttribute('aria-selected', String(selected));
    other.tabIndex = selected ? 0 : -1;
    $(other.getAttribute('aria-controls')).hidden = !selected;
  }
  history.replaceState(null, '', `#${tab.id.slice(4)}`);
}

function setUpTabs() {
  const tabs = [...document.querySelectorAll('[role="tab"]')];
  tabs.forEach((tab, index) => {
    tab.addEventListener('click', () => selectTab(tab));
    tab.addEventListener('keydown', (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      const next = tabs[(index + step + tabs.length) % tabs.length];
      next.focus();
      selectTab(next);
    });
  });
  const wanted = $(`tab-${location.hash.slice(1)}`);
  selectTab(wanted || tabs[0]);
}

// ---------------------------------------------------------------- DLX problem

const QUEENS_8 = (() => {
  const n = 8;
  let text = '| 8 queens: rows and columns primary, diagonals secondary\n';
  const rows = [...Array(n).keys()].map((r) => `r${r} c${r}`).join(' ');
  const diagonals = [...Array(2 * n - 1).keys()].map((d) => `a${d} b${d}`).join(' ');
  text += `${rows} | ${diagonals}\n`;
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) text += `r${r} c${c} a${r + c} b${r + n - 1 - c}\n`;
  return text;
})();

function setUpDlx() {
  const text = $('dlx-text');
  const status = $('dlx-status');
  const list = $('dlx-solutions');
  const more = $('dlx-more');
  let shown = 0;
  $('dlx-example').addEventListener('click', () => { text.value = QUEENS_8; });
  $('dlx-file').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    const read = await run('dlx', 'read-file', { file }).catch(ignore);
    if (read !== undefined) {
      text.value = read;
      say(status, `${file.name} read`);
    }
  });
  stopButton('dlx');
  // A Stop ends the view's worker, and the listing it held with it.
  views.dlx.onStop = () => {
    if (shown === 0 || !listing) return '';
    listing = false;
    more.disabled = true;
    return `; the listing was cut short at ${plural(shown, 'solution')} (list again to start over)`;
  };
  // Whether the view's worker holds a listing that can go on.
  let listing = false;
  $('dlx-count').addEventListener('click', async () => {
    const result = await run('dlx', 'dlx-count', { text: text.value }).catch(ignore);
    if (!result) return;
    const how = `${result.method === 'memo' ? 'memoised count' : "Knuth's search"}, ${grouping.format(result.nodes)} nodes, ${grouping.format(result.updates)} updates, deepest level ${result.maxLevel}`;
    if (result.outcome === 'finished') say(status, `${plural(result.count, 'solution')} (${how})`);
    else say(status, `cut short (${result.outcome}): ${result.soFar ? `at least ${plural(result.soFar, 'solution')}` : 'no count'} (${how})`, true);
  });
  const showPage = (result) => {
    for (const solution of result.solutions) {
      const item = document.createElement('li');
      item.textContent = solution.join('  ·  ');
      list.append(item);
    }
    shown = result.listed;
    listing = !result.done;
    more.disabled = result.done;
    say(status, `${plural(shown, 'solution')} shown${listingEnd(result)} (${grouping.format(result.nodes)} nodes, ${grouping.format(result.updates)} updates, deepest level ${result.maxLevel})`);
  };
  $('dlx-list').addEventListener('click', async () => {
    list.replaceChildren();
    shown = 0;
    listing = false;
    more.disabled = true;
    const result = await run('dlx', 'dlx-list', { text: text.value, page: 10 }).catch(ignore);
    if (result) showPage(result);
  });
  more.addEventListener('click', async () => {
    more.disabled = true;
    const result = await run('dlx', 'more', { page: 10 }).catch(ignore);
    if (result) showPage(result);
  });
  $('dlx-cheapest').addEventListener('click', async () => {
    const result = await run('dlx', 'dlx-cheapest', { text: text.value, k: 3 }).catch(ignore);
    if (!result) return;
    list.replaceChildren();
    shown = 0;
    listing = false;
    more.disabled = true;
    for (const { cost, options } of result.best) {
      const item = document.createElement('li');
      item.textContent = `cost ${cost}: ${options.join('  ·  ')}`;
      list.append(item);
    }
    say(status, result.best.length ? `the ${plural(result.best.length, 'cheapest solution')} (options' costs written |n after an option)` : 'no solution');
  });
  $('dlx-estimate').addEventListener('click', async () => {
    const result = await run('dlx', 'dlx-estimate', { text: text.value }).catch(ignore);
    if (result) {
      const solutions = result.hits > 0 ? `${result.solutions.toPrecision(3)} solutions` : 'no solution seen (none of the probes reached one)';
      say(status, `Knuth's estimate from ${result.probes} random paths: about ${result.nodes.toPrecision(3)} nodes and ${solutions}`);
    }
  });
}

// ---------------------------------------------------------------- polyomino

function setUpPolyomino() {
  const board = $('poly-board');
  const status = $('poly-status');
  const picture = $('poly-picture');
  const caption = $('poly-caption');
  let holes = new Set();
  let width = 10;
  let height = 6;
  let tilings = [];
  let index = -1;
  // Whether the listing ended (every tiling listed, or cut short: `cut`).
  let done = false;
  let cut = false;

  const draw = () => {
    board.replaceChildren();
    board.style.gridTemplateColumns = `repeat(${width}, auto)`;
    for (let r = 0; r < height; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.style.display = 'contents';
      for (let c = 0; c < width; c++) {
        const cell = document.createElement('button');
        const key = `${r},${c}`;
        cell.setAttribute('role', 'gridcell');
        cell.setAttribute('aria-pressed', String(holes.has(key)));
        cell.setAttribute('aria-label', `row ${r + 1}, column ${c + 1}, ${holes.has(key) ? 'hole' : 'cell'}`);
        cell.addEventListener('click', () => {
          if (holes.has(key)) holes.delete(key); else holes.add(key);
          cell.setAttribute('aria-pressed', String(holes.has(key)));
          cell.setAttribute('aria-label', `row ${r + 1}, column ${c + 1}, ${holes.has(key) ? 'hole' : 'cell'}`);
          reset();
        });
        row.append(cell);
      }
      board.append(row);
    }
  };
  const reset = () => {
    tilings = [];
    index = -1;
    done = false;
    cut = false;
    $('poly-prev').disabled = true;
    $('poly-next').disabled = true;
  };
  const args = () => {
    let art = '';
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) art += holes.has(`${r},${c}`) ? '.' : '#';
      art += '\n';
    }
    const set = $('poly-pieces').value;
    return { board: art, pieces: set === 'custom' ? $('poly-custom').value : set, oneSided: $('poly-onesided').checked };
  };
  const show = () => {
    const tiling = tilings[index];
    showSvg(picture, tiling.svg, `Tiling ${index + 1}: ${tiling.text.replace(/\n/g, ' ')}`);
    caption.textContent = `Tiling ${index + 1}${done && !cut ? ` of ${tilings.length}` : ''}${cut ? ` of the ${tilings.length} listed before the listing was cut short` : ''}`;
    $('poly-prev').disabled = index <= 0;
    $('poly-next').disabled = done && index >= tilings.length - 1;
  };
  $('poly-new').addEventListener('click', () => {
    const w = sizeFrom($('poly-width'), 1, 30, width, status, 'width');
    const h = w === null ? null : sizeFrom($('poly-height'), 1, 30, height, status, 'height');
    if (h === null) return;
    [width, height] = [w, h];
    say(status, '');
    holes = new Set();
    reset();
    draw();
  });
  for (const id of ['poly-pieces', 'poly-onesided', 'poly-custom']) $(id).addEventListener('change', reset);
  stopButton('poly');
  // A Stop ends the view's worker, and the listing of tilings it held.
  views.poly.onStop = () => {
    if (!tilings.length || done) return '';
    [done, cut] = [true, true];
    $('poly-next').disabled = index >= tilings.length - 1;
    return `; the listing of tilings was cut short at ${tilings.length}`;
  };
  $('poly-count').addEventListener('click', async () => {
    const result = await run('poly', 'poly-count', args()).catch(ignore);
    if (!result) return;
    const distinct = result.distinct ? `, ${plural(result.distinct, 'tiling')} up to the board's symmetries` : '';
    if (result.outcome !== 'finished') { say(status, `cut short (${result.outcome}): no count`, true); return; }
    say(status, `${plural(result.tilings, 'tiling')}${distinct} (${result.method === 'memo' ? 'memoised count' : "Knuth's search"})`, false, result.seconds);
  });
  const fetchMore = async (op) => {
    const result = await run('poly', op, { ...args(), page: 1 }).catch(ignore);
    if (!result) return false;
    tilings.push(...result.solutions);
    done = result.done;
    cut = result.done && result.outcome !== 'finished';
    if (result.solutions.length === 0) {
      say(status, tilings.length ? `${plural(tilings.length, 'tiling')} shown${listingEnd(result)}` : `no tiling${cut ? ` found before the search was cut short (${result.outcome})` : ''}`, cut);
      if (!tilings.length) { picture.hidden = true; caption.textContent = 'This board has no tiling with these pieces.'; }
      return false;
    }
    say(status, `tiling ${tilings.length} found`);
    return true;
  };
  $('poly-show').addEventListener('click', async () => {
    reset();
    if (await fetchMore('poly-list')) { index = 0; show(); }
  });
  $('poly-next').addEventListener('click', async () => {
    if (index + 1 < tilings.length || (!done && await fetchMore('more'))) { index += 1; show(); }
    else $('poly-next').disabled = true;
  });
  $('poly-prev').addEventListener('click', () => { if (index > 0) { index -= 1; show(); } });
  $('poly-random').addEventListener('click', async () => {
    const seed = Math.floor(Math.random() * 2 ** 31);
    const result = await run('poly', 'poly-random', { ...args(), seed }).catch(ignore);
    if (!result) return;
    if (result.none) { say(status, 'no tiling'); return; }
    showSvg(picture, result.svg, `A random tiling: ${result.text.replace(/\n/g, ' ')}`);
    caption.textContent = `A tiling drawn uniformly at random (seed ${seed})`;
    say(status, 'a random tiling, each as likely as any other');
  });
  draw();
}

// The board view's family choice: the square grid above, or the triangle,
// hexagon and cube grids of polyform.js, each panel with its own worker.
function setUpBoardFamilies() {
  const panel = { $, run, say, plural, showSvg, stopButton, listingEnd, ignore, searches: views.pf };
  setUpPolyform(panel);
  $('poly-family').addEventListener('change', () => {
    const family = $('poly-family').value;
    $('poly-square').hidden = family !== 'square';
    $('pf-panel').hidden = family === 'square';
    if (family !== 'square') panel.choose(family);
  });
}

// ---------------------------------------------------------------- sudoku

const SUDOKU_EXAMPLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

function setUpSudoku() {
  const text = $('sudoku-text');
  const status = $('sudoku-status');
  const picture = $('sudoku-picture');
  text.value = SUDOKU_EXAMPLE;
  stopButton('sudoku');
  $('sudoku-solve').addEventListener('click', async () => {
    const result = await run('sudoku', 'sudoku-solve', { text: text.value, diagonal: $('sudoku-diagonal').checked }).catch(ignore);
    if (!result) return;
    const words = ['no solution', 'one solution: the puzzle is unique', 'several solutions: the puzzle is not unique (the first is shown)'];
    say(status, `${words[result.count]}${result.line ? `\n${result.line}` : ''}`);
    showSvg(picture, result.svg, result.line ? `The solved grid: ${result.line}` : 'The puzzle, which has no solution');
  });
  $('sudoku-generate').addEventListener('click', async () => {
    const seed = Math.floor(Math.random() * 2 ** 31);
    const line = await run('sudoku', 'sudoku-generate', { size: Number($('sudoku-size').value), seed, diagonal: $('sudoku-diagonal').checked }).catch(ignore);
    if (!line) return;
    text.value = line;
    const svg = await run('sudoku', 'sudoku-picture', { text: line, diagonal: $('sudoku-diagonal').checked }).catch(ignore);
    if (svg) showSvg(picture, svg, `The puzzle: ${line}`);
    say(status, `a new puzzle with exactly one solution (seed ${seed})`);
  });
  $('sudoku-print').addEventListener('click', () => window.print());
}

// ---------------------------------------------------------------- queens

function setUpQueens() {
  const board = $('queens-board');
  const status = $('queens-status');
  const picture = $('queens-picture');
  let n = 8;
  let placed = new Map();
  const args = (page) => ({ n, placed: [...placed.entries()].map(([r, c]) => [r, c]), page });
  const draw = () => {
    board.replaceChildren();
    board.style.gridTemplateColumns = `repeat(${n}, auto)`;
    for (let r = 0; r < n; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.style.display = 'contents';
      for (let c = 0; c < n; c++) {
        const square = document.createElement('button');
        square.setAttribute('role', 'gridcell');
        if ((r + c) % 2 === 1) square.classList.add('dark');
        const label = () => `row ${r + 1}, column ${c + 1}${placed.get(r) === c ? ', queen' : ''}`;
        square.textContent = placed.get(r) === c ? '♛' : '';
        square.setAttribute('aria-label', label());
        square.addEventListener('click', () => {
          if (placed.get(r) === c) placed.delete(r); else placed.set(r, c);
          draw();
          board.querySelectorAll('button')[r * n + c].focus();
        });
        row.append(square);
      }
      board.append(row);
    }
    $('queens-next').disabled = true;
  };
  $('queens-new').addEventListener('click', () => {
    const side = sizeFrom($('queens-n'), 1, 20, n, status, 'board side');
    if (side === null) return;
    n = side;
    say(status, '');
    placed = new Map();
    picture.hidden = true;
    draw();
  });
  stopButton('queens');
  // A Stop ends the view's worker, and the listing of completions it held.
  let shown = 0;
  let listing = false;
  views.queens.onStop = () => {
    if (!listing) return '';
    listing = false;
    $('queens-next').disabled = true;
    return `; the listing of completions was cut short at ${shown}`;
  };
  $('queens-count').addEventListener('click', async () => {
    const result = await run('queens', 'queens-count', args()).catch(ignore);
    if (!result) return;
    if (result.outcome !== 'finished') say(status, `cut short (${result.outcome}): at least ${plural(result.soFar || '0', 'way')}`, true);
    else say(status, `${plural(result.count, 'way')} to complete the board (${grouping.format(result.nodes)} nodes)`, false, result.seconds);
  });
  const showPage = (result) => {
    listing = !result.done;
    $('queens-next').disabled = result.done;
    if (result.solutions.length === 0) {
      const cut = result.outcome !== 'finished';
      say(status, shown ? `${plural(shown, 'completion')} shown${listingEnd(result)}` : `no way to complete this board${cut ? ` found before the search was cut short (${result.outcome})` : ''}`, cut);
      return;
    }
    shown = result.listed;
    const [first] = result.solutions;
    showSvg(picture, first.svg, `Completion ${shown}: queens in columns ${first.columns.map((c) => c + 1).join(', ')}`);
    say(status, `completion ${shown}${result.done ? (result.outcome === 'finished' ? ', the last' : `, the last before the listing was cut short (${result.outcome})`) : ''}`);
  };
  $('queens-show').addEventListener('click', async () => {
    shown = 0;
    listing = false;
    const result = await run('queens', 'queens-list', args(1)).catch(ignore);
    if (result) showPage(result);
  });
  $('queens-next').addEventListener('click', async () => {
    const result = await run('queens', 'more', { page: 1 }).catch(ignore);
    if (result) showPage(result);
  });
  draw();
}

// ---------------------------------------------------------------- teaching

const TEACH_EXAMPLE = `| Knuth's example (TAOCP 7.2.2.1 (6)): items a to g, six options
a b c d e f g
c e
a d g
b c f
a d f
b g
d e g
`;

function setUpTeaching() {
  const text = $('teach-text');
  const step = $('teach-step');
  const counter = $('teach-counter');
  let steps = [];
  let problem = null;
  let at = 0;
  text.value = TEACH_EXAMPLE;
  const show = () => {
    const { message, state } = steps[at];
    step.textContent = message;
    counter.textContent = `step ${at + 1} of ${steps.length}`;
    drawMatrix($('teach-matrix'), problem, state);
    drawLinks($('teach-links'), problem, state);
    $('teach-back').disabled = at === 0;
    $('teach-forward').disabled = at === steps.length - 1;
  };
  const load = async () => {
    try {
      const explored = await views.teach.ask('teach-explore', { text: text.value, maxItems: 10, maxOptions: 12 });
      problem = explored.problem;
      steps = frames(explored);
      at = 0;
      step.classList.remove('error');
      show();
    } catch (error) {
      step.textContent = `error: ${error.message}`;
      step.classList.add('error');
    }
  };
  $('teach-load').addEventListener('click', load);
  $('teach-example').addEventListener('click', () => { text.value = TEACH_EXAMPLE; load(); });
  $('teach-forward').addEventListener('click', () => { if (at < steps.length - 1) { at += 1; show(); } });
  $('teach-back').addEventListener('click', () => { if (at > 0) { at -= 1; show(); } });
  load();
}

// ---------------------------------------------------------------- start

setUpTabs();
setUpDlx();
setUpPolyomino();
setUpBoardFamilies();
setUpSudoku();
setUpQueens();
setUpTeaching();
views.dlx.ask('version').then((v) => { $('version').textContent = v; }, ignore);
