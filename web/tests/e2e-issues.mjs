// Browser regression tests of the page's defects found in issues 33 and 34,
// each named after its issue; run by e2e.mjs on its page (`run`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The N-queens problem of side `n` in Knuth's format: long to count past 14.
function queensText(n) {
  const header = [...Array(n).keys()].map((r) => `r${r} c${r}`).join(' ') + ' | ' + [...Array(2 * n - 1).keys()].map((d) => `a${d} b${d}`).join(' ') + '\n';
  let text = header;
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) text += `r${r} c${c} a${r + c} b${r + n - 1 - c}\n`;
  return text;
}

export async function run({ page, test, statusOf, assert }) {
  await page.setViewportSize({ width: 1100, height: 900 });
  const status = (view) => page.locator(`#${view}-status`).textContent();

  // Starts a count of the 20x20 board in the N-queens view (it runs for ever).
  const longQueensCount = async () => {
    await page.click('#tab-queens');
    await page.fill('#queens-n', '20');
    await page.click('#queens-new');
    await page.click('#queens-count');
    await statusOf('queens', /nodes/);
  };

  await test('issue 34 (2), as written: a partial listing never passes as whole', async () => {
    await page.click('#tab-dlx');
    await page.click('#dlx-example');
    await page.click('#dlx-list');
    await statusOf('dlx', /^10 solutions shown \(/);
    await longQueensCount();
    await page.click('#queens-stop');
    await statusOf('queens', /stopped: the answer is incomplete/, 5000);
    await page.click('#tab-dlx');
    await page.click('#dlx-more');
    const text = await statusOf('dlx', /^20 solutions shown/);
    assert.doesNotMatch(text, /all of them/);
    assert.equal(await page.locator('#dlx-solutions li').count(), 20);
    assert.equal(await page.locator('#dlx-more').isDisabled(), false);
  });

  await test("issue 34 (2): a listing that its view's Stop ends says it was cut short", async () => {
    await page.click('#dlx-list');
    await statusOf('dlx', /^10 solutions shown \(/);
    await page.fill('#dlx-text', queensText(15));
    await page.click('#dlx-count');
    await statusOf('dlx', /nodes/);
    await page.click('#dlx-stop');
    const text = await statusOf('dlx', /stopped/, 5000);
    assert.match(text, /the listing was cut short at 10 solutions/);
    assert.equal(await page.locator('#dlx-more').isDisabled(), true);
  });

  await test('issue 34 (3), as written: the views share no listing', async () => {
    await page.click('#dlx-example');
    await page.click('#dlx-list');
    await statusOf('dlx', /^10 solutions shown \(/);
    await page.click('#tab-queens');
    await page.fill('#queens-n', '6');
    await page.click('#queens-new');
    await page.click('#queens-show');
    await statusOf('queens', /^completion 1/);
    await page.click('#tab-dlx');
    await page.click('#dlx-more');
    await statusOf('dlx', /^20 solutions shown \(/, 10000);
    const lines = await page.locator('#dlx-solutions li').allTextContents();
    assert.equal(lines.length, 20);
    assert.ok(lines.every((line) => /^r\d c\d/.test(line)), lines[19]);
    await page.click('#tab-queens');
    await page.click('#queens-next');
    await statusOf('queens', /^completion 2/);
  });

  await test('issue 34 (3): a long count in one view leaves another free, and Stop stops its own view alone', async () => {
    await longQueensCount();
    await page.click('#tab-dlx');
    await page.click('#dlx-example');
    await page.click('#dlx-count');
    await statusOf('dlx', /^92 solutions/, 30000);
    // A long count in the DLX view beside it; the N-queens Stop leaves it running.
    await page.fill('#dlx-text', queensText(16));
    await page.click('#dlx-count');
    await statusOf('dlx', /nodes/);
    await page.click('#tab-queens');
    await page.click('#queens-stop');
    await statusOf('queens', /stopped: the answer is incomplete/, 5000);
    const before = await status('dlx');
    await page.waitForFunction((text) => document.getElementById('dlx-status').textContent !== text, before, { timeout: 10000 });
    assert.match(await status('dlx'), /nodes/);
    assert.equal(await page.locator('#dlx-stop').isDisabled(), false);
    await page.click('#tab-dlx');
    await page.click('#dlx-stop');
    await statusOf('dlx', /stopped: the answer is incomplete/, 5000);
  });

  await test("issue 34: the estimate where no probe reached a solution says so, not '0.00 solutions'", async () => {
    await page.fill('#dlx-text', 'a b c\na b\nb c\n');
    await page.click('#dlx-estimate');
    const text = await statusOf('dlx', /Knuth's estimate/);
    assert.match(text, /no solution seen \(none of the probes reached one\)/);
    assert.doesNotMatch(text, /0\.00/);
  });

  await test('issue 34: a board size the page does not draw is refused, and the input shows what is drawn', async () => {
    await page.click('#tab-queens');
    await page.fill('#queens-n', '5');
    await page.click('#queens-new');
    for (const bad of ['0', '21', '2.5']) {
      await page.fill('#queens-n', bad);
      await page.click('#queens-new');
      const text = await statusOf('queens', /board side is a whole number from 1 to 20/);
      assert.ok(text.includes(`not ${bad}`), text);
      assert.equal(await page.inputValue('#queens-n'), '5');
      assert.equal(await page.locator('#queens-board button').count(), 25);
    }
    await page.click('#tab-polyomino');
    await page.fill('#poly-width', '31');
    await page.click('#poly-new');
    await statusOf('poly', /width is a whole number from 1 to 30/);
    assert.equal(await page.inputValue('#poly-width'), '4');
  });

  await test("issue 34: long item names stay inside the teaching view's card", async () => {
    const long = 'an_item_name_far_too_long_to_fit_'.repeat(8);
    await page.click('#tab-teach');
    await page.fill('#teach-text', `${long} b\n${long}\nb\n${long} b\n`);
    await page.click('#teach-load');
    await page.locator('#teach-matrix').filter({ hasText: long }).waitFor();
    for (let i = 0; i < 3; i++) await page.click('#teach-forward');
    for (const width of [1100, 380]) {
      await page.setViewportSize({ width, height: 900 });
      const over = await page.evaluate(() => {
        const card = document.getElementById('view-teach');
        return { card: card.scrollWidth - card.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth };
      });
      assert.ok(over.card <= 1 && over.page <= 1, `at ${width} px: ${JSON.stringify(over)}`);
    }
    await page.setViewportSize({ width: 1100, height: 900 });
  });

  await test('issue 33: the teaching view steps through the engine\'s search, colors included', async () => {
    await page.fill('#teach-text', 'p q | x\np x:A\nq x:A\nq x:B\n');
    await page.click('#teach-load');
    await page.locator('#teach-matrix').filter({ hasText: 'x (secondary)' }).waitFor();
    const messages = [];
    for (let i = 0; i < 40 && !(await page.locator('#teach-forward').isDisabled()); i++) {
      await page.click('#teach-forward');
      messages.push(await page.locator('#teach-step').textContent());
    }
    assert.match(messages.join('\n'), /Try option 0: p x:A/);
    assert.match(await page.locator('#teach-step').textContent(), /search is over: 1 solution/);
    // On the way, x is purified to A and option 2 (x:B) leaves the matrix.
    await page.click('#teach-example');
    await page.waitForFunction(() => document.querySelectorAll('#teach-matrix th[scope="col"]').length === 7);
  });

  // The text readers' own limit is checked in Node (conformance.mjs): a
  // textarea holding 16 MiB slows the browser itself.
  await test('issue 34: a file over the readers\' limit is refused before it is read', async () => {
    await page.click('#tab-dlx');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dlx-page-')), 'big.dlx');
    fs.writeFileSync(file, Buffer.alloc(17 << 20, 'a'));
    await page.setInputFiles('#dlx-file', file);
    const text = await statusOf('dlx', /big\.dlx/, 20000);
    assert.match(text, /error: big\.dlx is 17825792 bytes, more than the 16777216 bytes the page reads/);
    await page.click('#dlx-example');
    await page.click('#dlx-count');
    await statusOf('dlx', /^92 solutions/);
  });
}
