// Browser tests of the dlx web page: each view driven as a user would
// (type, click, wait for the answer), known answers checked, a screenshot
// of each view. Run by `cargo xtask web --test`, which builds and serves
// the page and sets DLX_PAGE, DLX_CHROMIUM and DLX_SCREENSHOTS.
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const page_url = process.env.DLX_PAGE;
const shots = process.env.DLX_SCREENSHOTS;
const browser = await chromium.launch({
  executablePath: process.env.DLX_CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
const page = await context.newPage();
const errors = [];
page.on('pageerror', (error) => errors.push(String(error)));
page.on('dialog', async (dialog) => { errors.push(`a dialog opened: ${dialog.message()}`); await dialog.dismiss(); });
// Nothing may be fetched from elsewhere.
const requests = [];
page.on('request', (request) => requests.push(request.url()));
// Nothing the page asks for may be missing (issue 34: /favicon.ico was a 404).
const missing = [];
page.on('response', (response) => { if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`); });

let failures = 0;
async function test(name, body) {
  try {
    await body();
    console.log(`ok   ${name}`);
  } catch (error) {
    failures += 1;
    console.log(`FAIL ${name}\n     ${String(error.stack || error).split('\n').slice(0, 6).join('\n     ')}`);
  }
}

async function statusOf(view, pattern, timeout = 60000) {
  const status = page.locator(`#${view}-status`);
  await status.filter({ hasText: pattern }).waitFor({ timeout });
  return status.textContent();
}

await page.goto(page_url);
await page.locator('#version').filter({ hasText: /\d+\.\d+/ }).waitFor({ timeout: 30000 });

await test('DLX: the 8-queens example counts 92 and lists its solutions page by page', async () => {
  await page.click('#tab-dlx');
  await page.click('#dlx-example');
  await page.click('#dlx-count');
  const counted = await statusOf('dlx', /^92 solutions/);
  // Knuth's statistics beside the count.
  assert.match(counted, /nodes, [\d,]+ updates, deepest level \d+/);
  await page.click('#dlx-list');
  await statusOf('dlx', /10 solutions shown/);
  assert.equal(await page.locator('#dlx-solutions li').count(), 10);
  await page.click('#dlx-more');
  await statusOf('dlx', /20 solutions shown/);
  await page.click('#dlx-estimate');
  await statusOf('dlx', /Knuth's estimate/);
  await page.screenshot({ path: path.join(shots, 'dlx.png'), fullPage: true });
});

await test("DLX: a problem pasted in Knuth's format, with colors", async () => {
  await page.fill('#dlx-text', 'p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n');
  await page.click('#dlx-count');
  await statusOf('dlx', /^1 solution\b/);
  await page.click('#dlx-list');
  await statusOf('dlx', /1 solution shown, all of them/);
  assert.match(await page.locator('#dlx-solutions').textContent(), /q x:A/);
});

await test("DLX: the cheapest solutions under Knuth's DLX5 costs", async () => {
  // A 1x4 strip: a square costs 3, a domino 5, a tromino 7, the whole strip 12.
  let text = 'c1 c2 c3 c4\n';
  for (let a = 1; a <= 4; a++) for (let b = a; b <= 4; b++) {
    const cells = [];
    for (let c = a; c <= b; c++) cells.push(`c${c}`);
    text += `${cells.join(' ')} |${[3, 5, 7, 12][b - a]}\n`;
  }
  await page.fill('#dlx-text', text);
  await page.click('#dlx-cheapest');
  await statusOf('dlx', /the 3 cheapest solutions/);
  const lines = await page.locator('#dlx-solutions li').allTextContents();
  assert.deepEqual(lines.map((line) => line.split(':')[0]), ['cost 10', 'cost 10', 'cost 10']);
});

await test('DLX: bad input shows an error naming the line and the item', async () => {
  await page.fill('#dlx-text', 'a b\na c\n');
  await page.click('#dlx-count');
  const text = await statusOf('dlx', /error/);
  assert.match(text, /line 2/);
  assert.match(text, /unknown item `c`/);
});

const EVIL = '<img/src=x/onerror=window.__pwned=1>';
await test('DLX: names that are HTML and script are shown as text and run nothing', async () => {
  await page.fill('#dlx-text', `${EVIL} <script>window.__pwned=2</script>\n${EVIL} <script>window.__pwned=2</script>\n`);
  await page.click('#dlx-list');
  await statusOf('dlx', /1 solution shown/);
  assert.ok((await page.locator('#dlx-solutions').textContent()).includes(EVIL));
  assert.equal(await page.locator('#dlx-solutions img, #dlx-solutions script').count(), 0);
  await page.fill('#dlx-text', `a\n${EVIL}\n`);
  await page.click('#dlx-count');
  const text = await statusOf('dlx', /error/);
  assert.ok(text.includes(EVIL));
  await page.click('#tab-teach');
  await page.fill('#teach-text', `${EVIL} b\n${EVIL}\nb\n`);
  await page.click('#teach-load');
  // The load is answered by the worker: wait for the new matrix, not for
  // the step counter, which the example loaded at the start already shows.
  await page.locator('#teach-matrix').filter({ hasText: EVIL }).waitFor();
  assert.ok((await page.locator('#teach-matrix').textContent()).includes(EVIL));
  assert.equal(await page.locator('#teach-matrix img, #teach-links img').count(), 0);
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
});

await test('DLX: Stop stops a long count, and the page counts again after it', async () => {
  await page.click('#tab-dlx');
  let text = 'r0';
  const n = 15;
  let header = [...Array(n).keys()].map((r) => `r${r} c${r}`).join(' ') + ' | ' + [...Array(2 * n - 1).keys()].map((d) => `a${d} b${d}`).join(' ') + '\n';
  text = header;
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) text += `r${r} c${c} a${r + c} b${r + n - 1 - c}\n`;
  await page.fill('#dlx-text', text);
  await page.click('#dlx-count');
  await statusOf('dlx', /nodes/);
  assert.equal(await page.locator('#dlx-stop').isDisabled(), false);
  await page.click('#dlx-stop');
  await statusOf('dlx', /stopped: the answer is incomplete/, 5000);
  await page.click('#dlx-example');
  await page.click('#dlx-count');
  await statusOf('dlx', /^92 solutions/);
});

const timings = {};
await test('Polyomino: the 6x10 board has 9356 pentomino tilings, shown one by one and at random', async () => {
  await page.click('#tab-polyomino');
  await page.fill('#poly-width', '6');
  await page.fill('#poly-height', '10');
  await page.click('#poly-new');
  await page.click('#poly-count');
  await statusOf('poly', /^9,356 tilings, 2,339 tilings up to the board's symmetries/, 120000);
  timings.pentominoes = Number(await page.getAttribute('#poly-status', 'data-seconds'));
  await page.click('#poly-show');
  await statusOf('poly', /tiling 1 found/);
  assert.equal(await page.locator('#poly-picture').isVisible(), true);
  await page.click('#poly-next');
  await page.locator('#poly-caption').filter({ hasText: 'Tiling 2' }).waitFor();
  await page.click('#poly-prev');
  await page.locator('#poly-caption').filter({ hasText: 'Tiling 1' }).waitFor();
  await page.click('#poly-random');
  // The diagram of every tiling takes 15 s of one core natively: on a loaded
  // machine the page's takes minutes.
  await statusOf('poly', /random tiling/, 240000);
  await page.screenshot({ path: path.join(shots, 'polyomino.png'), fullPage: true });
});

await test('Polyomino: holes and dominoes; a board with no tiling says so', async () => {
  await page.fill('#poly-width', '4');
  await page.fill('#poly-height', '4');
  await page.click('#poly-new');
  await page.selectOption('#poly-pieces', 'domino');
  await page.click('#poly-count');
  await statusOf('poly', /^36 tilings/);
  // Two opposite corners out: no domino tiling (the colouring argument).
  await page.click('#poly-board button >> nth=0');
  await page.click('#poly-board button >> nth=15');
  await page.click('#poly-count');
  await statusOf('poly', /^0 tilings/);
  await page.click('#poly-show');
  await page.locator('#poly-caption').filter({ hasText: 'no tiling' }).waitFor();
});

await test('Polycube: the Soma cube counts 11520 packings (240 up to symmetry), drawn in 3D and as layers, one after another', async () => {
  await page.selectOption('#poly-family', 'polycube');
  assert.equal(await page.locator('#poly-board').isVisible(), false);
  assert.equal(await page.inputValue('#pf-board'), '3x3x3');
  await page.selectOption('#pf-pieces', 'soma');
  await page.click('#pf-count');
  await statusOf('pf', /^11,520 packings, 240 packings up to the board's symmetries/, 120000);
  await page.click('#pf-show');
  await statusOf('pf', /packing 1 found/);
  await page.locator('#pf-caption').filter({ hasText: 'Packing 1' }).waitFor();
  // The picture is an SVG image that loaded (the page's CSP fetches no blob: URL, so its size stands for it).
  const drawn = async (not) => (await page.waitForFunction((before) => {
    const img = document.getElementById('pf-picture');
    return !img.hidden && img.complete && img.naturalWidth > 0 && img.src !== before && img.src;
  }, not)).jsonValue();
  const solid = await drawn('');
  await page.selectOption('#pf-drawing', 'layers');
  await page.locator('#pf-caption').filter({ hasText: 'layer by layer' }).waitFor();
  await drawn(solid);
  await page.click('#pf-next');
  await page.locator('#pf-caption').filter({ hasText: 'Packing 2' }).waitFor();
  await page.screenshot({ path: path.join(shots, 'polycube.png'), fullPage: true });
});

await test('Polyiamond and polyhex: the hexiamonds in rhombus:6 (156 up to symmetry), the tetrahexes in parallelogram:7x4 listed whole', async () => {
  await page.selectOption('#poly-family', 'polyiamond');
  assert.equal(await page.locator('#pf-drawing-row').isVisible(), false);
  await page.click('#pf-count');
  await statusOf('pf', /^624 packings, 156 packings up to the board's symmetries/, 120000);
  await page.selectOption('#poly-family', 'polyhex');
  await page.click('#pf-to-art');
  await statusOf('pf', /the board as art/);
  assert.match(await page.inputValue('#pf-art'), /#/);
  await page.click('#pf-count');
  await statusOf('pf', /^18 packings, 9 packings up to the board's symmetries/);
  await page.click('#pf-show');
  for (let n = 2; n <= 18; n++) {
    await page.click('#pf-next');
    await page.locator('#pf-caption').filter({ hasText: `Packing ${n}` }).waitFor();
  }
  await page.click('#pf-next');
  await statusOf('pf', /18 packings shown, all of them/);
  await page.screenshot({ path: path.join(shots, 'polyhex.png'), fullPage: true });
  await page.fill('#pf-art', '');
  await page.fill('#pf-board', 'hexagon:x');
  await page.click('#pf-count');
  await statusOf('pf', /^error: /);
  await page.selectOption('#poly-family', 'square');
  assert.equal(await page.locator('#poly-board').isVisible(), true);
});

await test('Sudoku: a known puzzle is solved, and unique', async () => {
  await page.click('#tab-sudoku');
  await page.click('#sudoku-solve');
  const text = await statusOf('sudoku', /one solution/);
  assert.ok(text.includes('417369825632158947958724316825437169791586432346912758289643571573291684164875293'));
  await page.fill('#sudoku-text', '1...\n....\n....\n....\n');
  await page.click('#sudoku-solve');
  await statusOf('sudoku', /several solutions/);
  await page.fill('#sudoku-text', '11' + '.'.repeat(79));
  await page.click('#sudoku-solve');
  await statusOf('sudoku', /error: .*both hold 1/);
  await page.click('#sudoku-generate');
  await statusOf('sudoku', /exactly one solution/);
  await page.click('#sudoku-solve');
  await statusOf('sudoku', /one solution/);
  await page.screenshot({ path: path.join(shots, 'sudoku.png'), fullPage: true });
});

await test('N-queens: 92 for 8 queens, 4 with a queen in a corner, completions shown', async () => {
  await page.click('#tab-queens');
  await page.fill('#queens-n', '8');
  await page.click('#queens-new');
  await page.click('#queens-count');
  await statusOf('queens', /^92 ways/);
  await page.click('#queens-board button >> nth=0');
  await page.click('#queens-count');
  await statusOf('queens', /^4 ways/);
  await page.click('#queens-show');
  await statusOf('queens', /completion 1/);
  await page.click('#queens-next');
  await statusOf('queens', /completion 2/);
  await page.fill('#queens-n', '12');
  await page.click('#queens-new');
  await page.click('#queens-count');
  await statusOf('queens', /^14,200 ways/, 120000);
  timings.queens12 = Number(await page.getAttribute('#queens-status', 'data-seconds'));
  await page.fill('#queens-n', '8');
  await page.click('#queens-new');
  await page.click('#queens-board button >> nth=0');
  await page.click('#queens-show');
  await statusOf('queens', /completion 1/);
  await page.screenshot({ path: path.join(shots, 'queens.png'), fullPage: true });
});

await test("Algorithm X: Knuth's example step by step, forward and back", async () => {
  await page.click('#tab-teach');
  await page.click('#teach-example');
  await page.waitForFunction(() => document.querySelectorAll('#teach-matrix th[scope="col"]').length === 7);
  await page.locator('#teach-counter').filter({ hasText: /step 1 of/ }).waitFor();
  // The engine's own steps (issue 33): choose (C3), try (C5, the option's
  // items covered), then choose again one level down.
  await page.click('#teach-forward');
  assert.match(await page.locator('#teach-step').textContent(), /choose item a/);
  await page.click('#teach-forward');
  assert.match(await page.locator('#teach-step').textContent(), /Try option 1: a d g/);
  assert.ok(await page.locator('#teach-matrix .covered').count() > 0);
  await page.click('#teach-forward');
  assert.match(await page.locator('#teach-step').textContent(), /Level 1: choose item/);
  await page.click('#teach-back');
  assert.match(await page.locator('#teach-step').textContent(), /Try option/);
  for (let i = 0; i < 200 && !(await page.locator('#teach-forward').isDisabled()); i++) await page.click('#teach-forward');
  assert.match(await page.locator('#teach-step').textContent(), /search is over: 1 solution/);
  await page.click('#teach-back');
  await page.click('#teach-back');
  await page.screenshot({ path: path.join(shots, 'teach.png'), fullPage: true });
});

await test('Keyboard: the tabs move with the arrow keys', async () => {
  await page.focus('#tab-dlx');
  await page.click('#tab-dlx');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('#tab-polyomino', 'aria-selected'), 'true');
  assert.equal(await page.locator('#view-polyomino').isVisible(), true);
});

await test("A phone's width: the page fits without scrolling sideways", async () => {
  await page.setViewportSize({ width: 380, height: 800 });
  await page.click('#tab-dlx');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 380, `the page is ${width} px wide`);
  await page.screenshot({ path: path.join(shots, 'phone.png'), fullPage: true });
});

await import('./e2e-issues.mjs').then((issues) => issues.run({ page, test, statusOf, assert }));

await test('No script error, no dialog, nothing missing, nothing fetched from elsewhere', async () => {
  assert.deepEqual(errors, []);
  assert.deepEqual(missing, []);
  const origin = new URL(page_url).origin;
  const foreign = requests.filter((url) => !url.startsWith(origin) && !url.startsWith('blob:') && !url.startsWith('data:'));
  assert.deepEqual(foreign, []);
});

console.log(`timings (s, the count in the page's worker): 6x10 pentominoes ${timings.pentominoes}, 12-queens ${timings.queens12}`);
fs.writeFileSync(path.join(shots, 'timings.json'), JSON.stringify(timings));
await browser.close();
if (failures) {
  console.log(`${failures} failed`);
  process.exit(1);
}
console.log('all passed');
