// Issue 15, the rest: the captured piece in a move's words, the material command and the
// legal-moves command on the blind player's page, in German (White) and English (Black), both
// visually impaired: keyboard in, live region out. The captured piece is said by default, is
// understood when typed, and each player turns it off by a command or the settings' checkbox.
// And on the board page, after "Press the clock" the focus goes to the player's own board. axe
// on every new state.
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

/** `name` types a line and presses Enter; its live region must then say `expect`. A move
 * that came just before may be said again first ("Inzwischen: …"), so `expect` is matched
 * anywhere in the line. */
async function types(name, text, expect) {
  const before = (await lines(name)).length;
  await pages[name].keyboard.type(text);
  await pages[name].keyboard.press('Enter');
  return hear(expect, before, name);
}

async function create(body) {
  return pages.lobby.evaluate(async (b) => {
    const r = await fetch('/api/games', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(b),
    });
    return r.json();
  }, body);
}

const link = (created, page, seat, lang) => `${server.url}/${page}?lang=${lang}#game=${created.id}&token=${created.tokens[seat]}`;

describe('the captured piece, material and legal moves on the page', { timeout: 600000 }, () => {
  session.useServer((s) => (server = s));

  it('two blind players: the captured piece is said and understood', async () => {
    pages.lobby = await session.newPage(`${server.url}/?lang=en`);
    const created = await create({
      time_control: { base_seconds: 600, increment_seconds: 0 },
      white: { name: 'Anna', visually_impaired: true, board: 'normal' },
      black: { name: 'Berk', visually_impaired: true, board: 'normal' },
      languages: { white: 'de', black: 'en', arbiter: 'en' },
    });
    pages.white = await session.newPage(link(created, 'vi', 'white', 'de'));
    pages.black = await session.newPage(link(created, 'vi', 'black', 'en'));
    await hear(/Sie spielen Weiß/, 0, 'white');
    await hear(/You play Black/, 0, 'black');
    assert.equal(await pages.white.locator('#captured').isChecked(), true);
    assert.equal(await pages.black.locator('#captured').isChecked(), true);

    await types('white', 'Bauer Eva vier', /1, Weiß: Bauer Eva vier\.$/);
    await hear(/1, White: pawn e4\.$/, 0, 'black');
    await types('black', 'pawn d5', /1, Black: pawn d5\.$/);
    await hear(/1, Schwarz: Bauer David fünf\.$/, 0, 'white');
    // Typed with the captured piece, said with it to both.
    await types('white', 'Bauer Eva schlägt Bauer David fünf', /2, Weiß: Bauer Eva schlägt Bauer David fünf\.$/);
    await hear(/2, White: pawn e takes pawn d5\.$/, 0, 'black');
    // A wrong captured piece is refused with what stands there; nothing is played.
    await types('black', 'queen takes knight d5', /There is no knight on d5; it is a pawn\./);
    // Black turns it off by the command (the checkbox follows); White still hears it.
    await types('black', 'captures off', /Moves are said without the piece captured\.$/);
    assert.equal(await pages.black.locator('#captured').isChecked(), false);
    await types('black', 'queen takes pawn d5', /2, Black: queen takes d5\.$/);
    await hear(/2, Schwarz: Dame schlägt Bauer David fünf\.$/, 0, 'white');
    await axe('black', 'captured piece off');
    await axe('white', 'captured piece on');
  });

  it('the legal moves of a piece or from a square, in German and English', async () => {
    await types('white', 'züge Springer',
      /Weiß, Springer: Springer Anna drei, Springer Cäsar drei, Springer Eva zwei, Springer Felix drei, Springer Hektor drei\.$/);
    // Each move as the Appendix says it, check included (Bb5+).
    await types('white', 'züge Felix eins',
      /Von Felix eins: Läufer Eva zwei, Läufer David drei, Läufer Cäsar vier, Läufer Bella fünf, Schach, Läufer Anna sechs\.$/);
    await types('white', 'züge Eva vier', /Auf Eva vier steht keine Figur\.$/);
    await types('white', 'züge blabla', /Das Wort „blabla“ passt hier nicht/);
    await types('black', 'moves echo seven', /The piece on e7 is Black's; White is to move\.$/);
    await types('black', 'moves queen', /Black, queen: no legal move\.$|White, queen: /);
    await types('black', 'help board', /moves knight, moves e2: the legal moves of a piece or from a square\./);
    await axe('white', 'legal moves said');
  });

  it('the pieces lost and the material, in German and English', async () => {
    // 3. Nc3 Qxa2?? 4. Rxa2: White is a queen for a pawn up.
    await types('white', 'Springer Cäsar drei', /3, Weiß: Springer Cäsar drei\.$/);
    await hear(/3, White: knight c3\.$/, 0, 'black');
    await types('black', 'queen takes a2', /3, Black: queen takes a2\.$/);
    await hear(/3, Schwarz: Dame schlägt Bauer Anna zwei\.$/, 0, 'white');
    await types('white', 'Turm schlägt Dame Anna zwei', /4, Weiß: Turm schlägt Dame Anna zwei\.$/);
    await types('white', 'geschlagen',
      /Weiß hat verloren: 2 Bauern\. Schwarz hat verloren: Dame, Bauer\. Material: Weiß hat 8 Bauern mehr\.$/);
    await types('black', 'captured',
      /White has lost: 2 pawns\. Black has lost: queen, pawn\. Material: White is 8 pawns ahead\.$/);
    // White turns the captured piece off with the checkbox; it holds after a reload.
    await pages.white.locator('#captured').uncheck();
    await hear(/Züge werden ohne die geschlagene Figur gesagt\.$/, 0, 'white');
    await pages.white.reload();
    await hear(/Sie spielen Weiß/, 0, 'white');
    assert.equal(await pages.white.locator('#captured').isChecked(), false);
    await pages.white.locator('#command').focus();
    await types('white', 'letzte', /4, Weiß: Turm schlägt Anna zwei\.$/);
    await axe('white', 'material said');
  });

  it('the board page: after "Press the clock" the focus is on his own board', async () => {
    const created = await create({
      time_control: { base_seconds: 600, increment_seconds: 0 },
      white: { name: 'Anna', visually_impaired: true, board: 'tactile', assistant: true },
      black: { name: 'Ben', board: 'normal' },
      languages: { white: 'de', black: 'en', white_assistant: 'en', arbiter: 'en' },
      rules: { procedure: 'physical' },
    });
    pages.blind = await session.newPage(link(created, 'vi', 'white', 'de'));
    pages.sighted = await session.newPage(link(created, 'board', 'black', 'en'));
    pages.assistant = await session.newPage(link(created, 'assistant', 'white_assistant', 'en'));
    await hear(/Sie spielen Weiß/, 0, 'blind');
    // 1. e4 by the blind player on his tactile board, announced; the assistant presses.
    await pages.blind.keyboard.type('heben Eva zwei');
    await pages.blind.keyboard.press('Enter');
    await hear(/herausgehoben/, 0, 'blind');
    await pages.blind.keyboard.type('stecken Eva vier');
    await pages.blind.keyboard.press('Enter');
    await hear(/gesteckt/, 0, 'blind');
    await types('blind', 'Bauer Eva vier', /Der Zug ist ausgeführt/);
    const press = pages.assistant.getByRole('button', { name: 'Press the clock for White' });
    await pages.assistant.locator('#made-status').getByText('The move is made: press the clock.').waitFor();
    await press.focus();
    await pages.assistant.keyboard.press('Enter');
    await hear(/1, Weiß: Bauer Eva vier\.$/, 0, 'blind');
    await pages.assistant.waitForFunction(() => document.activeElement?.closest?.('#board-white') !== null);
    const where = await pages.assistant.evaluate(() => document.activeElement.dataset.square);
    assert.match(where, /^[a-h][1-8]$/);
    await axe('assistant', 'after pressing the clock');
    // The sighted player repeats 1. e4, makes it and 1... e5 on his board and presses the
    // clock: the focus goes to his board too.
    await pages.sighted.locator('#announced').getByText('pawn e4').waitFor();
    await pages.sighted.locator('body').press('r');
    await hear(/Schwarz wiederholt: Bauer Eva vier\.$/, 0, 'blind');
    await pages.sighted.locator('#board-black [data-square="e2"]').click();
    await pages.sighted.locator('#board-black [data-square="e4"]').click();
    await pages.sighted.locator('#board-black [data-square="e7"]').click();
    await pages.sighted.locator('#board-black [data-square="e5"]').click();
    const own = pages.sighted.getByRole('button', { name: 'Press the clock' });
    await own.focus();
    await pages.sighted.keyboard.press('Enter');
    await hear(/1, Schwarz: Bauer Eva fünf\.$/, 0, 'blind');
    await pages.sighted.waitForFunction(() => document.activeElement?.closest?.('#board-black') !== null);
    await axe('sighted', 'after pressing the clock');
  });
});
