// The blind player's page, issue 28: the board as an ARIA grid and its exploring keys (the
// legal moves and captures from a square, the pieces around it, the square, the last move and
// capture, the time, a file, stepping through the game's positions), the premove, and the
// choice of how moves and squares are said and how the board is laid out, in German, English
// and Turkish, keyboard in and live region out. Run with the other browser tests (npm test).

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
/** `name` presses `key` (on the board); its live region must then say `expect`. */
const presses = (name, key, expect) => session.keys(name, [key], expect);

/** The square the keyboard focus is on. */
const focused = (name) => pages[name].evaluate(() => document.activeElement?.dataset?.square ?? document.activeElement?.id);

async function create(body) {
  const r = await fetch(`${server.url}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(r.status, 201);
  return r.json();
}

const link = (created, seat, lang) => `${server.url}/vi?lang=${lang}#game=${created.id}&token=${created.tokens[seat]}`;

describe('the blind player\'s board keys, positions, premove and settings', { timeout: 600000 }, () => {
  session.useServer((s) => (server = s));

  it('the board is a grid of rows and cells, each cell named by its square alone', async () => {
    const created = await create({
      time_control: { base_seconds: 600, increment_seconds: 0 },
      white: { name: 'Anna', visually_impaired: true, board: 'normal' },
      black: { name: 'Ben', visually_impaired: true, board: 'normal' },
      languages: { white: 'de', black: 'en', arbiter: 'en' },
    });
    pages.white = await session.newPage(link(created, 'white', 'de'));
    pages.black = await session.newPage(link(created, 'black', 'en'));
    await hear(/^Verbunden\. Sie spielen Weiß\. Sie sind am Zug, Weiß\.$/, 0, 'white');
    await hear(/^Connected\. You play Black\. White to move\.$/, 0, 'black');
    const roles = await pages.white.evaluate(() => {
      const b = document.getElementById('board');
      return {
        grid: b.getAttribute('role'),
        rows: [...b.children].filter((r) => r.getAttribute('role') === 'row').length,
        cells: b.querySelectorAll('[role=gridcell]').length,
        e2: b.querySelector('[data-square=e2]').getAttribute('aria-label'),
      };
    });
    assert.deepEqual(roles, { grid: 'grid', rows: 8, cells: 64, e2: 'Eva zwei weißer Bauer' });
    // The hints the reader reads at every focus are short (the rest is in `hilfe`).
    const hints = await pages.white.evaluate(() => ['command-hint', 'board-hint'].map((id) => document.getElementById(id).textContent));
    for (const h of hints) assert.ok(h.length <= 40, `a long hint: ${h}`);
    await axe('white', 'the board as a grid');
  });

  it('M, Shift+M, A, O, Z, C and Shift+1-8 on the board, in German', async () => {
    await enters('white', 'brett Eva zwei');
    assert.equal(await focused('white'), 'e2');
    await presses('white', 'm', /Von Eva zwei: Bauer Eva drei, Bauer Eva vier\.$/);
    await presses('white', 'Shift+M', /Die Figur auf Eva zwei kann nichts schlagen\.$/);
    await presses('white', 'a', /Um Eva zwei: Felix zwei weißer Bauer, Felix eins weißer Läufer, Eva eins weißer König, David eins weiße Dame, David zwei weißer Bauer\.$/);
    await presses('white', 'o', /^Eva zwei weißer Bauer$/);
    await presses('white', 'z', /Es wurde noch kein Zug gespielt\.$/);
    await presses('white', 'Shift+Z', /Es wurde noch nichts geschlagen\.$/);
    await presses('white', 'c', /Weiß: .*Schwarz: /);
    await pages.white.keyboard.press('Shift+Digit7');
    assert.equal(await focused('white'), 'g2');
    await pages.white.keyboard.press('Shift+Digit1');
    assert.equal(await focused('white'), 'a2');
    await axe('white', 'board keys said');
  });

  it('the last move and capture; stepping back and forth through the positions', async () => {
    await pages.white.keyboard.press('Escape');
    assert.equal(await focused('white'), 'command');
    await types('white', 'Bauer Eva vier', /1, Weiß: Bauer Eva vier\.$/);
    await types('black', 'pawn d5', /1, Black: pawn d5\.$/);
    await hear(/1, Schwarz: Bauer David fünf\.$/, 0, 'white');
    await types('white', 'Bauer Eva schlägt David fünf', /2, Weiß: Bauer Eva schlägt Bauer David fünf\.$/);
    await types('black', 'queen takes d5', /2, Black: queen takes pawn d5\.$/);
    await hear(/2, Schwarz: Dame schlägt Bauer David fünf\.$/, 0, 'white');
    await enters('white', 'brett David fünf');
    await presses('white', 'z', /2, Schwarz: Dame schlägt Bauer David fünf\.$/);
    await presses('white', 'Shift+Z', /Letzter Schlag: 2, Schwarz: Dame schlägt Bauer David fünf\.$/);
    await presses('white', 'o', /David fünf schwarze Dame$/);
    // One move back: the board shows the position before Black's capture.
    await presses('white', 'Comma', /Stellung nach 2, Weiß: Bauer Eva schlägt Bauer David fünf\.$/);
    await presses('white', 'o', /David fünf weißer Bauer$/);
    await presses('white', 'Shift+Comma', /^Ausgangsstellung\.$/);
    await presses('white', 'o', /David fünf leer$/);
    await presses('white', 'Comma', /Schon bei der Ausgangsstellung\.$/);
    await presses('white', 'Period', /Stellung nach 1, Weiß: Bauer Eva vier\.$/);
    await presses('white', 'Shift+Period', /^Aktuelle Stellung\.$/);
    await presses('white', 'o', /David fünf schwarze Dame$/);
    // A new move while he looks at an earlier position brings the board back to the game.
    await presses('white', 'Comma', /Stellung nach 2, Weiß/);
    await axe('white', 'an earlier position');
    // Black's move is not his to wait for here: White moves 3. Nc3 from the command line
    // (Escape from the board goes back to the game and to the command line).
    await presses('white', 'Escape', /Das Brett zeigt wieder die aktuelle Stellung\.$/);
    assert.equal(await focused('white'), 'command');
    await types('white', 'Springer Cäsar drei', /3, Weiß: Springer Cäsar drei\.$/);
  });

  it('a premove is kept, played when the turn comes, cancelled, or refused with its reason', async () => {
    // White moved 3. Nc3 above (from the command line, the focus left the board). Black is to
    // move; White types his next move now: it is kept.
    await pages.white.locator('#command').focus();
    const before = (await lines('white')).length;
    await types('white', 'vormerken', /Kein Zug vorgemerkt\.$/);
    await types('white', 'Springer Felix drei', /Vorgemerkt: Springer Felix drei\. Gespielt, sobald Sie am Zug sind/);
    await types('white', 'vormerken', /Vorgemerkt: Springer Felix drei\.$/);
    await types('black', 'queen a5', /3, Black: queen a5\./);
    // White hears Black's move, then his own premove played at once.
    await hear(/3, Schwarz: Dame Anna fünf\./, before, 'white');
    await hear(/4, Weiß: Springer Felix drei\.$/, before, 'white');
    await hear(/4, White: knight f3\.$/, 0, 'black');
    await types('black', 'bishop d7', /4, Black: bishop d7\.$/);
    // Black premoves, then cancels it: nothing is played for him.
    await types('black', 'knight c6', /Premove: knight c6\. Played as soon as it is your turn/);
    await types('black', 'premove cancel', /Your premove is dropped\.$/);
    await types('white', 'Läufer Cäsar vier', /5, Weiß: Läufer Cäsar vier\.$/);
    await hear(/5, White: bishop c4\.$/, 0, 'black');
    await new Promise((r) => setTimeout(r, 500));
    assert.ok(!(await lines('black')).some((l) => /5, Black/.test(l)), 'a cancelled premove was played');
    // A premove that is illegal when the turn comes is refused with the reason, nothing played.
    await types('black', 'knight c6', /5, Black: knight c6\.$/);
    await types('black', 'queen takes c3', /Premove: queen takes c3/);
    await types('white', 'Läufer schlägt Felix sieben Schach', /6, Weiß: Läufer schlägt Bauer Felix sieben, Schach\.$/);
    await hear(/Your premove queen takes c3 was not played: /, 0, 'black');
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(!(await lines('black')).some((l) => /6, Black/.test(l)), 'a refused premove was played');
    await axe('black', 'premove refused');
  });

  it('moves said in the chosen style; the board from White\'s side; piece before square; kept after a reload', async () => {
    await pages.white.locator('#move-style-nato').check();
    await pages.white.locator('#command').focus();
    await types('white', 'letzte', /6, Weiß: Charlie vier Foxtrot sieben\.$/);
    await pages.white.locator('#move-style-san').check();
    await pages.white.locator('#command').focus();
    await types('white', 'letzte 2', /5, Schwarz: Nc6\. 6, Weiß: Bxf7\+\.$/);
    await pages.white.locator('#move-style-full').check();
    await pages.white.locator('#command').focus();
    await types('white', 'letzte', /6, Weiß: Läufer Cäsar vier schlägt Bauer Felix sieben/);
    await pages.black.locator('#square-order-piece').check();
    await pages.black.locator('#board-layout-white').check();
    const black = await pages.black.evaluate(() => ({
      first: document.querySelector('#board [role=row] [role=gridcell]').dataset.square,
      label: document.querySelector('#board [data-square=e8]').getAttribute('aria-label'),
    }));
    assert.deepEqual(black, { first: 'a8', label: 'black king e8' });
    await pages.black.reload();
    await hear(/You play Black/, 0, 'black');
    assert.equal(await pages.black.locator('#square-order-piece').isChecked(), true);
    assert.equal(await pages.black.locator('#board-layout-white').isChecked(), true);
    assert.equal(await pages.black.evaluate(() => document.querySelector('#board [data-square=e8]').getAttribute('aria-label')), 'black king e8');
    await axe('white', 'settings chosen');
  });

  it('the new commands and keys in Turkish', async () => {
    const created = await create({
      time_control: { base_seconds: 600, increment_seconds: 0 },
      white: { name: 'Ayşe', board: 'normal' },
      black: { name: 'Berk', visually_impaired: true, board: 'normal' },
      languages: { white: 'tr', black: 'tr', arbiter: 'tr' },
    });
    pages.tr = await session.newPage(link(created, 'black', 'tr'));
    await hear(/Siyah oynuyorsunuz\./, 0, 'tr');
    await types('tr', 'önhamle', /Önhamle yok\.$/);
    await types('tr', 'At fe altı', /Önhamle: At fe altı\. Sıra size gelince oynanır/);
    await types('tr', 'önhamle iptal', /Önhamle silindi\.$/);
    await enters('tr', 'tahta ge sekiz');
    assert.equal(await focused('tr'), 'g8');
    await presses('tr', 'm', /Beyaz taraf hamle sırasında|g8|ge sekiz/);
    await presses('tr', 'a', /ge sekiz çevresinde: /);
    await presses('tr', 'Shift+Z', /Henüz taş alınmadı\.$/);
    await presses('tr', 'Comma', /Zaten başlangıç konumundasınız\.$/);
    await axe('tr', 'Turkish board keys');
  });
});
