// Issue 15, the pages: the blind player is never left in silence. Two visually impaired
// players (White in German, Black in English), keyboard in, live region out: the greeting as
// one announcement, the board read as squares (no grid, no rows), the board's keys (pieces,
// ranks, scanning a line, the edge), Black's board starting on his side, earcons, a move told
// again when it came while he typed; the server stopped (SIGSTOP) and its loss said without a
// key pressed, a move typed meanwhile refused at once and never played, the return said with
// clocks that count the outage; a server restart; the end of the game read back with its
// reason, the final clocks and the scoresheet, every command still answered. axe-core with
// every WCAG 2.2 A/AA rule (experimental ones too) on every state.
// Run: cargo build && cd web-tests && npm ci && npm test

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from './session.js';

const session = new Session();
const { pages } = session;
let server;
const axe = (name, state) => session.axe(name, state);

const lines = (name) => session.lines(name);
const hear = (pattern, since, name) => session.hear(pattern, since, name);

const types = (name, text, expect) => session.types(name, text, expect);
const enters = (name, text) => session.enters(name, text);
const keys = (name, list, expect) => session.keys(name, list, expect);

/** The square the keyboard focus is on, and what its name says. */
function focused(name) {
  return pages[name].evaluate(() => [document.activeElement.dataset.square ?? document.activeElement.id, document.activeElement.getAttribute('aria-label')]);
}

/** The earcons a page played since it was opened (recorded from the `earcon` events). */
function earcons(name) {
  return pages[name].evaluate(() => window.hamleEarconsHeard);
}

/** A page that records its earcons from the start. */
async function openPage(url) {
  const page = await session.newPage('about:blank');
  await page.addInitScript(() => {
    window.hamleEarconsHeard = [];
    document.addEventListener('earcon', (e) => window.hamleEarconsHeard.push(e.detail));
  });
  await page.goto(url);
  return page;
}

/** Minutes and seconds out of "9 Minuten und 48 Sekunden" / "9 minutes and 48 seconds". */
function seconds(words) {
  const m = /(\d+) (?:Minuten|minutes)/.exec(words);
  const s = /(\d+) (?:Sekunden|seconds)/.exec(words);
  return (m ? Number(m[1]) * 60 : 0) + (s ? Number(s[1]) : 0);
}

describe('the blind player is never left in silence', { timeout: 300000 }, () => {
  session.useServer((s) => (server = s));

  let links;

  it('two visually impaired players open their pages: one greeting each, on their side', async () => {
    pages.lobby = await session.newPage(`${server.url}/?lang=en`);
    const created = await pages.lobby.evaluate(async () => {
      const r = await fetch('/api/games', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          time_control: { base_seconds: 600, increment_seconds: 0 },
          white: { name: 'Anna', visually_impaired: true, board: 'normal' },
          black: { name: 'Berk', visually_impaired: true, board: 'normal' },
          languages: { white: 'de', black: 'en', arbiter: 'en' },
        }),
      });
      return r.json();
    });
    const link = (page, seat, lang) => `${server.url}/${page}?lang=${lang}#game=${created.id}&token=${created.tokens[seat]}`;
    links = { white: link('vi', 'white', 'de'), black: link('vi', 'black', 'en'), arbiter: link('arbiter', 'arbiter', 'en') };
    pages.white = await openPage(links.white);
    // The greeting is one short announcement: the colour, whose turn.
    await hear(/^Verbunden\. Sie spielen Weiß\. Sie sind am Zug, Weiß\.$/, 0, 'white');
    // He starts typing at once: the key echo would cut the greeting off, so it is said again
    // before the answer to his line.
    await pages.white.keyboard.type('wer');
    pages.black = await openPage(links.black);
    await hear(/^Connected\. You play Black\. White to move\.$/, 0, 'black');
    await new Promise((r) => setTimeout(r, 500));
    assert.equal((await lines('white')).length, 1, JSON.stringify(await lines('white')));
    await pages.white.keyboard.press('Enter');
    await hear(/Sie sind am Zug, Weiß\.$/, 1, 'white');
    const [greeting, again, answer] = await lines('white');
    // Said again once, in one line with the answer (the line's parts here).
    assert.equal(again, `Inzwischen: ${greeting}`);
    // `wer` says who plays whom, then whose move it is.
    assert.equal(answer, 'Sie spielen Weiß gegen Berk. Sie sind am Zug, Weiß.');
    assert.equal((await lines('black')).length, 1, JSON.stringify(await lines('black')));
    assert.equal((await lines('white')).length, 3, JSON.stringify(await lines('white')));
    // The board is a grid of eight rows of squares: a screen reader's focus mode takes it.
    for (const name of ['white', 'black']) {
      const roles = await pages[name].locator('#board, #board *').evaluateAll((els) => els.map((e) => e.getAttribute('role')).filter(Boolean));
      assert.equal(roles[0], 'grid');
      assert.deepEqual([...new Set(roles.slice(1))], ['row', 'gridcell']);
      assert.equal(roles.length, 73);
    }
    await axe('white', 'greeted');
    await axe('black', 'greeted');
  });

  it('before the arbiter\'s page has heard the game, starting, pausing, resuming and the desk\'s rulings are not offered', async () => {
    // The game's socket is held open and silent: the page never learns whether the game
    // waits, runs or is paused, so none of the three may be pressed (pressed, each was
    // refused "Not sent" while the page connected; the restart below clicked "Resume"
    // that early on a loaded machine).
    const page = await session.newPage('about:blank');
    await page.routeWebSocket(/\/ws$/, () => {});
    await page.goto(links.arbiter);
    await page.waitForLoadState('load');
    await new Promise((r) => setTimeout(r, 500));
    for (const name of ['Start the game', 'Pause the game', 'Resume the game']) {
      assert.ok(await page.getByRole('button', { name }).isDisabled(), `"${name}" is offered before the page knows the game`);
    }
    // So are the desk's actions that need a case, a ruling, a sealed move or a touch.
    for (const id of ['reconcile', 'undo-ruling', 'open-sealed', 'touch-release']) {
      assert.ok(await page.locator(`#${id}`).isDisabled(), `#${id} is offered before the page knows the game`);
    }
    await page.context().close();
  });

  it('the board: said on entry, keys to pieces, ranks and lines, the edge; Black starts on his side', async () => {
    // Black's board: Tab order reaches one square, on Black's side.
    await enters('black', 'board');
    let [sq, label] = await focused('black');
    assert.equal(sq, 'e7');
    assert.equal(label, 'e7 black pawn');
    await pages.black.keyboard.press('Escape');

    await pages.white.keyboard.type('brett');
    await pages.white.keyboard.press('Enter');
    [sq, label] = await focused('white');
    assert.deepEqual([sq, label], ['e2', 'Eva zwei weißer Bauer']);
    await pages.white.keyboard.press('k');
    assert.deepEqual(await focused('white'), ['e1', 'Eva eins weißer König']);
    await pages.white.keyboard.press('Shift+K');
    assert.deepEqual(await focused('white'), ['e8', 'Eva acht schwarzer König']);
    // The next own knight, round the board from e8: b1, then g1.
    await pages.white.keyboard.press('n');
    assert.equal((await focused('white'))[0], 'b1');
    await pages.white.keyboard.press('n');
    assert.equal((await focused('white'))[0], 'g1');
    await pages.white.keyboard.press('Shift+Q');
    assert.equal((await focused('white'))[0], 'd8');
    await pages.white.keyboard.press('4');
    assert.deepEqual(await focused('white'), ['d4', 'David vier leer']);
    await pages.white.keyboard.press('7');
    await keys('white', ['s'], /^Reihe sieben: Anna sieben schwarzer Bauer, .*Hektor sieben schwarzer Bauer\.$/);
    await keys('white', ['Shift+S'], /^Linie David: David eins weiße Dame, David zwei weißer Bauer, David sieben schwarzer Bauer, David acht schwarze Dame\.$/);
    await keys('white', ['1', 'Home', 'ArrowLeft'], /^Rand des Bretts\.$/);
    assert.ok((await earcons('white')).includes('edge'));
    // Picked up and put back: said, with a sound each.
    await keys('white', ['Enter'], /^Aufgenommen: Anna eins weißer Turm\.$/);
    assert.equal((await focused('white'))[1], 'Anna eins weißer Turm, aufgenommen');
    await axe('white', 'a piece picked up');
    await keys('white', ['Escape'], /./);
    assert.deepEqual((await earcons('white')).filter((e) => e !== 'edge'), ['select', 'deselect']);
    await pages.white.keyboard.press('Escape');
    assert.equal(await pages.white.evaluate(() => document.activeElement.id), 'command');
    // Tab from the log into the board: one stop, the focused square, named by itself.
    await pages.white.locator('#log').focus();
    await pages.white.keyboard.press('Tab');
    assert.deepEqual(await focused('white'), ['a1', 'Anna eins weißer Turm']);
    await pages.white.locator('#command').focus();
  });

  it('1. e4: an earcon on Black\'s page; held while he types, said once when he pauses, not repeated', async () => {
    await pages.black.locator('#command').focus();
    await pages.black.keyboard.type('pie');
    await types('white', 'Bauer Eva vier', /^1, Weiß: Bauer Eva vier\.$/);
    await hear(/^1, White: pawn e4\.$/, 0, 'black');
    assert.ok((await earcons('black')).includes('move'), JSON.stringify(await earcons('black')));
    assert.ok(!(await earcons('white')).includes('move'), 'no sound for one\'s own move');
    const before = (await lines('black')).length;
    // He listens to the end of it (at his reader's pace, as the page estimates it) before he
    // types on: then it is not said again.
    await new Promise((r) => setTimeout(r, 1600));
    await pages.black.keyboard.type('ces black');
    await pages.black.keyboard.press('Enter');
    await hear(/^Black, king: e8\./, before, 'black');
    const said = (await lines('black')).slice(before);
    // Said once, when he paused (h-orca's hold): his answer does not repeat it.
    assert.ok(/^Black, king: e8\./.test(said[0]), JSON.stringify(said));
    await types('black', 'turn', /Your move, Black\.$/);
    assert.ok(!(await lines('black')).slice(before).some((l) => /Meanwhile|pawn e4/.test(l)));
  });

  it('the server stops: the loss said without a key, a move typed meanwhile refused and never played', async () => {
    const whiteBefore = (await lines('white')).length;
    const blackBefore = (await lines('black')).length;
    const stoppedAt = Date.now();
    server.signal('SIGSTOP');
    try {
      await hear(/^The connection was lost; connecting again\.$/, blackBefore, 'black');
      await hear(/^Die Verbindung ist unterbrochen; sie wird neu aufgebaut\.$/, whiteBefore, 'white');
      const noticed = Date.now() - stoppedAt;
      assert.ok(noticed < 7000, `the loss was said after ${noticed} ms`);
      assert.ok((await earcons('black')).includes('lost'));
      assert.equal(await pages.black.locator('#status').textContent(), 'The connection was lost; connecting again.');
      // A move typed while the connection is down: refused at once, with the reason.
      const typedAt = Date.now();
      await types('black', 'pawn e5', /^Not sent: the connection is lost\. You will hear when it is back; then please try again\.$/);
      assert.ok(Date.now() - typedAt < 2000);
      // Questions about the board still answered from what the page knows.
      await types('black', 'square e4', /^e4 white pawn$/);
      await axe('black', 'connection lost');
      await new Promise((r) => setTimeout(r, 4000));
    } finally {
      server.signal('SIGCONT');
    }
    // Connected again: said with whose turn and the clocks as the server has them now.
    const back = await hear(/^Connected again\. Your move, Black\. The clocks now: White .*, Black .*\.$/, blackBefore, 'black');
    const outage = (Date.now() - stoppedAt) / 1000;
    const blackLeft = seconds(back.split('Black ').at(-1));
    assert.ok(blackLeft <= 600 - outage + 2, `Black's clock after a ${outage} s outage: ${back}`);
    assert.ok((await earcons('black')).includes('back'));
    await hear(/^Wieder verbunden\. Schwarz ist am Zug\. Die Uhren jetzt: Weiß .*, Schwarz .*\.$/, whiteBefore, 'white');
    // The move typed offline was never played.
    await types('black', 'turn', /Your move, Black\.$/);
    assert.ok(!(await lines('white')).some((l) => /^1, Schwarz/.test(l)));
    await types('black', 'pawn e5', /^1, Black: pawn e5\.$/);
    await hear(/^1, Schwarz: Bauer Eva fünf\.$/, whiteBefore, 'white');
    await axe('black', 'connected again');
  });

  it('the server restarts: lost, connected again, the game paused until the arbiter resumes it', async () => {
    const whiteBefore = (await lines('white')).length;
    await server.restart();
    await hear(/^Die Verbindung ist unterbrochen/, whiteBefore, 'white');
    await hear(/^Wieder verbunden\. .*Die Uhren jetzt: Weiß /, whiteBefore, 'white');
    pages.arbiter = await session.newPage(links.arbiter);
    await pages.arbiter.getByRole('button', { name: 'Resume the game' }).click();
    await hear(/Die Partie geht weiter/, whiteBefore, 'white');
    await types('white', 'Dame Hektor fünf', /^2, Weiß: Dame Hektor fünf\.$/);
  });

  it('the end: reason, result, final clocks and the scoresheet; every command still answered', async () => {
    await types('black', 'knight c6', /^2, Black: knight c6\.$/);
    await types('white', 'Läufer Cäsar vier', /^3, Weiß: Läufer Cäsar vier\.$/);
    await types('black', 'knight f6', /^3, Black: knight f6\.$/);
    const blackBefore = (await lines('black')).length;
    await types('white', 'Dame schlägt Felix sieben', /Partie beendet: Schachmatt\. Weiß gewinnt\. Die Uhren am Ende: Weiß .*, Schwarz .*\.$/);
    await hear(/^Game over: checkmate\. White wins\. The clocks at the end: White .*, Black .*\.$/, blackBefore, 'black');
    const sounds = await earcons('black');
    assert.deepEqual(sounds.slice(-2), ['check', 'end']);
    // The end on the page, and the scoresheet.
    const endText = await pages.black.locator('#end-text').textContent();
    assert.match(endText, /^Game over: checkmate\. White wins\. The clocks at the end/);
    assert.deepEqual(
      await pages.black.locator('#scoresheet-body tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent))),
      [['1', 'e4', 'e5'], ['2', 'Qh5', 'Nc6'], ['3', 'Bc4', 'Nf6'], ['4', 'Qxf7#', '']],
    );
    // Every command still answered.
    await types('black', 'turn', /Game over: checkmate\. White wins\. The clocks at the end/);
    await types('black', 'time', /^White: .*4 moves.*Black: .*3 moves/);
    await types('black', 'pawn d6', /game is over/i);
    await types('black', 'resign', /^Resign the game\? Type yes to confirm/);
    await types('black', 'yes', /game is over/i);
    await types('white', 'letzte', /^4, Weiß: Dame schlägt Bauer Felix sieben/);
    await axe('white', 'game over');
    await axe('black', 'game over');
  });

  it('no page logged a script error', async () => {
    for (const [name, page] of Object.entries(pages)) {
      // The WebSocket attempts while the server was stopped or restarting are logged by the
      // browser as failed connections; they are expected, anything else is not.
      const errors = page.errors.filter((e) => !/WebSocket/.test(e));
      assert.deepEqual(errors, [], name);
    }
  });
});
