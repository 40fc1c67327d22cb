// The round desk (issue 18, issue 31): a round of 10 boards created from a pairings list on
// /round/new (3 boards with blind players) with the FIDE classical control and the links'
// address, a refused list named by its line, the printable seat links (text and QR codes, the
// event, round, board and FIDE ids on every sheet, print CSS), then the round desk as a to-do
// list: every board, alerts from several boards arriving in the order they happened with their
// time, announced in its live region, at most three shown so the boards table stays on the
// screen, handled by keyboard, closed by their case into the history; every board paused at
// once (a paused board says why); a seat's link issued again and its sheet printed again.
// axe-core (WCAG 2.2 A/AA) on every page state.
// Run: cargo build && cd web-tests && npm ci && npm test

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Session, screenshotDir } from './session.js';

const session = new Session();
const { pages } = session;
let server;
const axe = (name, state) => session.axe(name, state);
const newPage = (url) => session.newPage(url);
const shots = screenshotDir();

const NAMES = [
  ['Anna Weiss', 'Ben Kraus'], ['Clara Schulz', 'Deniz Arslan'], ['Emil Meyer', 'Frieda Koch'],
  ['Gül Çelik', 'Hans Wolf'], ['Ida Braun', 'Jale Kaya'], ['Karl Lange', 'Lale Şahin'],
  ['Mia Vogel', 'Nuri Öztürk'], ['Otto Frank', 'Pelin Aydın'], ['Rosa Berg', 'Selim Güneş'],
  ['Tom Roth', 'Ufuk Kılıç'],
];
// Boards 1, 4 and 8 have a blind player (board 4's with an assistant).
const OPTIONS = { 1: ['vi de', 'en'], 4: ['tr', 'vi assistant tr'], 8: ['vi en', ''] };

function pairingsList() {
  return NAMES.map(([w, b], i) => {
    const [wo, bo] = OPTIONS[i + 1] ?? ['', ''];
    return `${i + 1};${w};${4600000 + 2 * i + 1};${wo};${b};;${bo}`;
  }).join('\n');
}

/**
 * A seat sends one message, from a socket of its own on the server's origin (`url` is the
 * seat's link, or the game and token), and waits for its answer.
 */
function send(page, url, message) {
  const hash = new URLSearchParams(new URL(url).hash.slice(1));
  return page.evaluate(
    ([game, token, message]) =>
      new Promise((done, fail) => {
        const ws = new WebSocket(`ws://${location.host}/api/games/${game}/ws`);
        ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', v: 1, token }));
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.type === 'welcome') ws.send(JSON.stringify({ ...message, id: 'ask' }));
          if (m.id === 'ask' && m.type !== 'event') {
            ws.close();
            if (m.type === 'ack') done();
            else fail(new Error(JSON.stringify(m)));
          }
        };
        ws.onerror = () => fail(new Error('socket'));
        ws.onclose = (e) => fail(new Error(`closed ${e.code}`));
      }),
    [hash.get('game'), hash.get('token'), message],
  );
}

/** A player claims a draw by repetition at the start: not correct, play goes on. */
const claim = (page, url) => send(page, url, { type: 'claim_draw', claim: 'repetition', confirmed: true });
/** A player asks the talking clock: routine, no alert. */
const askTime = (page, url) => send(page, url, { type: 'talking_clock' });
const CLAIMED = (board, color, name) =>
  `Board ${board}: ${color} (${name}) claimed a draw by threefold repetition: not correct, play goes on.`;

describe('the round desk', { timeout: 300000 }, () => {
  session.useServer((s) => (server = s), { note: `screenshots in ${shots}` });

  let seatLinks;
  let deskUrl;

  it('the lobby leads to a new round; its form is labelled', async () => {
    pages.lobby = await newPage(`${server.url}/?lang=en`);
    await pages.lobby.getByRole('link', { name: /Create every board at once/ }).click();
    await pages.lobby.waitForURL(/\/round\/new\?lang=en/);
    pages.newRound = pages.lobby;
    const p = pages.newRound;
    await p.waitForFunction(() => document.getElementById('round-lang').value === 'en');
    assert.equal(await p.getByLabel('Pairings list, one board a line').getAttribute('id'), 'pairings');
    await axe('newRound', 'form');
  });

  it('a refused list names its line in the alert and the focus goes back to it', async () => {
    const p = pages.newRound;
    await p.getByLabel('Event name').fill('Blind Open');
    await p.getByLabel('Site').fill('Hamburg');
    await p.getByLabel('Round', { exact: true }).fill('3');
    await p.getByLabel('Pairings list, one board a line').fill(pairingsList().replace('vi assistant tr', 'vi helper tr'));
    await p.getByRole('button', { name: 'Create the round' }).click();
    const error = p.locator('#round-error');
    await error.filter({ hasText: /./ }).waitFor();
    assert.equal(await error.textContent(), 'Line 4: “helper” is not an option (vi, assistant, tactile, normal, de, tr, en).');
    assert.equal(await p.evaluate(() => document.activeElement.id), 'pairings');
    assert.equal(await p.locator('#pairings').getAttribute('aria-invalid'), 'true');
    await axe('newRound', 'refused');
  });

  it('10 boards from the pairings list, with every seat link as text and QR code, printable', async () => {
    const p = pages.newRound;
    await p.getByLabel('Pairings list, one board a line').fill(pairingsList());
    await p.keyboard.press('Tab');
    // The FIDE classical control, and the links' address (the page's own unless changed).
    assert.equal(await p.getByLabel('Address of the links').inputValue(), server.url);
    // An address without its scheme is refused in words; the focus goes to the field.
    await p.getByLabel('Address of the links').fill('chess.example');
    await p.getByRole('button', { name: 'Create the round' }).click();
    await p.locator('#links-origin[aria-invalid="true"]').waitFor();
    assert.equal(await p.evaluate(() => document.activeElement.id), 'links-origin');
    assert.match(await p.locator('#round-error').textContent(), /./);
    await p.getByLabel('Address of the links').fill(server.url);
    await p.getByLabel('Time control', { exact: true }).selectOption('fide-classical');
    assert.equal(await p.getByLabel('Minutes per player').isDisabled(), true);
    await p.getByRole('button', { name: 'Create the round' }).click();
    await p.locator('#round-created').waitFor({ state: 'visible' });
    assert.equal(await p.evaluate(() => document.activeElement.id), 'created-heading');
    assert.equal(await p.locator('#created-heading').textContent(), 'Seat links: Blind Open, round 3');
    const sheets = p.locator('.seat-sheet');
    assert.equal(await sheets.count(), 10);
    assert.equal(await sheets.nth(3).locator('h3').textContent(), 'Board 4: Gül Çelik (FIDE 4600007) against Hans Wolf');
    // Every sheet names the event, the round and the board at its top.
    assert.equal(await sheets.nth(3).locator('.sheet-event').textContent(), 'Blind Open, round 3, board 4');
    seatLinks = await sheets.evaluateAll((ss) =>
      ss.map((s) => Object.fromEntries([...s.querySelectorAll('li')].map((li) => [li.dataset.seat, li.querySelector('a').href]))),
    );
    assert.match(seatLinks[0].white, /\/vi\?lang=de#game=[0-9a-f]{16}&token=[0-9a-f]{32}$/);
    assert.match(seatLinks[3].black, /\/vi\?lang=tr#/);
    assert.match(seatLinks[3].black_assistant, /\/assistant\?lang=tr#/);
    assert.match(seatLinks[7].white, /\/vi\?lang=en#/);
    assert.match(seatLinks[1].white, /\/board\?lang=en#/);
    assert.equal(seatLinks.filter((s) => s.arbiter).length, 0, 'no sheet carries the arbiter token');
    const blind = seatLinks.filter((s) => Object.values(s).some((u) => u.includes('/vi?')));
    assert.equal(blind.length, 3);
    // Every link as a QR code with a text alternative.
    const qrs = await p.locator('.seat-sheet img').evaluateAll((imgs) => imgs.map((i) => [i.alt, i.src.slice(0, 26), i.naturalWidth > 0]));
    assert.equal(qrs.length, 10 * 3 + 1);
    assert.deepEqual(qrs[0], ['QR code of the link for White: Anna Weiss (German)', 'data:image/svg+xml;base64,', true]);
    deskUrl = await p.locator('#desk-link').getAttribute('href');
    assert.match(deskUrl, /\/round\?lang=en#round=[0-9a-f]{16}&token=[0-9a-f]{32}$/);
    await axe('newRound', 'seat links');
    await p.screenshot({ path: join(shots, 'round-seat-links.png'), fullPage: true });
    // Printed: the form, the header and the desk's link are left out, each board on its page.
    await p.emulateMedia({ media: 'print' });
    for (const sel of ['#round-form', 'header.top', '#round-created .no-print']) {
      assert.equal(await p.locator(sel).evaluate((el) => getComputedStyle(el).display), 'none', sel);
    }
    assert.equal(await sheets.nth(1).evaluate((el) => getComputedStyle(el).breakBefore), 'page');
    await p.emulateMedia({ media: 'screen' });
  });

  it('the round desk: every board, alerts from several boards in order with their time, at most three shown', async () => {
    pages.desk = await newPage(deskUrl);
    const d = pages.desk;
    await d.locator('#board-rows tr').nth(9).waitFor();
    assert.equal(await d.locator('#round-name').textContent(), 'Blind Open, round 3, Hamburg');
    const first = await d.locator('#board-rows tr').first().evaluate((tr) => [...tr.children].map((c) => c.textContent));
    assert.deepEqual(first.slice(0, 6), ['1', 'Anna Weiss (visually impaired)', 'Ben Kraus', 'playing', '1:30:00', '1:30:00']);
    assert.equal(await d.locator('#board-rows tr').nth(3).locator('a').getAttribute('href').then((h) => h.includes('/arbiter?lang=en#game=')), true);
    assert.equal(await d.locator('#no-alerts').isVisible(), true);
    assert.equal(await d.locator('#round-status').textContent(), 'Following 10 boards; nothing needs the arbiter.');
    // The round's games have the FIDE classical control.
    const game = new URLSearchParams(new URL(seatLinks[0].white).hash.slice(1)).get('game');
    const token = new URLSearchParams(new URL(deskUrl).hash.slice(1)).get('token');
    const state = await (await fetch(`${server.url}/api/games/${game}`, { headers: { authorization: `Bearer ${token}` } })).json();
    assert.equal(state.time_control.pgn, '40/5400+30:1800+30');
    await axe('desk', 'no alerts');

    // A time request is routine: no alert. Then the players of boards 4, 8, 1 and 2 claim a
    // draw, in that order.
    await askTime(pages.newRound, seatLinks[3].black);
    await claim(pages.newRound, seatLinks[3].white);
    await claim(pages.newRound, seatLinks[7].white);
    await claim(pages.newRound, seatLinks[0].white);
    await claim(pages.newRound, seatLinks[1].white);
    await d.locator('#alert-list li').nth(3).waitFor({ state: 'attached' });
    const alerts = await d.locator('#alert-list .alert-text').allTextContents();
    assert.deepEqual(alerts, [
      CLAIMED(4, 'White', 'Gül Çelik'),
      CLAIMED(8, 'White', 'Otto Frank'),
      CLAIMED(1, 'White', 'Anna Weiss'),
      CLAIMED(2, 'White', 'Clara Schulz'),
    ]);
    // Each with its time.
    assert.match(await d.locator('#alert-list li time').first().textContent(), /^\d\d:\d\d$/);
    // The live region said them, in that order.
    const live = d.locator('#round-live');
    assert.equal(await live.getAttribute('role'), 'log');
    assert.deepEqual(await live.locator('p').allTextContents(), alerts);
    assert.equal(await d.locator('#alert-count').textContent(), '(4 open)');
    assert.equal(await d.locator('#round-status').textContent(), 'Following 10 boards; 4 alerts open.');
    // Three are shown; the boards table stays on the screen (an 800 px window).
    await d.setViewportSize({ width: 1280, height: 800 });
    assert.deepEqual(await d.locator('#alert-list li').evaluateAll((lis) => lis.map((li) => li.hidden)), [false, false, false, true]);
    const top = await d.locator('#boards').evaluate((t) => t.getBoundingClientRect().top);
    assert.ok(top < 800, `the boards table starts at ${top}`);
    const more = d.getByRole('button', { name: 'Show all 4 open alerts' });
    assert.equal(await more.getAttribute('aria-expanded'), 'false');
    await more.focus();
    await d.keyboard.press('Enter');
    assert.equal(await d.locator('#alert-list li:not([hidden])').count(), 4);
    assert.equal(await d.locator('#alerts-all').getAttribute('aria-expanded'), 'true');
    await d.keyboard.press('Enter');
    assert.equal(await d.locator('#alert-list li:not([hidden])').count(), 3);
    // The alerts come before the boards on the page.
    const order = await d.evaluate(() => {
      const a = document.getElementById('alerts');
      return !!(a.compareDocumentPosition(document.getElementById('boards')) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    assert.equal(order, true);
    await axe('desk', 'four alerts');
    await d.screenshot({ path: join(shots, 'round-desk.png'), fullPage: true });
  });

  it('by keyboard: an alert is done, its board one link away; a reload keeps the alerts', async () => {
    const d = pages.desk;
    await d.locator('#alert-list li').first().locator('a').focus();
    assert.equal(await d.evaluate(() => document.activeElement.textContent), "Board 4's desk");
    await d.keyboard.press('Tab');
    assert.equal(await d.evaluate(() => document.activeElement.getAttribute('aria-label')), `Done: ${CLAIMED(4, 'White', 'Gül Çelik')}`);
    await d.keyboard.press('Enter');
    assert.equal(await d.locator('#alert-list li').count(), 3);
    assert.equal(await d.evaluate(() => document.activeElement.getAttribute('aria-label')), `Done: ${CLAIMED(8, 'White', 'Otto Frank')}`);
    assert.equal(await d.locator('#alert-count').textContent(), '(3 open)');
    // Cleared by hand: in the history, with its time.
    assert.equal(await d.locator('#history-count').textContent(), '(1)');
    assert.match(await d.locator('#history-list li').first().textContent(), /Cleared by you at \d\d:\d\d\.$/);
    // A reload shows what happened before, in order, without announcing it again (an alert
    // cleared by hand is open again: its case is not closed).
    await d.reload();
    await d.locator('#alert-list li').nth(3).waitFor({ state: 'attached' });
    assert.equal((await d.locator('#alert-list .alert-text').allTextContents())[0], CLAIMED(4, 'White', 'Gül Çelik'));
    assert.equal(await d.locator('#round-live p').count(), 0);
    await axe('desk', 'after a reload');
  });

  it('pause every board, resume every board', async () => {
    const d = pages.desk;
    await d.getByRole('button', { name: 'Pause every board' }).click();
    await d.locator('#all-result').filter({ hasText: /paused/ }).waitFor();
    assert.equal(await d.locator('#all-result').textContent(), '10 of 10 boards paused.');
    // A paused board says why.
    await d.waitForFunction(() => [...document.querySelectorAll('#board-rows tr')].every((tr) => tr.children[3].textContent === 'paused: stopped by the arbiter'));
    await axe('desk', 'paused');
    await d.getByRole('button', { name: 'Resume every board' }).click();
    await d.locator('#all-result').filter({ hasText: /resumed/ }).waitFor();
    assert.equal(await d.locator('#all-result').textContent(), '10 of 10 boards resumed.');
    // The refused pairings list is logged by the browser as a failed load; it is expected,
    // anything else is not.
    const refused = (e) => /status of 400 \(Bad Request\)/.test(e);
    assert.equal(pages.newRound.errors.filter(refused).length, 2);
    pages.newRound.errors = pages.newRound.errors.filter((e) => !refused(e));
    for (const name of ['newRound', 'desk']) assert.deepEqual(pages[name].errors, [], name);
  });

  it('results for the pairing program, by keyboard: a list round has no TRF, its list downloads', async () => {
    const d = pages.desk;
    await d.getByRole('button', { name: 'Resume every board' }).focus();
    await d.keyboard.press('Tab');
    assert.equal(await d.evaluate(() => document.activeElement.textContent), 'Download the results as TRF');
    await d.keyboard.press('Enter');
    await d.locator('#results-status').filter({ hasText: /TRF file/ }).waitFor();
    assert.match(await d.locator('#results-status').textContent(), /^This round was not read from a TRF file/);
    await d.keyboard.press('Tab');
    assert.equal(await d.evaluate(() => document.activeElement.textContent), 'Download the results as a list (CSV)');
    const [csv] = await Promise.all([d.waitForEvent('download'), d.keyboard.press('Enter')]);
    assert.match(csv.suggestedFilename(), /^round-[A-Za-z0-9.-]*-results\.csv$/);
    const text = await readFile(await csv.path(), 'utf8');
    const lines = text.split('\r\n');
    assert.equal(lines[0], 'board,white,black,result');
    assert.equal(lines[1], '1,Anna Weiss,Ben Kraus,*');
    assert.equal(lines.filter((l) => l).length, 11);
    await d.locator('#results-status').filter({ hasText: /^Downloaded round-/ }).waitFor();
    // The round's incident record: every board's report to sign, by keyboard too.
    await d.keyboard.press('Tab');
    assert.equal(await d.evaluate(() => document.activeElement.textContent), "Download the round's incident record (every board's report to sign)");
    const [record] = await Promise.all([d.waitForEvent('download'), d.keyboard.press('Enter')]);
    assert.match(record.suggestedFilename(), /^round-[A-Za-z0-9.-]*-incidents\.txt$/);
    const report = await readFile(await record.path(), 'utf8');
    assert.match(report, /All times are UTC/);
    assert.match(report, /^Board: 10$/m);
    await axe('desk', 'results downloaded');
    // The refused TRF is logged by the browser as a failed load; it is expected.
    const refused = (e) => /status of 409 \(Conflict\)/.test(e);
    assert.equal(d.errors.filter(refused).length, 1);
    assert.deepEqual(d.errors.filter((e) => !refused(e)), []);
  });

  it('an alert closes when its case closes: board 8 ends, its claim goes to the history', async () => {
    const d = pages.desk;
    const game = new URLSearchParams(new URL(seatLinks[7].white).hash.slice(1)).get('game');
    const token = new URLSearchParams(new URL(deskUrl).hash.slice(1)).get('token');
    await send(pages.newRound, `${server.url}/arbiter#game=${game}&token=${token}`, { type: 'end', result: '1/2-1/2' });
    await d.locator('#alert-count').filter({ hasText: '(3 open)' }).waitFor();
    assert.deepEqual(await d.locator('#alert-list .alert-text').allTextContents(), [
      CLAIMED(4, 'White', 'Gül Çelik'),
      CLAIMED(1, 'White', 'Anna Weiss'),
      CLAIMED(2, 'White', 'Clara Schulz'),
    ]);
    assert.equal(await d.locator('#round-status').textContent(), 'Following 10 boards; 3 alerts open.');
    const closed = d.locator('#history-list li').first();
    assert.equal(await closed.locator('.alert-text').textContent(), CLAIMED(8, 'White', 'Otto Frank'));
    assert.match(await closed.locator('.alert-closed').textContent(), /^ Closed at \d\d:\d\d\.$/);
    // The history opens by keyboard.
    await d.locator('#history-details summary').focus();
    await d.keyboard.press('Enter');
    assert.equal(await closed.isVisible(), true);
    await axe('desk', 'an alert closed');
  });

  it("a seat's link issued again: asked first, the old link stops working, the sheet prints again", async () => {
    const d = pages.desk;
    await d.getByLabel('Board', { exact: true }).selectOption('4');
    await d.getByLabel('Seat', { exact: true }).selectOption('black');
    await d.getByRole('button', { name: 'Issue new links' }).click();
    const question = d.locator('#links-question');
    assert.equal(await d.evaluate(() => document.activeElement.id), 'links-question');
    assert.equal(await question.textContent(), 'Issue a new link for Black on board 4? The old link stops working at once.');
    await axe('desk', 'links question');
    // Cancel changes nothing: the old link still opens Black's seat.
    await d.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await d.evaluate(() => document.activeElement.id), 'links-issue');
    await askTime(pages.newRound, seatLinks[3].black);
    await d.getByRole('button', { name: 'Issue new links' }).click();
    await d.getByRole('button', { name: 'Issue them' }).click();
    await d.locator('#links-status').filter({ hasText: /new link/ }).waitFor();
    assert.equal(await d.locator('#links-status').textContent(), 'Board 4: one new link issued. The sheet is below.');
    assert.equal(await d.evaluate(() => document.activeElement.id), 'links-print');
    const sheet = d.locator('#links-sheet .seat-sheet');
    assert.equal(await sheet.locator('.sheet-event').textContent(), 'Blind Open, round 3, board 4');
    assert.equal(await sheet.locator('h3').textContent(), 'Board 4: Gül Çelik (FIDE 4600007) against Hans Wolf');
    const links = await sheet.locator('li').evaluateAll((lis) => lis.map((li) => [li.dataset.seat, li.querySelector('a').href]));
    assert.equal(links.length, 1);
    assert.equal(links[0][0], 'black');
    assert.match(links[0][1], /\/vi\?lang=tr#game=[0-9a-f]{16}&token=[0-9a-f]{32}$/);
    assert.notEqual(links[0][1], seatLinks[3].black);
    // The old link opens nothing; the new one opens Black's seat.
    await assert.rejects(askTime(pages.newRound, seatLinks[3].black), /closed 4401/);
    await askTime(pages.newRound, links[0][1]);
    await axe('desk', 'links issued');
    // Printed: that sheet only.
    await d.evaluate(() => document.body.classList.add('print-sheet'));
    await d.emulateMedia({ media: 'print' });
    for (const sel of ['#alerts', '#boards', '#links-section .no-print', '#links-heading']) {
      assert.equal(await d.locator(sel).isVisible(), false, sel);
    }
    assert.equal(await sheet.isVisible(), true);
    await d.emulateMedia({ media: 'screen' });
    await d.evaluate(() => document.body.classList.remove('print-sheet'));
    // A board the round lacks is refused in words (over the API; the menu lists only its own).
    const response = await fetch(`${server.url}/api/rounds/${new URLSearchParams(new URL(deskUrl).hash.slice(1)).get('round')}/boards/11/links`, {
      method: 'POST',
      headers: { authorization: `Bearer ${new URLSearchParams(new URL(deskUrl).hash.slice(1)).get('token')}`, 'accept-language': 'de' },
    });
    assert.equal(response.status, 404);
    assert.equal((await response.json()).message, 'Diese Runde hat kein Brett mit dieser Nummer.');
    const refused = (e) => /status of 409 \(Conflict\)/.test(e);
    assert.deepEqual(d.errors.filter((e) => !refused(e)), []);
  });
});
