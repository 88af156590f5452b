// The teaching view's drawings: the engine's own steps (dlx-wasm's
// ExploreJob, the events of the core's Solver::explore) put in words, the
// matrix and the dancing links of the state each step leaves. Nothing here
// searches: every step and every state comes from the engine. Only the
// DOM's own methods and textContent draw; nothing here parses markup.

const SVG = 'http://www.w3.org/2000/svg';
// The longest item name drawn in full in the links; a longer one is cut,
// with the whole name in its tooltip.
const LABEL = 6;

// The frames to step through: the start, each event of `explored` (the
// worker's answer: {problem, steps, outcome, solutions, nodes, updates}),
// and the end. A frame is {message, state}.
export function frames(explored) {
  const { problem, steps } = explored;
  const empty = { covered: [], hidden: [], solution: [], purified: [], colors: [], chosen: -1, tried: -1 };
  const out = [{ message: 'The start: every item and every option is in the matrix', state: empty }];
  for (const step of steps) {
    out.push({ message: describe(problem, step), state: { ...step, chosen: step.item, tried: step.option } });
  }
  const n = explored.solutions;
  const figures = `${n} solution${n === 1 ? '' : 's'}, ${explored.nodes} nodes, ${explored.updates} updates`;
  const end = explored.outcome === 'finished'
    ? `The search is over: ${figures}`
    : `The first ${steps.length} steps are shown (${figures} so far); the search goes on beyond them`;
  out.push({ message: end, state: empty });
  return out;
}

function nth(k) {
  const tens = k % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[k % 10] || 'th');
  return `${k}${suffix}`;
}

// One event in words, with Knuth's step names.
function describe(problem, step) {
  const name = (item) => problem.items[item];
  const text = (option) => problem.options[option].text;
  switch (step.kind) {
    case 'choose':
      return step.of === 0
        ? `Level ${step.level}: choose item ${name(step.item)}, which has no option left, so the search backs up`
        : `Level ${step.level}: choose item ${name(step.item)}, which has the fewest options left (${step.of})`;
    case 'try':
      return `Try option ${step.option}: ${text(step.option)}, the ${nth(step.k)} of ${step.of} for ${name(step.item)}; its items are covered, and the options that meet them leave the matrix`;
    case 'backtrack':
      return `Every option of ${name(step.item)} has been tried: uncover it and back up from level ${step.level}`;
    case 'solution':
      return `Every primary item is covered: solution ${step.found}, options ${step.solution.map(text).join(' · ')}`;
    default:
      return step.kind;
  }
}

// The color of each purified item, by item.
function purifiedColors(state) {
  const colors = new Map();
  state.purified.forEach((item, i) => colors.set(item, state.colors[i]));
  return colors;
}

// The matrix: items as columns, options as rows, the covered greyed.
export function drawMatrix(container, problem, state) {
  const covered = new Set(state.covered);
  const hidden = new Set(state.hidden);
  const inSolution = new Set(state.solution);
  const purified = purifiedColors(state);
  const table = document.createElement('table');
  table.className = 'matrix';
  const caption = document.createElement('caption');
  caption.textContent = 'Items (columns) and options (rows); greyed: covered, or out of the matrix';
  table.append(caption);
  const head = document.createElement('tr');
  const corner = document.createElement('th');
  corner.textContent = 'option';
  head.append(corner);
  problem.items.forEach((item, i) => {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = i < problem.primary ? item : `${item} (secondary)`;
    if (purified.has(i)) th.textContent += ` = ${purified.get(i)}`;
    if (covered.has(i)) th.classList.add('covered');
    if (state.chosen === i) th.classList.add('chosen');
    head.append(th);
  });
  table.append(head);
  problem.options.forEach((option, o) => {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = String(o);
    tr.append(th);
    if (hidden.has(o)) tr.classList.add('covered');
    if (inSolution.has(o)) tr.classList.add('in-solution');
    if (state.tried === o) tr.classList.add('tried');
    problem.items.forEach((_, i) => {
      const td = document.createElement('td');
      td.textContent = option.items.includes(i) ? '1' : '';
      if (covered.has(i)) td.classList.add('covered');
      if (state.chosen === i && !covered.has(i)) td.classList.add('chosen');
      tr.append(td);
    });
    table.append(tr);
  });
  container.replaceChildren(table);
}

function el(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

// A name as the links draw it: cut to LABEL characters, whole in a tooltip.
function label(x, y, name) {
  const short = [...name].length > LABEL ? `${[...name].slice(0, LABEL - 1).join('')}…` : name;
  const text = el('text', { x, y, 'text-anchor': 'middle', 'font-size': 11 }, short);
  text.append(el('title', {}, name));
  return text;
}

// The dancing links of the state: a header per item still in the matrix,
// a node per 1 of the options still in it, linked up-down and left-right.
export function drawLinks(container, problem, state) {
  const covered = new Set(state.covered);
  // The options of the partial solution left the links when they were tried.
  const gone = new Set([...state.hidden, ...state.solution]);
  const columns = problem.items.map((_, i) => i).filter((i) => !covered.has(i));
  const rows = problem.options.map((_, o) => o).filter((o) => !gone.has(o));
  const dx = 62;
  const dy = 34;
  const width = 40 + dx * (columns.length + 1);
  const height = 40 + dy * (rows.length + 1);
  const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img' });
  svg.append(el('title', {}, `The links: ${columns.length} items and ${rows.length} options left`));
  const x = (c) => 50 + dx * (c + 1);
  const y = (r) => 30 + dy * (r + 1);
  // The root and the item headers, in one circular list.
  svg.append(el('rect', { x: 50 - 22, y: 30 - 12, width: 44, height: 24, rx: 4, fill: '#eee', stroke: '#555' }));
  svg.append(el('text', { x: 50, y: 34, 'text-anchor': 'middle', 'font-size': 11 }, 'root'));
  columns.forEach((i, c) => {
    svg.append(el('line', { x1: x(c - 1) + 22, y1: 30, x2: x(c) - 22, y2: 30, stroke: '#1f5fbf' }));
    svg.append(el('rect', { x: x(c) - 22, y: 30 - 12, width: 44, height: 24, rx: 4, fill: i < problem.primary ? '#dde8f8' : '#eee', stroke: '#555' }));
    svg.append(label(x(c), 34, problem.items[i]));
    // Down the column: the nodes of the options left that contain the item.
    let above = 30 + 12;
    rows.forEach((o, r) => {
      if (!problem.options[o].items.includes(i)) return;
      svg.append(el('line', { x1: x(c), y1: above, x2: x(c), y2: y(r) - 7, stroke: '#1f5fbf' }));
      above = y(r) + 7;
    });
  });
  rows.forEach((o, r) => {
    svg.append(el('text', { x: 14, y: y(r) + 4, 'font-size': 11 }, String(o)));
    let left = null;
    columns.forEach((i, c) => {
      if (!problem.options[o].items.includes(i)) return;
      if (left !== null) svg.append(el('line', { x1: left + 7, y1: y(r), x2: x(c) - 7, y2: y(r), stroke: '#888' }));
      svg.append(el('circle', { cx: x(c), cy: y(r), r: 7, fill: '#fff', stroke: '#333' }));
      left = x(c);
    });
  });
  container.replaceChildren(svg);
}
