// The board view's triangle, hexagon and cube grids: a board by name or
// drawn in the family's ASCII art, a piece set, the packings counted and
// shown one after another (cubes in 3D or as layers). The work runs in the
// view's own worker (worker.js, `pf-*` requests, the wasm Polyform class);
// this file only asks and shows. The square grid is app.js's polyomino
// board, which the family choice shows instead.

// Each family: its default board, its piece sets, and an example of its art.
export const FAMILIES = {
  polyiamond: {
    board: 'rhombus:6',
    sets: [['hexiamonds', '12 hexiamonds'], ['pentiamonds', '4 pentiamonds'], ['tetriamonds', '3 tetriamonds'], ['heptiamonds', '24 heptiamonds'], ['diamond', 'diamonds (lozenges)']],
    forms: 'parallelogram:WxH, rhombus:N, hexagon:N, triangle:N',
  },
  polyhex: {
    board: 'parallelogram:7x4',
    sets: [['tetrahexes', '7 tetrahexes'], ['trihexes', '3 trihexes'], ['pentahexes', '22 pentahexes'], ['dihex', 'dihexes']],
    forms: 'parallelogram:WxH, rhombus:N, hexagon:N, triangle:N',
  },
  polycube: {
    board: '3x3x3',
    sets: [['soma', '7 Soma pieces'], ['tetracubes', '8 tetracubes'], ['planar-pentacubes', '12 solid pentominoes'], ['pentacubes', '29 pentacubes']],
    forms: 'a box XxYxZ such as 3x3x3 or 2x5x6',
  },
};

// Sets up the panel; `page` holds the helpers of app.js the panel uses:
// { $, run, say, plural, showSvg, stopButton, listingEnd, ignore, searches }.
export function setUpPolyform(page) {
  const { $, run, say, plural, showSvg, listingEnd, ignore } = page;
  const status = $('pf-status');
  const picture = $('pf-picture');
  const caption = $('pf-caption');
  const drawing = $('pf-drawing');
  let family = 'polycube';
  // The packings listed so far, the one shown, and how the listing ended
  // (every packing listed, or cut short: `cut`).
  let packings = [];
  let index = -1;
  let done = false;
  let cut = false;

  const args = () => ({ family, board: $('pf-art').value.trim() ? $('pf-art').value : $('pf-board').value, pieces: $('pf-pieces').value });
  const reset = () => {
    packings = [];
    index = -1;
    [done, cut] = [false, false];
    $('pf-prev').disabled = true;
    $('pf-next').disabled = true;
  };
  // Chooses a family: its default board, its piece sets, its drawings.
  page.choose = (chosen) => {
    family = chosen;
    const { board, sets, forms } = FAMILIES[family];
    $('pf-board').value = board;
    $('pf-art').value = '';
    $('pf-forms').textContent = forms;
    $('pf-pieces').replaceChildren(...sets.map(([value, text]) => Object.assign(document.createElement('option'), { value, textContent: text })));
    $('pf-drawing-row').hidden = family !== 'polycube';
    picture.hidden = true;
    caption.textContent = '';
    say(status, '');
    reset();
  };
  const show = () => {
    const packing = packings[index];
    const layers = family === 'polycube' && drawing.value === 'layers';
    showSvg(picture, layers ? packing.layers : packing.svg, `Packing ${index + 1}: ${packing.text.replace(/\n/g, ' ')}`);
    caption.textContent = `Packing ${index + 1}${done && !cut ? ` of ${packings.length}` : ''}${cut ? ` of the ${packings.length} listed before the listing was cut short` : ''}${layers ? ', layer by layer' : ''}`;
    $('pf-prev').disabled = index <= 0;
    $('pf-next').disabled = done && index >= packings.length - 1;
  };
  for (const id of ['pf-board', 'pf-art', 'pf-pieces']) $(id).addEventListener('change', reset);
  drawing.addEventListener('change', () => { if (index >= 0) show(); });
  page.stopButton('pf');
  // A Stop ends the view's worker, and the listing of packings it held.
  page.searches.onStop = () => {
    if (!packings.length || done) return '';
    [done, cut] = [true, true];
    $('pf-next').disabled = index >= packings.length - 1;
    return `; the listing of packings was cut short at ${packings.length}`;
  };
  $('pf-count').addEventListener('click', async () => {
    const result = await run('pf', 'pf-count', { ...args(), distinct: $('pf-distinct').checked }).catch(ignore);
    if (!result) return;
    if (result.outcome !== 'finished') { say(status, `cut short (${result.outcome}): no count`, true); return; }
    const distinct = result.distinct ? `, ${plural(result.distinct, 'packing')} up to the board's symmetries` : '';
    say(status, `${plural(result.packings, 'packing')}${distinct} (${result.method === 'memo' ? 'memoised count' : "Knuth's search"})`, false, result.seconds);
  });
  // The next packing of the listing: false when there is none (the status
  // then says whether the listing was whole or cut short).
  const fetchMore = async (op) => {
    const result = await run('pf', op, { ...args(), page: 1 }).catch(ignore);
    if (!result) return false;
    packings.push(...result.solutions);
    done = result.done;
    cut = result.done && result.outcome !== 'finished';
    if (result.solutions.length === 0) {
      say(status, packings.length ? `${plural(packings.length, 'packing')} shown${listingEnd(result)}` : `no packing${cut ? ` found before the search was cut short (${result.outcome})` : ''}`, cut);
      if (!packings.length) { picture.hidden = true; caption.textContent = cut ? '' : 'This board has no packing with these pieces.'; }
      return false;
    }
    say(status, `packing ${packings.length} found`);
    return true;
  };
  $('pf-show').addEventListener('click', async () => {
    reset();
    if (await fetchMore('pf-list')) { index = 0; show(); }
  });
  $('pf-next').addEventListener('click', async () => {
    if (index + 1 < packings.length || (!done && await fetchMore('more'))) { index += 1; show(); }
    else $('pf-next').disabled = true;
  });
  $('pf-prev').addEventListener('click', () => { if (index > 0) { index -= 1; show(); } });
  // The named board in the family's ASCII art, to edit cell by cell.
  $('pf-to-art').addEventListener('click', async () => {
    const art = await run('pf', 'pf-art', { family, board: $('pf-board').value }).catch(ignore);
    if (art === undefined) return;
    $('pf-art').value = art;
    reset();
    say(status, 'the board as art: # a cell; delete or add cells, then count or show');
  });
  page.choose(family);
}
