// Algorithm X step by step, for teaching: Knuth's steps on a small problem,
// each a snapshot the page can go forward and back through, and the matrix
// and the dancing links drawn for a snapshot. Only the DOM's own methods
// and textContent draw; nothing here parses markup.

const SVG = 'http://www.w3.org/2000/svg';

// The steps of Algorithm X on `problem` ({items, primary, options: [{text,
// items}]}), at most `cap` of them: each {message, covered, removed,
// chosen, tried, solution}.
export function algorithmX(problem, cap) {
  const steps = [];
  const covered = new Set();
  const removed = new Set();
  const solution = [];
  const name = (item) => problem.items[item];
  const snap = (message, chosen = -1, tried = -1) => {
    steps.push({ message, covered: [...covered], removed: [...removed], chosen, tried, solution: [...solution] });
    return steps.length < cap;
  };
  const optionsOf = (item) => problem.options.map((_, o) => o).filter((o) => !removed.has(o) && problem.options[o].items.includes(item));
  let solutions = 0;

  function search(level) {
    const open = [];
    for (let i = 0; i < problem.primary; i++) if (!covered.has(i)) open.push(i);
    if (open.length === 0) {
      solutions += 1;
      return snap(`Every primary item is covered: solution ${solutions}, options ${solution.map((o) => problem.options[o].text).join(' · ')}`);
    }
    // The item with the fewest options (ties: the leftmost), as DLX1 chooses.
    let chosen = open[0];
    for (const i of open) if (optionsOf(i).length < optionsOf(chosen).length) chosen = i;
    const options = optionsOf(chosen);
    if (!snap(`Level ${level}: choose item ${name(chosen)}, which has the fewest options left (${options.length})`, chosen)) return false;
    if (options.length === 0) {
      return snap(`No option covers ${name(chosen)}: backtrack`, chosen);
    }
    for (const o of options) {
      if (!snap(`Try option ${o}: ${problem.options[o].text}`, chosen, o)) return false;
      const items = problem.options[o].items;
      const gone = problem.options.map((_, p) => p).filter((p) => !removed.has(p) && problem.options[p].items.some((i) => items.includes(i)));
      for (const i of items) covered.add(i);
      for (const p of gone) removed.add(p);
      solution.push(o);
      if (!snap(`Cover ${items.map(name).join(', ')}: their columns go, and the ${gone.length} rows that meet them`, chosen, o)) return false;
      if (!search(level + 1)) return false;
      solution.pop();
      for (const p of gone) removed.delete(p);
      for (const i of items) covered.delete(i);
      if (!snap(`Uncover ${items.map(name).join(', ')}: back at level ${level}, undone in the reverse order`, chosen, o)) return false;
    }
    return snap(`Every option of ${name(chosen)} has been tried: backtrack`, chosen);
  }

  snap('The start: every item and every option is in the matrix');
  if (search(0)) snap(`The search is over: ${solutions} solution${solutions === 1 ? '' : 's'}`);
  else steps[steps.length - 1].message += ` (the first ${cap} steps are shown)`;
  return steps;
}

// The matrix: items as columns, options as rows, the covered greyed.
export function drawMatrix(container, problem, state) {
  const covered = new Set(state.covered);
  const removed = new Set(state.removed);
  const inSolution = new Set(state.solution);
  const table = document.createElement('table');
  table.className = 'matrix';
  const caption = document.createElement('caption');
  caption.textContent = 'Items (columns) and options (rows); greyed: covered';
  table.append(caption);
  const head = document.createElement('tr');
  const corner = document.createElement('th');
  corner.textContent = 'option';
  head.append(corner);
  problem.items.forEach((item, i) => {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = i < problem.primary ? item : `${item} (secondary)`;
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
    if (removed.has(o) && !inSolution.has(o)) tr.classList.add('covered');
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

// The dancing links of the state: a header per item still in the matrix,
// a node per 1 of the options still in it, linked up-down and left-right.
export function drawLinks(container, problem, state) {
  const covered = new Set(state.covered);
  const removed = new Set(state.removed);
  const columns = problem.items.map((_, i) => i).filter((i) => !covered.has(i));
  const rows = problem.options.map((_, o) => o).filter((o) => !removed.has(o));
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
    svg.append(el('text', { x: x(c), y: 34, 'text-anchor': 'middle', 'font-size': 11 }, problem.items[i]));
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
      svg.append(el('circle', { cx: x(c), cy: y(r), r: 7, fill: state.solution.includes(o) ? '#b9e0b9' : '#fff', stroke: '#333' }));
      left = x(c);
    });
  });
  container.replaceChildren(svg);
}
