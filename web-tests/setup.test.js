// A game from a start position through the lobby form: the FEN field is labelled and described,
// a FEN the server refuses is announced in the form's alert with the server's own sentence and
// the focus goes back to the field; a valid one creates the game, and the visually impaired
// player (German, keyboard only, reading only the live region) and the sighted opponent
// (English) find the set-up position with Black to move at move 40, numbered from there.
// axe-core checks the new states. Run: cargo build && cd web-tests && npm ci && npm test

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from './session.js';

const session = new Session();
const { pages, axeRuns } = session;
let server;
const axe = (name, state) => session.axe(name, state);
const newPage = (url) => session.newPage(url);
const lines = (name) => session.lines(name);
const hear = (pattern, since, name) => session.hear(pattern, since, name);
const blindTypes = (text, expect) => session.blindTypes(text, expect);

// White: Qd1, Rf1, Kg1, pawns f2 g2 h2; Black: Kh8. Black to move, his 40th move.
const FEN = '7k/8/8/8/8/8/5PPP/3Q1RK1 b - - 0 40';
// The same position with castling rights no king or rook allows: refused (`castling`).
const BAD_FEN = '7k/8/8/8/8/8/5PPP/3Q1RK1 b KQ - 0 40';

/** A page's scoresheet as rows of [number, white, black]. */
function sheet(page) {
  return page
    .locator('#scoresheet-body tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
}

describe('a game from a start position (FEN)', { timeout: 180000 }, () => {
  session.useServer((s) => (server = s));

  let links;

  it('lobby: the FEN field has a label and a hint saying empty means the initial position', async () => {
    pages.lobby = await newPage(`${server.url}/?lang=en`);
    const lobby = pages.lobby;
    await lobby.waitForFunction(() => document.getElementById('lang-arbiter').value === 'en');
    const field = lobby.getByLabel('Position in FEN (optional)');
    assert.equal(await field.getAttribute('id'), 'start-fen');
    assert.equal(await field.inputValue(), '');
    const hint = await field.evaluate((el) =>
      el.getAttribute('aria-describedby').split(' ').map((id) => document.getElementById(id).textContent).join(' '),
    );
    assert.match(hint, /empty to start from the initial position/);
    assert.match(hint, /7k\/8\/8\/8\/8\/8\/5PPP\/3Q1RK1 b - - 0 40/);
  });

  it('a refused number or name: said in the words on the form, the focus on the field', async () => {
    const lobby = pages.lobby;
    const error = lobby.locator('#lobby-error');
    const minutes = lobby.getByLabel('Minutes per player');
    await minutes.fill('0');
    await minutes.press('Enter');
    await error.filter({ hasText: /./ }).waitFor();
    assert.equal(await error.textContent(), 'Time control, Minutes per player: Please enter a number from 1 to 1440.');
    assert.equal(await lobby.evaluate(() => document.activeElement.id), 'base-minutes');
    assert.equal(await minutes.getAttribute('aria-invalid'), 'true');
    assert.equal(await minutes.getAttribute('aria-describedby'), 'lobby-error');
    await axe('lobby', 'minutes refused');
    await minutes.fill('15');
    // A name the server refuses (a bidi control character): its field, by the form's words.
    const name = lobby.locator('#black-name');
    await name.fill('Ben\u202e');
    await name.press('Enter');
    await error.filter({ hasText: /Black, Name/ }).waitFor();
    assert.equal(await error.textContent(), 'Black, Name: A name is one line of text, at most 100 characters.');
    assert.equal(await lobby.evaluate(() => document.activeElement.id), 'black-name');
    assert.equal(await minutes.getAttribute('aria-invalid'), null);
    assert.equal(await minutes.getAttribute('aria-describedby'), null);
    await name.fill('');
  });

  it('a refused FEN: the server sentence in the alert, the focus back on the field', async () => {
    const lobby = pages.lobby;
    // Keyboard only: from the last player field to the FEN field, typed, Enter submits.
    await lobby.locator('#lang-spectator').focus();
    await lobby.keyboard.press('Tab');
    assert.equal(await lobby.evaluate(() => document.activeElement.id), 'start-fen');
    await lobby.keyboard.type(BAD_FEN);
    await lobby.keyboard.press('Enter');
    const error = lobby.locator('#lobby-error');
    await error.filter({ hasText: /./ }).waitFor();
    // Exactly the server's sentence in the page's language.
    const refused = await lobby.evaluate(async (fen) => {
      const r = await fetch('/api/games', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ fen }),
      });
      return { status: r.status, body: await r.json() };
    }, BAD_FEN);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.detail, 'castling');
    assert.equal(refused.body.field, 'fen');
    // The field in the form's words (its group and label), then the server's sentence.
    assert.equal(await error.textContent(), `Start position, Position in FEN (optional): ${refused.body.message}`);
    assert.match(refused.body.message, /castling rights do not fit the kings and rooks/);
    assert.equal(await error.getAttribute('role'), 'alert');
    assert.equal(await lobby.evaluate(() => document.activeElement.id), 'start-fen');
    const field = lobby.locator('#start-fen');
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    assert.deepEqual((await field.getAttribute('aria-describedby')).split(' ').sort(), ['fen-hint', 'lobby-error']);
    assert.equal(await lobby.locator('#links').isHidden(), true);
    await axe('lobby', 'FEN refused');

    // Not a FEN at all: the same pattern with its own reason.
    await lobby.keyboard.press('Control+A');
    await lobby.keyboard.type('not a position');
    await lobby.keyboard.press('Enter');
    await error.filter({ hasText: /not written in FEN/ }).waitFor();
    assert.equal(await lobby.evaluate(() => document.activeElement.id), 'start-fen');
  });

  it('a valid FEN creates the game; the field is no longer marked', async () => {
    const lobby = pages.lobby;
    await lobby.locator('#white-name').fill('Anna');
    await lobby.locator('#white-vi').check();
    await lobby.locator('#lang-white').selectOption('de');
    await lobby.locator('#black-name').fill('Ben');
    const field = lobby.locator('#start-fen');
    await field.focus();
    await lobby.keyboard.press('Control+A');
    // Spaces around and between the parts do not matter.
    await lobby.keyboard.type(`  ${FEN.replace(' b ', '  b ')} `);
    await lobby.keyboard.press('Enter');
    await lobby.locator('#links').waitFor({ state: 'visible' });
    assert.equal(await lobby.evaluate(() => document.activeElement.id), 'links-heading');
    assert.equal(await lobby.locator('#lobby-error').textContent(), '');
    assert.equal(await field.getAttribute('aria-invalid'), null);
    assert.equal(await field.getAttribute('aria-describedby'), 'fen-hint');
    links = Object.fromEntries(
      await lobby.locator('#link-list li').evaluateAll((lis) => lis.map((li) => [li.dataset.seat, li.querySelector('a').href])),
    );
    assert.match(links.white, /\/vi\?lang=de#/);
    assert.match(links.black, /\/board\?lang=en#/);
    await axe('lobby', 'links after a FEN');
    // The state carries the start position as the server keeps it.
    const state = await lobby.evaluate(async (link) => {
      const params = new URLSearchParams(new URL(link).hash.slice(1));
      const r = await fetch(`/api/games/${params.get('game')}`, { headers: { authorization: `Bearer ${params.get('token')}` } });
      return r.json();
    }, links.arbiter);
    assert.equal(state.start_fen, FEN);
    assert.equal(state.fen, FEN);
    assert.equal(state.turn, 'black');
  });

  it('the blind player hears the set-up position, Black to move', async () => {
    pages.blind = await newPage(links.white);
    pages.sighted = await newPage(links.black);
    await hear(/Sie spielen Weiß/);
    // On arrival the page says whose turn it is: the position's, not the initial one's.
    await hear(/Schwarz ist am Zug\.$/);
    await pages.sighted.locator('#log p').first().waitFor();
    assert.equal(await pages.blind.evaluate(() => document.activeElement.id), 'command');
    await pages.blind.locator('#status').filter({ hasText: /Schwarz/ }).waitFor();
    await blindTypes('wer', /Schwarz ist am Zug\.$/);
    await blindTypes('letzte', /noch kein Zug/);
    await blindTypes('figuren weiß', /^Weiß, König: Gustav eins\. Weiß, Dame: David eins\. Weiß, Turm: Felix eins\. .*Weiß, Bauer: Felix zwei, Gustav zwei, Hektor zwei\.$/);
    await blindTypes('figuren schwarz', /^Schwarz, König: Hektor acht\.$/);
    await blindTypes('feld Hektor acht', /^Hektor acht schwarzer König$/);
    await blindTypes('feld Eva zwei', /^Eva zwei leer$/);
    await blindTypes('reihe eins', /^Reihe eins: David eins weiße Dame, Felix eins weißer Turm, Gustav eins weißer König\.$/);
    // The board explored by keyboard describes the same position.
    const blindSquare = (sq) => pages.blind.locator(`#board [data-square="${sq}"]`).getAttribute('aria-label');
    assert.match(await blindSquare('h8'), /Hektor acht.*schwarzer König/);
    assert.match(await blindSquare('e1'), /Eva eins.*leer/);
    await pages.sighted.locator('#status').getByText('Black to move.').waitFor();
    assert.match(await pages.sighted.locator('#board [data-square="d1"]').getAttribute('aria-label'), /d1.*white queen/i);
    assert.equal(await pages.sighted.locator('#board [data-square="h8"]').getAttribute('aria-label'), await pages.sighted.locator('#board [data-square="h8"]').getAttribute('aria-label'));
    await axe('blind', 'set up, Black to move');
    await axe('sighted', 'set up, Black to move');
  });

  it('40... Kg7 41. Qd7+: numbered from the position, Black first', async () => {
    await pages.sighted.locator('#board [data-square="h8"]').click();
    await pages.sighted.locator('#board [data-square="g7"]').click();
    await hear(/^40, Schwarz: König Gustav sieben\.$/);
    await blindTypes('Dame David sieben', /^41, Weiß: Dame David sieben.*\.$/);
    await blindTypes('letzte 2', /^40, Schwarz: König Gustav sieben\. 41, Weiß: Dame David sieben/);
    await pages.sighted.waitForFunction(() => document.querySelectorAll('#scoresheet-body tr').length >= 2);
    // The scoresheet begins at move 40 with an empty White cell.
    assert.deepEqual(await sheet(pages.sighted), [
      ['40', '', 'Kg7'],
      ['41', 'Qd7+', ''],
    ]);
    await axe('blind', 'after the first moves from the position');
    await axe('sighted', 'after the first moves from the position');
  });

  it('no page logged a script error', async () => {
    // The lobby's four refused requests (a name, two FENs, one asked directly) are logged by
    // the browser as failed loads; they are expected, anything else is not.
    const refused = (e) => /status of 400 \(Bad Request\)/.test(e);
    assert.equal(pages.lobby.errors.filter(refused).length, 4);
    pages.lobby.errors = pages.lobby.errors.filter((e) => !refused(e));
    for (const [name, page] of Object.entries(pages)) assert.deepEqual(page.errors, [], name);
  });
});
