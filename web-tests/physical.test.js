// The physical procedure (FIDE Appendix, docs/protocol.md "The Appendix at the table") in the
// browser, one context per seat: the visually impaired player (German) on a tactile board lifts
// and places pieces with the keyboard only and reads only the live region; the sighted
// opponent (English) repeats the announced move and makes every move on his own board; the
// blind player's assistant starts his clock once the move is made and reports a touch; the
// arbiter rules on it and sees an illegal move restored with its penalty (Art. 7.4). axe-core
// checks every page in the new states. Run: cargo build && cd web-tests && npm ci && npm test

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Session, screenshotDir } from './session.js';

const shots = screenshotDir();
const session = new Session();
const { pages, axeRuns } = session;
let server;
const axe = (name, state) => session.axe(name, state);
const axeAll = (state) => session.axeAll(state);
const newPage = (url) => session.newPage(url);
const lines = (name) => session.lines(name);
const hear = (pattern, since, name) => session.hear(pattern, since, name);
const blindTypes = (text, expect) => session.blindTypes(text, expect);
const blindKeys = (keys, expect) => session.blindKeys(keys, expect);

function square(page, board, sq) {
  return page.locator(`#${board} [data-square="${sq}"]`);
}

/** A move on a normal board at the table: the piece clicked, then its square. */
async function boardMove(page, board, from, to) {
  await square(page, board, from).click();
  await square(page, board, to).click();
}

/** Waits until `color`'s board on a page says whether it shows the game. */
async function boardState(page, color, pattern) {
  await page.locator(`#board-${color}-state`).getByText(pattern).waitFor({ timeout: 8000 });
}

// The whole suite's limit: about 130 s on a quiet 2-core machine, over 400 s while other builds
// load it; each step still waits at most 8 s for what it expects.
describe('the physical procedure in the browser', { timeout: 900000 }, () => {
  session.useServer((s) => (server = s));

  let links;

  it('lobby: a game with boards at the table, a tactile board for the blind player', async () => {
    pages.lobby = await newPage(`${server.url}/?lang=en`);
    const lobby = pages.lobby;
    await lobby.waitForFunction(() => document.getElementById('lang-arbiter').value === 'en');
    await lobby.getByLabel('Procedure').selectOption('physical');
    await lobby.locator('#white-name').fill('Anna');
    await lobby.locator('#white-vi').check();
    await lobby.locator('#white-assistant').check();
    await lobby.locator('#lang-white').selectOption('de');
    await lobby.locator('#black-name').fill('Ben');
    assert.equal(await lobby.locator('#white-board').inputValue(), 'tactile');
    assert.equal(await lobby.locator('#black-board').inputValue(), 'normal');
    await axe('lobby', 'physical procedure');
    await lobby.getByRole('button', { name: 'Create the game' }).click();
    await lobby.locator('#links').waitFor({ state: 'visible' });
    links = Object.fromEntries(
      await lobby.locator('#link-list li').evaluateAll((lis) => lis.map((li) => [li.dataset.seat, li.querySelector('a').href])),
    );
    assert.match(links.white, /\/vi\?lang=de#/);
    assert.match(links.white_assistant, /\/assistant\?lang=en#/);
  });

  it('every seat sees the boards at the table', async () => {
    pages.blind = await newPage(links.white);
    pages.sighted = await newPage(links.black);
    pages.assistant = await newPage(links.white_assistant);
    pages.arbiter = await newPage(links.arbiter);
    await hear(/Sie spielen Weiß/);
    for (const name of ['sighted', 'assistant', 'arbiter']) {
      await pages[name].locator('#table').waitFor({ state: 'visible' });
      await boardState(pages[name], 'white', 'It shows the game.');
    }
    assert.equal(await pages.sighted.locator('#board-white-heading').textContent(), "White's board (tactile)");
    assert.equal(await pages.sighted.locator('#board-black-heading').textContent(), "Black's board (normal)");
    assert.equal(await pages.blind.locator('#board-heading').textContent(), 'Ihr Tastbrett');
    await pages.blind.locator('#press-clock').waitFor({ state: 'visible' });
    await pages.arbiter.locator('#arbiter-table').waitFor({ state: 'visible' });
    await axeAll('the boards at the table');
  });

  it('1. e4: lifted and placed with L and P, announced, repeated; the assistant starts the clock', async () => {
    // The time comes from the server's talking clock (recorded, for White's side only).
    await blindTypes('zeit', /^Weiß: 15 Minuten, 0 Züge\. Schwarz: 15 Minuten, 0 Züge\.$/);
    await pages.blind.keyboard.type('brett');
    await pages.blind.keyboard.press('Enter');
    assert.equal(await pages.blind.evaluate(() => document.activeElement.dataset.square), 'e2');
    const before = (await lines('blind')).length;
    await pages.blind.keyboard.press('l');
    await hear(/^Brett von Weiß: Bauer auf Eva zwei herausgehoben\.$/, before);
    await hear(/^Noch nicht ausgeführt\. Der Zug ist noch nicht angesagt\.$/, before);
    await pages.assistant.locator('#made-status').getByText(/Not made yet/).waitFor();
    assert.equal(await pages.assistant.locator('#press-clock').isDisabled(), true);
    await blindKeys(['ArrowUp', 'ArrowUp', 'p'], /^Brett von Weiß: Bauer auf Eva vier gesteckt\.$/);
    await pages.blind.keyboard.press('Escape');
    assert.equal(await pages.blind.evaluate(() => document.activeElement.id), 'command');
    await blindTypes('Bauer Eva vier', /^Der Zug ist ausgeführt: drücken Sie die Uhr\.$/);
    // The sighted player sees the announcement in his words and repeats it with one key.
    await pages.sighted.locator('#announced').getByText('pawn e4').waitFor();
    assert.equal(await pages.sighted.locator('#repeat-text').inputValue(), 'pawn e4');
    await pages.sighted.locator('body').press('r');
    await hear(/^Schwarz wiederholt: Bauer Eva vier\.$/);
    // The assistant may start the clock only now that the move is made.
    const press = pages.assistant.getByRole('button', { name: 'Press the clock for White' });
    await pages.assistant.locator('#made-status').getByText('The move is made: press the clock.').waitFor();
    await axe('assistant', 'move made');
    await press.click();
    await hear(/^1, Weiß: Bauer Eva vier\.$/);
    // The sighted player makes the move on his own board.
    await boardMove(pages.sighted, 'board-black', 'e2', 'e4');
    await boardState(pages.sighted, 'black', 'It shows the game.');
  });

  it("1... Ra5?? on Black's board: restored with its penalty, shown to the arbiter (7.4)", async () => {
    // The rook through its own pawn, completed by the clock: the server restores the position
    // before it on both boards and gives White the penalty time.
    await boardMove(pages.sighted, 'board-black', 'a8', 'a5');
    await boardState(pages.sighted, 'black', 'The move is being made on it.');
    await pages.sighted.getByRole('button', { name: 'Press the clock' }).click();
    await hear(/^Unmöglicher Zug von Schwarz/);
    await pages.arbiter.locator('#illegal-counts').getByText('White 0, Black 1.').waitFor();
    await pages.arbiter.locator('#illegal-list li').first().waitFor();
    await boardState(pages.sighted, 'black', 'It shows the game.');
    await axe('arbiter', 'after an illegal move');
  });

  it('the assistant reports a touch, the arbiter upholds it', async () => {
    const assistant = pages.assistant;
    await assistant.getByLabel('Square of the piece the opponent touched').fill('g8');
    await assistant.getByRole('button', { name: 'Report the touch' }).click();
    await hear(/^Der Assistent meldet: Schwarz hat die Figur auf Gustav acht berührt\./);
    const arbiter = pages.arbiter;
    await arbiter.locator('#touch-report-text').getByText(/Black touched the piece on g8/).waitFor();
    await axe('arbiter', 'touch reported');
    await arbiter.screenshot({ path: join(shots, 'arbiter-physical.png'), fullPage: true });
    await arbiter.getByRole('button', { name: 'Uphold: touch-move applies' }).click();
    await hear(/Der Schiedsrichter bestätigt die Berührung/);
    await arbiter.locator('#touch-report-text').getByText('No touch is waiting for a ruling.').waitFor();
    // Touch-move: the sighted player's pawn move is refused, the knight must move.
    const before = (await lines('sighted')).length;
    await boardMove(pages.sighted, 'board-black', 'e7', 'e5');
    await hear(/^Touch-move: you must move the touched piece on/, before, 'sighted');
  });

  it('1... Nf6: moved on his board, the clock pressed with C; the blind player makes it on his', async () => {
    await boardMove(pages.sighted, 'board-black', 'g8', 'f6');
    await boardState(pages.sighted, 'black', 'The move is being made on it.');
    await pages.sighted.locator('#board-black').locator('[data-square="f6"]').press('c');
    await hear(/^1, Schwarz: Springer Felix sechs\.$/);
    await boardState(pages.assistant, 'white', "Black's last move is still to be made on it.");
    // Issue 15: right after the opponent's move, "stand" says which move to make on his board.
    await blindTypes('stand', /^Erst den Zug von Schwarz auf Ihrem Brett ausführen: Springer .*Felix sechs\./);
    await blindTypes('heben Gustav acht', /^Brett von Weiß: Springer auf Gustav acht herausgehoben\.$/);
    await blindTypes('stand', /Gehoben: schwarzer Springer von Gustav acht\./);
    await blindTypes('stecken Felix sechs', /^Ihr Brett zeigt wieder die Partie\.$/);
    await boardState(pages.assistant, 'white', 'It shows the game.');
    await axeAll('after the first moves');
  });

  it('2. d4: the clock refused until the move is announced, then pressed by the player', async () => {
    await blindTypes('heben David zwei', /herausgehoben/);
    await blindTypes('stecken David vier', /^Noch nicht ausgeführt\. Der Zug ist noch nicht angesagt\.$/);
    await blindTypes('drücken', /^Die Uhr kann noch nicht gedrückt werden/);
    await blindTypes('Bauer David vier', /^Der Zug ist ausgeführt: drücken Sie die Uhr\.$/);
    await blindTypes('drücken', /^2, Weiß: Bauer David vier\.$/);
    // The sighted player repeats in his own words, and a wrong repetition is said at once.
    const sighted = pages.sighted;
    await sighted.getByLabel('The move as you heard it').fill('pawn d3');
    await sighted.getByRole('button', { name: 'Repeat', exact: true }).click();
    await hear(/^Schwarz wiederholt Bauer David drei, aber/);
    await boardMove(sighted, 'board-black', 'd2', 'd4');
    await boardState(sighted, 'black', 'It shows the game.');
    await axeAll('after a wrong repetition');
    for (const name of ['blind', 'sighted', 'assistant']) {
      await pages[name].screenshot({ path: join(shots, `${name === 'blind' ? 'vi' : name}-physical.png`), fullPage: true });
    }
  });

  it("the desk: diverging boards square by square, the override, put right; the scoresheets and exports", async () => {
    // 2... e6 on Black's board; the blind player makes it wrongly on his (e7 to e5).
    await boardMove(pages.sighted, 'board-black', 'e7', 'e6');
    await boardState(pages.sighted, 'black', 'The move is being made on it.');
    await pages.sighted.getByRole('button', { name: 'Press the clock' }).click();
    await hear(/^2, Schwarz: Bauer Eva sechs\.$/);
    await blindTypes('heben Eva sieben', /herausgehoben/);
    await blindTypes('stecken Eva fünf', /gesteckt/);
    const arbiter = pages.arbiter;
    await arbiter.getByRole('button', { name: 'Compare the boards' }).click();
    await hear(/^Die Bretter stimmen nicht überein/);
    const differences = arbiter.locator('#divergence-list li');
    await differences.nth(1).waitFor();
    assert.ok((await differences.allTextContents()).some((l) => l === "White's board, e6: empty there, black pawn in the game."));
    assert.ok((await differences.allTextContents()).some((l) => l === "White's board, e5: black pawn there, empty in the game."));
    await axe('arbiter', 'boards diverged');
    await axe('blind', 'boards diverged');
    await arbiter.screenshot({ path: join(shots, 'arbiter-desk.png'), fullPage: true });
    // The override keeps the four half-moves played; the blind player is told what to do.
    await arbiter.getByLabel('Half-moves to keep').fill('4');
    await arbiter.getByRole('button', { name: 'Override: back to that position' }).click();
    // Shown with its consequence first (nothing taken back), then applied.
    await arbiter.locator('#ruling-confirm-text').getByText(/Nothing has changed yet/).waitFor();
    await arbiter.getByRole('button', { name: 'Apply the ruling' }).click();
    await arbiter.locator('#steps-list li').first().waitFor();
    await blindTypes('heben Eva fünf', /Eva fünf/);
    await blindTypes('stecken Eva sechs', /^Ihr Brett zeigt wieder die Partie\.$/);
    await arbiter.locator('#divergence-text').getByText('The boards agree; no case is open.').waitFor();
    await arbiter.getByRole('button', { name: 'Resume the game' }).click();
    await hear(/Die Partie geht weiter/);
    // The scoresheets as the server keeps them, and the exports with the arbiter's token.
    await arbiter.locator('#sheet-white').getByText(/Anna/).waitFor();
    const [pgn] = await Promise.all([
      arbiter.waitForEvent('download'),
      arbiter.getByRole('button', { name: 'The game (PGN)' }).click(),
    ]);
    assert.match(pgn.suggestedFilename(), /\.pgn$/);
    await arbiter.locator('#export-status').getByText(/^Downloaded .*\.pgn\.$/).waitFor();
    await arbiter.getByRole('button', { name: "White's scoresheet (Braille, BRF)" }).click();
    await arbiter.waitForFunction(() => /\.brf\.$|Braille|liblouis|lou_translate/i.test(document.getElementById('export-status').textContent));
  });

  it('adjournment: called by the arbiter, sealed by the assistant, opened by the arbiter', async () => {
    const arbiter = pages.arbiter;
    await arbiter.getByRole('button', { name: 'Adjourn the game' }).click();
    const assistant = pages.assistant;
    await assistant.locator('#seal').waitFor({ state: 'visible' });
    assert.equal(await assistant.locator('#seal-hint').textContent(), "Write it in White's language (German), or as squares: g1 f3.");
    await axe('assistant', 'sealing');
    await assistant.getByRole('textbox', { name: 'Sealed move' }).fill('g1 f3');
    await assistant.getByRole('button', { name: 'Write it' }).click();
    await assistant.locator('#seal-text').getByText(/^Written: /).waitFor();
    await assistant.getByRole('button', { name: 'Stop the clock and seal' }).click();
    await arbiter.locator('#adjourn-text').getByText('The game is adjourned; the envelope is closed.').waitFor();
    await arbiter.locator('#envelope dd').first().waitFor();
    await axe('arbiter', 'adjourned');
    await arbiter.getByRole('button', { name: 'Open the sealed move' }).click();
    await hear(/^3, Weiß: Springer Felix drei\.$/);
    await axeAll('after the adjournment');
  });

  it('no page logged a script error', async () => {
    for (const [name, page] of Object.entries(pages)) assert.deepEqual(page.errors, [], name);
  });
});
