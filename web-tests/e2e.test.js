// hamle's web pages end to end: the real server, Debian's headless Chromium, one browser
// context per seat. A blind player (German, keyboard only, reading only the live region), a
// sighted player (English, mouse) and the blind player's assistant (Turkish) play a short
// game with castling and a promotion; the arbiter pauses, sets a clock and ends it. axe-core
// checks every page in every state. Run: cargo build && cd web-tests && npm ci && npm test

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

// ---- the blind player: keyboard in, live region out --------------------------------------

const heard = () => session.lines('blind');
const hear = (pattern, since) => session.hear(pattern, since);
const blindTypes = (text, expect) => session.blindTypes(text, expect);
const blindKeys = (keys, expect) => session.blindKeys(keys, expect);

/** Types a line and presses Enter, expecting no answer (e.g. "brett" moves the focus). */
async function blindEnters(text) {
  await pages.blind.keyboard.type(text);
  await pages.blind.keyboard.press('Enter');
}

// ---- the sighted seats: mouse --------------------------------------------------------

function square(page, sq) {
  return page.locator(`#board [data-square="${sq}"]`);
}

async function drag(page, from, to) {
  await square(page, from).dragTo(square(page, to));
}

async function click(page, from, to) {
  await square(page, from).click();
  await square(page, to).click();
}

/** Waits until a page's scoresheet holds `plies` moves. */
async function plies(page, n) {
  await page.waitForFunction(
    (count) => document.querySelectorAll('#scoresheet-body td').length >= count && [...document.querySelectorAll('#scoresheet-body td')].filter((td) => td.textContent).length >= count,
    n,
    { timeout: 8000 },
  );
}

describe('hamle web pages', { timeout: 600000 }, () => {
  session.useServer((s) => (server = s), { note: `screenshots in ${shots}` });

  let links;

  it('lobby: creates a game and hands out a link per seat', async () => {
    pages.lobby = await newPage(`${server.url}/?lang=en`);
    const lobby = pages.lobby;
    await lobby.waitForFunction(() => document.getElementById('lang-arbiter').value === 'en');
    await axe('lobby', 'form');
    await lobby.screenshot({ path: join(shots, 'lobby.png'), fullPage: true });

    await lobby.getByLabel('Minutes per player').fill('10');
    await lobby.getByLabel('Seconds added per move').fill('5');
    await lobby.locator('#white-name').fill('Anna');
    await lobby.locator('#white-vi').check();
    await lobby.locator('#white-assistant').check();
    await lobby.locator('#lang-white').selectOption('de');
    await lobby.locator('#lang-white_assistant').selectOption('tr');
    await lobby.locator('#black-name').fill('Ben');
    await lobby.getByLabel('When a flag falls').selectOption('claim');
    assert.equal(await lobby.locator('#white-board').inputValue(), 'tactile');
    await lobby.getByRole('button', { name: 'Create the game' }).click();
    await lobby.locator('#links').waitFor({ state: 'visible' });
    assert.equal(await lobby.evaluate(() => document.activeElement.id), 'links-heading');
    links = Object.fromEntries(
      await lobby.locator('#link-list li').evaluateAll((lis) => lis.map((li) => [li.dataset.seat, li.querySelector('a').href])),
    );
    assert.deepEqual(Object.keys(links).sort(), ['arbiter', 'black', 'spectator', 'white', 'white_assistant']);
    assert.match(links.white, /\/vi\?lang=de#game=[0-9a-f]+&token=[0-9a-f]{32}$/);
    assert.match(links.black, /\/board\?lang=en#/);
    assert.match(links.white_assistant, /\/assistant\?lang=tr#/);
    assert.match(links.arbiter, /\/arbiter\?lang=en#/);
    assert.match(links.spectator, /\/board\?lang=en#/);
    // Each link's name says whose seat it is and which page it opens.
    assert.deepEqual(
      await lobby.locator('#link-list li a').allTextContents(),
      [
        'White, Anna: page for visually impaired players (German)',
        'Black, Ben: board page (English)',
        "White's assistant, Anna: assistant's page (Turkish)",
        "Arbiter: arbiter's page (English)",
        "Spectator: spectators' board page (English)",
      ],
    );
    await axe('lobby', 'links');
    await lobby.screenshot({ path: join(shots, 'lobby-links.png'), fullPage: true });
  });

  it('every seat opens its page in its language', async () => {
    pages.blind = await newPage(links.white);
    pages.sighted = await newPage(links.black);
    pages.assistant = await newPage(links.white_assistant);
    pages.arbiter = await newPage(links.arbiter);
    await hear(/Sie spielen Weiß/);
    await hear(/Sie sind am Zug, Weiß/);
    for (const [name, lang] of [['sighted', 'en'], ['assistant', 'tr'], ['arbiter', 'en']]) {
      assert.equal(await pages[name].getAttribute('html', 'lang'), lang);
      await pages[name].locator('#log p').first().waitFor();
    }
    assert.equal(await pages.blind.evaluate(() => document.activeElement.id), 'command');
    await axeAll('start');
  });

  it('the blind player: help and questions before the first move', async () => {
    // Help names its topics in one short sentence, and says more by topic (issue 15).
    await blindTypes('hilfe', /Hilfe gibt es zu diesen Themen: züge, uhr, brett, partie, tastbrett, computer\./);
    await blindTypes('hilfe uhr', /^zeit: die Uhren/);
    await blindTypes('hilfe partie', /^wer: wer gegen wen spielt/);
    await blindTypes('hilfe tastbrett', /^Mit eigenen Brettern/);
    await blindTypes('hilfe quatsch', /^Zu quatsch gibt es keine Hilfe/);
    // Who plays whom; squares named by every word a move takes; "brett" with a square.
    await blindTypes('wer', /^Sie spielen Weiß gegen .+\./);
    await blindTypes('feld Eva zwo', /^Eva zwei weißer Bauer$/);
    await blindTypes('zeit', /^Weiß: 10 Minuten, 0 Züge\. Schwarz: 10 Minuten, 0 Züge\.$/);
    await blindTypes('letzte', /noch kein Zug/);
    await blindTypes('nochmal', /Ihr Gegner hat noch nicht gezogen/);
    await blindTypes('feld Eva zwei', /^Eva zwei weißer Bauer$/);
    await blindTypes('feld e5', /^Eva fünf leer$/);
    await blindTypes('figuren schwarz springer', /^Schwarz, Springer: Bella acht, Gustav acht\.$/);
    await blindTypes('reihe eins', /^Reihe eins: Anna eins weißer Turm, Bella eins weißer Springer, .*Hektor eins weißer Turm\.$/);
    await blindTypes('linie Eva', /^Linie Eva: Eva eins weißer König, Eva zwei weißer Bauer, Eva sieben schwarzer Bauer, Eva acht schwarzer König\.$/);
    await blindTypes('wer', /Sie sind am Zug, Weiß/);
  });

  it('1. e4 f5 2. exf5: announced by keyboard, dragged by mouse', async () => {
    await blindTypes('Bauer Eva vier', /^1, Weiß: Bauer Eva vier\.$/);
    await pages.sighted.locator('#announced').getByText('Pawn e4').waitFor();
    await drag(pages.sighted, 'f7', 'f5');
    await hear(/^1, Schwarz: Bauer Felix fünf\.$/);
    await blindTypes('Bauer schlägt Felix fünf', /^2, Weiß: Bauer .*schlägt Bauer Felix fünf\.$/);
  });

  it('2... g6 3. fxg6: clicked, then played on the keyboard board', async () => {
    await click(pages.sighted, 'g7', 'g6');
    await hear(/^2, Schwarz: Bauer Gustav sechs\.$/);
    // "feld" says a square and puts the board's cursor there; "brett" goes to the board;
    // the arrows lead to f5, Enter picks the pawn up, to g6, Enter plays it.
    await blindTypes('feld Eva vier', /^Eva vier leer$/);
    await blindEnters('brett');
    await blindKeys(['ArrowRight', 'ArrowUp', 'Enter'], /^Aufgenommen: Felix fünf weißer Bauer\.$/);
    await blindKeys(['ArrowRight', 'ArrowUp', 'Enter'], /^3, Weiß: Bauer .*schlägt Bauer Gustav sechs\.$/);
    await pages.blind.keyboard.press('Escape');
    assert.equal(await pages.blind.evaluate(() => document.activeElement.id), 'command');
  });

  it('3... Nf6 4. gxh7 Rg8 5. Nf3 (the assistant) d6', async () => {
    await drag(pages.sighted, 'g8', 'f6');
    await hear(/^3, Schwarz: Springer Felix sechs\.$/);
    await blindTypes('Bauer schlägt Hektor sieben', /^4, Weiß: Bauer .*schlägt Bauer Hektor sieben\.$/);
    await click(pages.sighted, 'h8', 'g8');
    await hear(/^4, Schwarz: Turm Gustav acht\.$/);
    await plies(pages.assistant, 8);
    await click(pages.assistant, 'g1', 'f3');
    await hear(/^5, Weiß: Springer Felix drei\.$/);
    await drag(pages.sighted, 'd7', 'd6');
    await hear(/^5, Schwarz: Bauer David sechs\.$/);
  });

  it('the blind player asks again, and a wrong announcement is refused', async () => {
    await blindTypes('nochmal', /^5, Schwarz: Bauer David sechs\.$/);
    await blindTypes('letzte 2', /^5, Weiß: Springer Felix drei\. 5, Schwarz: Bauer David sechs\.$/);
    await blindTypes('Turm Anna fünf', /Turm/);
    const lines = await heard();
    assert.ok(!/^6, Weiß/.test(lines.at(-1)), 'a refused announcement is not a move');
    await blindTypes('aufgeben', /Die Partie aufgeben\? Mit ja bestätigen/);
    await blindTypes('nein', /^Abgebrochen\.$/);
  });

  it('6. Bc4 e5 7. O-O Be6 8. hxg8=Q: castling and a promotion', async () => {
    // A move typed while a question is open is played; the question lapses (issue 15).
    await blindTypes('remis', /^Remis anbieten\?/);
    await blindTypes('Läufer Cäsar vier', /^6, Weiß: Läufer Cäsar vier\.$/);
    assert.ok((await heard()).some((l) => /^Die Frage ist verfallen/.test(l)), 'the question lapsed aloud');
    await drag(pages.sighted, 'e7', 'e5');
    await hear(/^6, Schwarz: Bauer Eva fünf\.$/);
    await blindTypes('Kurze Rochade', /^7, Weiß: Kurze Rochade\.$/);
    await pages.sighted.locator('#announced').getByText('Castles kingside').first().waitFor();
    // One key repeats the announced move.
    await pages.sighted.locator('body').press('r');
    await pages.sighted.locator('#log p').getByText('Again: Castles kingside.').waitFor();
    await click(pages.sighted, 'c8', 'e6');
    await hear(/^7, Schwarz: Läufer Eva sechs\.$/);
    await blindTypes('Bauer schlägt Gustav acht Dame', /^8, Weiß: Bauer .*schlägt Turm Gustav acht,? .*Dame\.$/);
    await blindTypes('figuren weiß dame', /^Weiß, Dame: David eins, Gustav acht\.$/);
    await blindTypes('feld Gustav eins', /^Gustav eins weißer König$/);
    await blindTypes('wer', /Schwarz ist am Zug\./);
    for (const name of ['sighted', 'assistant', 'arbiter']) await plies(pages[name], 15);
    await pages.sighted.locator('#announced').getByText(/g8.*queen/i).first().waitFor();
    await axeAll('after the promotion');
    for (const name of ['blind', 'sighted', 'assistant', 'arbiter']) {
      await pages[name].screenshot({ path: join(shots, `${name === 'blind' ? 'vi' : name}.png`), fullPage: true });
    }
  });

  it('8... Bxg8, then the clock on request', async () => {
    await drag(pages.sighted, 'e6', 'g8');
    await hear(/^8, Schwarz: Läufer .*schlägt Dame Gustav acht\.$/);
    await blindTypes('zeit', /^Weiß: .*, 8 Züge\. Schwarz: .*, 8 Züge\.$/);
    await blindTypes('figuren weiß dame', /^Weiß, Dame: David eins\.$/);
  });

  it('a draw offer, confirmed by the blind player, declined by the sighted player; I adjust', async () => {
    // A draw is offered after one's own move (9.1): the server says so.
    await blindTypes('remis', /^Remis anbieten\? Mit ja bestätigen/);
    await blindTypes('ja', /nach dem eigenen Zug/);
    await blindTypes('Dame Eva zwei', /^9, Weiß: Dame Eva zwei\.$/);
    await blindTypes('remis', /^Remis anbieten\? Mit ja bestätigen/);
    await blindTypes('ja', /^Weiß bietet Remis an\.$/);
    await pages.sighted.locator('#draw-offer').waitFor({ state: 'visible' });
    await axe('sighted', 'draw offered');
    await pages.sighted.getByRole('button', { name: 'Decline' }).click();
    await hear(/^Schwarz lehnt das Remisangebot ab\.$/);
    await pages.sighted.locator('#draw-offer').waitFor({ state: 'hidden' });
    await blindTypes('reklamieren', /Was reklamieren Sie\?/);
    await blindTypes('zurechtrücken', /ich korrigiere/);
  });

  it("the sighted player's own actions ask first", async () => {
    const sighted = pages.sighted;
    await sighted.getByRole('button', { name: 'Resign' }).click();
    await sighted.locator('#act-confirm').waitFor({ state: 'visible' });
    assert.equal(await sighted.locator('#act-confirm-text').textContent(), 'Resign the game?');
    assert.equal(await sighted.evaluate(() => document.activeElement.id), 'act-yes');
    await axe('sighted', 'confirming resignation');
    await sighted.getByRole('button', { name: 'Cancel' }).click();
    await sighted.locator('#log p').getByText('Cancelled.').last().waitFor();
    await sighted.getByRole('button', { name: 'Claim on time' }).click();
    await sighted.getByRole('button', { name: 'Yes, do it' }).click();
    // White's flag has not fallen: the server refuses and the page says so.
    await sighted.locator('#log p.msg-error').last().waitFor();
  });

  it('the arbiter pauses, sets a clock, resumes and ends the game', async () => {
    const arbiter = pages.arbiter;
    await arbiter.getByRole('button', { name: 'Pause the game' }).click();
    await hear(/Der Schiedsrichter unterbricht die Partie/);
    await axe('arbiter', 'paused');
    await axe('blind', 'paused');
    await arbiter.locator('#clock-color').selectOption('black');
    await arbiter.getByLabel('Minutes', { exact: true }).fill('3');
    await arbiter.getByRole('button', { name: 'Set the clock' }).click();
    await hear(/Schwarz.*3 Minuten/);
    await arbiter.getByRole('button', { name: 'Resume the game' }).click();
    await hear(/Die Partie geht weiter/);
    await arbiter.locator('#end-result').selectOption('1/2-1/2');
    await arbiter.getByRole('button', { name: 'End the game' }).click();
    await arbiter.locator('#end-confirm').waitFor({ state: 'visible' });
    await axe('arbiter', 'confirming the end');
    await arbiter.getByRole('button', { name: 'Yes, do it' }).click();
    await hear(/Partie beendet.*Remis/);
    await pages.sighted.locator('#status').getByText('The game is over: 1/2-1/2.').waitFor();
    await axeAll('game over');
  });

  it('no page logged a script error', async () => {
    for (const [name, page] of Object.entries(pages)) assert.deepEqual(page.errors, [], name);
  });
});
