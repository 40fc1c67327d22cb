// A game against the computer (issue 34), keyboard in and live region out: the blind player
// opens his page without a game, starts one against the computer by typing `computer 1`,
// plays, hears the computer's replies, plays a set-up position to mate by the hints, asks for a hint (`tipp`) and an evaluation
// (`bewertung`), takes a move back (`zurück`), and starts another one from the page's form;
// the aids are refused in a game between people; the lobby makes a game against the computer
// by keyboard. The server plays with the installed Stockfish (`hamle serve` finds
// /usr/games/stockfish); without it these tests fail. axe checks each page state.

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

/** The computer's move as the page says it: "1, Schwarz: Bauer Eva fünf." */
const blackMoved = (n) => new RegExp(`^${n}, Schwarz: .+\\.$`);

/** The game the blind player's page now shows (its link, in the address). */
async function shownGame(name = 'blind') {
  const hash = await pages[name].evaluate(() => location.hash);
  const params = new URLSearchParams(hash.slice(1));
  return { id: params.get('game'), token: params.get('token') };
}

async function stateOf(game) {
  const r = await fetch(`${server.url}/api/games/${game.id}`, { headers: { authorization: `Bearer ${game.token}` } });
  assert.equal(r.status, 200);
  return r.json();
}

describe('a game against the computer, by keyboard', { timeout: 600000 }, () => {
  session.useServer((s) => (server = s));

  it('the page without a game says how to play the computer, and starts a game by `computer 1`', async () => {
    pages.blind = await session.newPage(`${server.url}/vi?lang=de`);
    await hear(/^Auf dieser Seite gibt es noch keine Partie\. Um gegen den Computer zu spielen, geben Sie computer und eine Stufe von 1 bis 8 ein/);
    // The form is there for those who prefer it, every field labelled.
    assert.equal(await pages.blind.locator('#new-game').isVisible(), true);
    const levels = await pages.blind.locator('#new-game-level option').allTextContents();
    assert.deepEqual(levels, ['Stufe 1, die schwächste', 'Stufe 2', 'Stufe 3', 'Stufe 4', 'Stufe 5', 'Stufe 6', 'Stufe 7', 'Stufe 8, die stärkste']);
    await axe('blind', 'no game yet: the form for a game against the computer');
    // Only a new game or help without a game; a wrong level is said.
    await types('blind', 'tipp', /^Auf dieser Seite gibt es noch keine Partie\./);
    await types('blind', 'computer 9', /^Welche Stufe\? Von 1 bis 8/);
    await types('blind', 'hilfe computer', /^Gegen den Computer: computer 3 beginnt eine neue Partie/);
    const before = (await lines()).length;
    await types('blind', 'computer 1', /^Neue Partie gegen den Computer, Stufe 1: Sie spielen Weiß\.$/);
    await hear(/^Verbunden\. Sie spielen Weiß\. Sie sind am Zug, Weiß\.$/, before);
    assert.equal(await pages.blind.locator('#new-game').isVisible(), false);
    const game = await shownGame();
    const state = await stateOf(game);
    assert.equal(state.black.engine.level, 1);
    assert.equal(state.white.visually_impaired, true);
    assert.equal(state.languages.white, 'de');
  });

  it('he plays, hears the computer\'s replies, asks for a hint and an evaluation, and takes back', async () => {
    let before = (await lines()).length;
    await types('blind', 'Bauer Eva vier', /^1, Weiß: Bauer Eva vier\.$/);
    const reply = await hear(blackMoved(1), before);
    // A hint: a legal move in his words, which he then plays.
    const hint = await types('blind', 'tipp', /^Tipp: .+\.$/);
    const move = hint.replace(/^Tipp: /, '').replace(/\.$/, '');
    before = (await lines()).length;
    await types('blind', move, new RegExp(`^2, Weiß: ${move}\\.$`));
    await hear(blackMoved(2), before);
    await types('blind', 'bewertung', /^(Etwa ausgeglichen\.|(Weiß|Schwarz) (steht etwas besser|steht um etwa .+ besser|setzt .+ matt)\.)$/);
    // Takes back his second move and the computer's reply: the event names both.
    await types('blind', 'zurück', /^Weiß nimmt zurück: 2\. .+, 2\.\.\. .+\.$/);
    const game = await shownGame();
    let state = await stateOf(game);
    assert.equal(state.moves.length, 2, JSON.stringify(state.moves));
    assert.equal(state.turn, 'white');
    // He plays on; the computer answers again.
    before = (await lines()).length;
    await types('blind', 'Springer Felix drei', /^2, Weiß: Springer Felix drei\.$/);
    await hear(blackMoved(2), before);
    state = await stateOf(game);
    assert.equal(state.moves.length, 4);
    assert.ok(reply);
    await axe('blind', 'a game against the computer under way');
    assert.deepEqual(pages.blind.errors, []);
  });

  it('a new game from a game under way is asked first, then opened on the page', async () => {
    const old = await shownGame();
    await types('blind', 'computer 2 5 3 schwarz', /^Eine neue Partie gegen den Computer beginnen\?/);
    await types('blind', 'nein', /^Abgebrochen\.$/);
    assert.deepEqual(await shownGame(), old);
    await pages.blind.keyboard.type('computer 2 5 3 schwarz');
    await pages.blind.keyboard.press('Enter');
    await pages.blind.keyboard.type('ja');
    await pages.blind.keyboard.press('Enter');
    // The page opens the new game: he plays Black, the computer (White) moves first.
    await pages.blind.waitForFunction((id) => !location.hash.includes(id), old.id);
    // The greeting says the computer's first move when it was made before the page
    // connected; when the engine is slower than the page (a loaded machine), the greeting
    // says whose turn it is and the move follows on its own. Either way it is heard.
    const greeting = await hear(/^Neue Partie gegen den Computer, Stufe 2: Sie spielen Schwarz\. Verbunden\. Sie spielen Schwarz\. (1, Weiß: .+\. Sie sind am Zug, Schwarz\.|Weiß ist am Zug\.)$/);
    // (The page opened afresh: its log holds only the new game's lines.)
    if (!/1, Weiß: /.test(greeting)) await hear(/^1, Weiß: .+\.$/);
    const state = await stateOf(await shownGame());
    assert.equal(state.white.engine.level, 2);
    assert.equal(state.time_control.base_ms, 300000);
    assert.equal(state.time_control.increment_ms, 3000);
    await types('blind', 'tipp', /^Tipp: .+\.$/);
  });

  it('the form starts a game by keyboard alone', async () => {
    pages.form = await session.newPage(`${server.url}/vi?lang=en`);
    await hear(/^There is no game on this page yet\./, 0, 'form');
    const page = pages.form;
    await page.focus('#new-game-level');
    await page.keyboard.press('ArrowDown'); // level 2
    await page.keyboard.press('Tab'); // you play
    await page.keyboard.press('Tab'); // minutes
    await page.keyboard.press('Control+A');
    await page.keyboard.type('0');
    await page.keyboard.press('Tab'); // seconds
    await page.keyboard.press('Tab'); // start
    await page.keyboard.press('Enter');
    // A wrong number is said with its field's name, and the field has the focus.
    await hear(/^Minutes per player: Please enter a number from 1 to 1440\.$/, 0, 'form');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'new-game-minutes');
    await axe('form', 'the new game form with a wrong number');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await hear(/^New game against the computer, level 2: you play White\.$/, 0, 'form');
    await hear(/^Connected\. You play White\./, 0, 'form');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'command');
    await types('form', 'eval', /^(About equal|White is|Black is|White mates|Black mates)/);
    assert.deepEqual(page.errors, []);
  });

  it('a game from a set-up position is played to its end by keyboard, the end said', async () => {
    // King and queen against king: he follows the hints to mate; the computer (level 1) replies.
    const r = await fetch(`${server.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        white: { name: 'Anna', visually_impaired: true },
        black: { engine: { level: 1 } },
        languages: { white: 'de' },
        fen: '7k/8/8/6K1/8/8/8/1Q6 w - - 0 1',
      }),
    });
    assert.equal(r.status, 201);
    const created = await r.json();
    pages.end = await session.newPage(`${server.url}/vi?lang=de#game=${created.id}&token=${created.tokens.white}`);
    await hear(/^Verbunden\. Sie spielen Weiß\./, 0, 'end');
    let ended = false;
    for (let n = 1; n <= 20 && !ended; n += 1) {
      const hint = await types('end', 'tipp', /^Tipp: .+\.$/);
      const move = hint.replace(/^Tipp: /, '').replace(/\.$/, '');
      const before = (await lines('end')).length;
      await types('end', move, new RegExp(`^${n}, Weiß: ${move}\\.$`));
      const next = await hear(new RegExp(`^(${n}, Schwarz: .+|Partie beendet: .+)\\.$`), before, 'end');
      ended = next.startsWith('Partie beendet');
      if (ended) assert.match(next, /^Partie beendet: Schachmatt\. Weiß gewinnt\. Die Uhren am Ende: /);
    }
    assert.ok(ended, 'no mate after 20 hints');
    const state = await stateOf({ id: created.id, token: created.tokens.white });
    assert.equal(state.result, '1-0');
    assert.equal(state.end_reason, 'checkmate');
    // After the end an aid is refused, said.
    await types('end', 'tipp', /^Die Partie ist beendet\.$/);
    await axe('end', 'a game against the computer at its end');
    assert.deepEqual(pages.end.errors, []);
  });

  it('in a game between people the aids are refused, said in his language', async () => {
    const r = await fetch(`${server.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ white: { name: 'Ayşe', visually_impaired: true }, black: { name: 'Berk' }, languages: { white: 'tr' } }),
    });
    assert.equal(r.status, 201);
    const created = await r.json();
    pages.people = await session.newPage(`${server.url}/vi?lang=tr#game=${created.id}&token=${created.tokens.white}`);
    await hear(/^Bağlandı/, 0, 'people');
    for (const command of ['ipucu', 'değerlendirme', 'gerial']) {
      await types('people', command, /^İpucu, değerlendirme ve hamle geri alma yalnızca bilgisayara karşı oyunlarda vardır\.$/);
    }
    const state = await stateOf({ id: created.id, token: created.tokens.white });
    assert.equal(state.moves.length, 0);
  });

  it('the lobby makes a game against the computer by keyboard', async () => {
    pages.lobby = await session.newPage(`${server.url}/?lang=en`);
    const page = pages.lobby;
    await page.waitForFunction(() => document.querySelectorAll('#black-played-by option').length === 9);
    await page.focus('#black-played-by');
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowDown');
    assert.equal(await page.locator('#black-played-by').inputValue(), '3');
    assert.equal(await page.locator('#black-played-by option:checked').textContent(), 'the computer, level 3');
    // The computer's side has no person's fields.
    assert.equal(await page.locator('#black-vi').isDisabled(), true);
    assert.equal(await page.locator('#black-assistant').isDisabled(), true);
    // It goes on by itself after a restart of the server: nobody else is there to resume it.
    assert.equal(await page.locator('#rules-failover').inputValue(), 'continue');
    assert.equal(await page.locator('#rules-failover').isDisabled(), true);
    await axe('lobby', 'black played by the computer');
    await page.focus('#white-name');
    await page.keyboard.type('Anna');
    await page.focus('#create');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#links:not([hidden])');
    const seats = await page.locator('#link-list li').evaluateAll((lis) => lis.map((li) => li.dataset.seat));
    assert.deepEqual(seats, ['white', 'arbiter', 'spectator']);
    // At the table too (the physical procedure): the blind player with his assistant and his
    // tactile board; the computer's board is the server's.
    const first = await page.locator('#game-id').textContent();
    await page.focus('#white-vi');
    await page.keyboard.press('Space');
    await page.focus('#white-assistant');
    await page.keyboard.press('Space');
    await page.focus('#rules-procedure');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.locator('#rules-procedure').inputValue(), 'physical');
    await page.focus('#create');
    await page.keyboard.press('Enter');
    await page.waitForFunction((before) => document.getElementById('game-id').textContent !== before, first);
    const atTable = await page.locator('#link-list li').evaluateAll((lis) => lis.map((li) => li.dataset.seat));
    assert.deepEqual(atTable, ['white', 'white_assistant', 'arbiter', 'spectator']);
    assert.match(await page.locator('#link-list li[data-seat="white"] a').getAttribute('href'), /\/vi/);
    assert.equal(await page.locator('#lobby-error').textContent(), '');
    await axe('lobby', 'a game against the computer at the table');
    assert.deepEqual(page.errors, []);
  });
});
