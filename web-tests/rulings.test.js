// Issue 18, one board, from the arbiter's seat: diverging boards with empty scoresheets are
// refused by D.2.9, the override is shown with its consequence and applied only when confirmed,
// then undone; the incident record is on the page after a reload and in the text and PGN
// exports; the visually impaired player's assistant keeps his player's scoresheet by keyboard,
// and that sheet comes out as BRF. The two players are driven over their own WebSockets (from a
// page of the server's origin); the arbiter and the assistant use their pages. axe-core checks
// every new state. Run: cargo build && cd web-tests && npm ci && npm test

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from './session.js';

const session = new Session();
const { pages } = session;
let server;
const axe = (name, state) => session.axe(name, state);
const newPage = (url) => session.newPage(url);

let game;

/** Creates the game over HTTP: the physical procedure, White visually impaired with an
 *  assistant, both boards normal (so both are driven with whole moves). */
async function createGame() {
  const response = await fetch(`${server.url}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      time_control: { base_seconds: 5400, increment_seconds: 30 },
      white: { name: 'Anna', visually_impaired: true, board: 'normal', assistant: true },
      black: { name: 'Ben', board: 'normal' },
      languages: { white: 'de', black: 'en', white_assistant: 'en', arbiter: 'en', spectator: 'en' },
      rules: { procedure: 'physical' },
    }),
  });
  assert.equal(response.status, 201, await response.clone().text());
  return response.json();
}

function link(page, seat, lang = 'en') {
  return `${server.url}/${page}?lang=${lang}#game=${encodeURIComponent(game.id)}&token=${encodeURIComponent(game.tokens[seat])}`;
}

/** Opens the players' sockets in the driver page; `act(seat, msg)` sends a message and
 *  resolves with its answer (`ack`, `error` or `confirm`). */
async function openPlayers() {
  pages.driver = await newPage(`${server.url}/health`);
  await pages.driver.evaluate(async ({ id, tokens }) => {
    const open = (token) => new Promise((resolve, reject) => {
      const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/api/games/${id}/ws`);
      const waiting = new Map();
      let n = 0;
      ws.onmessage = (e) => {
        const msg = JSON.parse(e.data);
        if (msg.type === 'welcome') resolve(send);
        const w = msg.id === undefined ? null : waiting.get(String(msg.id));
        if (w && ['ack', 'error', 'confirm'].includes(msg.type)) {
          waiting.delete(String(msg.id));
          w(msg);
        }
      };
      ws.onerror = reject;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', v: 1, token }));
      function send(msg) {
        const id = `d${++n}`;
        return new Promise((done) => {
          waiting.set(id, done);
          ws.send(JSON.stringify({ ...msg, id }));
        });
      }
    });
    window.players = { white: await open(tokens.white), black: await open(tokens.black) };
    window.act = (seat, msg) => window.players[seat](msg);
  }, { id: game.id, tokens: game.tokens });
}

async function act(seat, msg) {
  const got = await pages.driver.evaluate(([s, m]) => window.act(s, m), [seat, msg]);
  assert.equal(got.type, 'ack', `${seat} ${JSON.stringify(msg)}: ${JSON.stringify(got)}`);
  return got;
}

/** A whole move by the Appendix procedure: on the mover's board, announced, the clock
 *  pressed, then made on the opponent's board (`shown` if he makes another). */
async function play(me, them, uci, shown = uci) {
  await act(me, { type: 'board', board: me, action: 'move', uci });
  await act(me, { type: 'move', uci });
  await act(me, { type: 'press_clock' });
  await act(them, { type: 'board', board: them, action: 'move', uci: shown });
}

async function logHas(page, pattern) {
  await page.locator('#log').getByText(pattern).first().waitFor({ timeout: 8000 });
}

describe('one board from the arbiter\'s seat (issue 18)', { timeout: 900000 }, () => {
  session.useServer((s) => (server = s));

  it('the boards diverge with empty scoresheets: D.2.9 is refused, with the reason', async () => {
    game = await createGame();
    pages.arbiter = await newPage(link('arbiter', 'arbiter'));
    pages.assistant = await newPage(link('assistant', 'white_assistant'));
    await pages.arbiter.locator('#arbiter-table').waitFor({ state: 'visible' }).catch(async (e) => {
      throw new Error(`${e}\n${pages.arbiter.errors.join('\n')}\n${await pages.arbiter.locator('#log').textContent()}\n${server.stderr()}`);
    });
    await openPlayers();
    await play('white', 'black', 'e2e4');
    await play('black', 'white', 'e7e5');
    // 2. Nf3, made as Nh3 on Black's board; Black announces his move: the clocks stop.
    await play('white', 'black', 'g1f3', 'g1h3');
    await act('black', { type: 'move', uci: 'b8c6' });
    const arbiter = pages.arbiter;
    await arbiter.locator('#attention-list').getByText('The boards differ: rule on the case.').waitFor();
    assert.equal(await arbiter.locator('#resume').isDisabled(), true);
    // The override has no default.
    assert.equal(await arbiter.locator('#override-ply').inputValue(), '');
    await arbiter.getByRole('button', { name: 'Rule by the scoresheets' }).click();
    await logHas(arbiter, /^Neither scoresheet holds a move/);
    const state = await (await fetch(`${server.url}/api/games/${game.id}`, {
      headers: { authorization: `Bearer ${game.tokens.arbiter}` },
    })).json();
    assert.equal(state.moves.length, 3, 'nothing taken back');
    await axe('arbiter', 'the boards differ, D.2.9 refused');
  });

  it('the override is shown with its consequence, confirmed, then undone', async () => {
    const arbiter = pages.arbiter;
    await arbiter.getByRole('button', { name: 'Override: back to that position' }).click();
    await logHas(arbiter, 'Enter the number of half-moves to keep.');
    await arbiter.getByLabel('Half-moves to keep').fill('2');
    await arbiter.getByRole('button', { name: 'Override: back to that position' }).click();
    const shown = arbiter.locator('#ruling-confirm-text');
    await shown.getByText(/^This ruling takes back one half-move\. Back to the position after Black's move 1\./).waitFor();
    assert.match(await shown.textContent(), /Clocks: White .*, Black .*\./);
    assert.match(await shown.textContent(), /Nothing has changed yet\. Confirm to apply it\.$/);
    assert.equal(await arbiter.evaluate(() => document.activeElement.id), 'ruling-yes');
    await axe('arbiter', 'a ruling shown before it is applied');
    await arbiter.keyboard.press('Enter');
    await arbiter.locator('#steps-list li').first().waitFor();
    // Each step names its board.
    const steps = await arbiter.locator('#steps-list li').allTextContents();
    assert.ok(steps.length >= 2 && steps.every((s) => /^(White|Black): /.test(s)), steps.join(' | '));
    let state = await (await fetch(`${server.url}/api/games/${game.id}`, {
      headers: { authorization: `Bearer ${game.tokens.arbiter}` },
    })).json();
    assert.equal(state.moves.length, 2);

    await arbiter.getByRole('button', { name: 'Undo the last ruling' }).click();
    await shown.getByText(/^Undo the last ruling: 1 half-moves are played again\./).waitFor();
    await axe('arbiter', 'undoing a ruling shown');
    await arbiter.getByRole('button', { name: 'Apply the ruling' }).click();
    await logHas(arbiter, /^The arbiter undoes his last ruling/);
    state = await (await fetch(`${server.url}/api/games/${game.id}`, {
      headers: { authorization: `Bearer ${game.tokens.arbiter}` },
    })).json();
    assert.deepEqual(state.moves.map((m) => m.uci), ['e2e4', 'e7e5', 'g1f3']);
    await axe('arbiter', 'a ruling undone');
  });

  it('the incident record survives a reload and is in the text and PGN exports', async () => {
    const arbiter = pages.arbiter;
    await arbiter.reload();
    const list = arbiter.locator('#incidents');
    await list.getByText(/The arbiter: .*takes? .*back|The arbiter: The arbiter chooses|The arbiter: Back to/).first().waitFor({ timeout: 8000 }).catch(() => {});
    const lines = await list.locator('li').allTextContents();
    assert.ok(lines.some((l) => /The boards do not match/.test(l)), lines.join('\n'));
    assert.ok(lines.some((l) => /The arbiter: The arbiter undoes his last ruling/.test(l)), lines.join('\n'));
    assert.ok(lines.every((l) => /^\d\d:\d\d:\d\d /.test(l)), lines.join('\n'));
    await axe('arbiter', 'the incident record after a reload');
    const get = (path, seat = 'arbiter') => fetch(`${server.url}/api/games/${game.id}/${path}`, {
      headers: { authorization: `Bearer ${game.tokens[seat]}`, 'accept-language': 'en' },
    });
    const text = await (await get('incidents')).text();
    assert.match(text, /^Incident record: Anna against Ben\n/);
    assert.match(text, /The arbiter undoes his last ruling/);
    assert.equal((await get('incidents', 'black')).status, 403);
    const pgn = await (await get('pgn?incidents=true')).text();
    assert.match(pgn, /\{\d\d:\d\d:\d\d The arbiter: The arbiter undoes his last ruling/);
    assert.match(pgn, /\[Termination "unterminated"\]/);
    const plain = await (await get('pgn')).text();
    assert.doesNotMatch(plain, /undoes/);
  });

  it("the assistant keeps his player's scoresheet by keyboard; it comes out as BRF", async () => {
    const assistant = pages.assistant;
    await assistant.locator('#keep-sheet').waitFor({ state: 'visible' });
    await assistant.locator('#assist-actions').waitFor({ state: 'visible' });
    await axe('assistant', 'keeping the scoresheet');
    // Move 1, White's move: number and side by keyboard, the entry, Enter.
    await assistant.locator('#keep-number').focus();
    await assistant.keyboard.press('Control+a');
    await assistant.keyboard.type('1');
    await assistant.keyboard.press('Tab');
    await assistant.keyboard.press('ArrowUp');
    await assistant.keyboard.press('Tab');
    await assistant.keyboard.type('Bauer Eva vier');
    await assistant.keyboard.press('Enter');
    const sheet = assistant.locator('#own-sheet');
    await sheet.getByText(/1\. Bauer Eva vier/).waitFor({ timeout: 8000 });
    // A correction, then a strike of Black's move 1 written by mistake.
    await assistant.locator('#keep-number').focus();
    await assistant.keyboard.press('Control+a');
    await assistant.keyboard.type('1');
    await assistant.keyboard.press('Tab');
    await assistant.keyboard.press('ArrowDown');
    await assistant.keyboard.press('Tab');
    await assistant.keyboard.type('Bauer Eva fünf');
    await assistant.keyboard.press('Enter');
    await sheet.getByText(/Bauer Eva fünf/).waitFor({ timeout: 8000 });
    // The form moved on to move 2; back to Black's move 1 to strike it.
    assert.equal(await assistant.locator('#keep-number').inputValue(), '2');
    await assistant.locator('#keep-number').focus();
    await assistant.keyboard.press('Control+a');
    await assistant.keyboard.type('1');
    await assistant.keyboard.press('Tab');
    await assistant.keyboard.press('ArrowDown');
    await assistant.getByRole('button', { name: 'Strike out' }).click();
    await sheet.getByText(/\(struck out\)|gestrichen/).waitFor({ timeout: 8000 });
    // Her page is still connected: the game's record is shown apart, under its own heading.
    assert.ok(await assistant.locator('#scoresheet-body').count());
    await axe('assistant', 'the scoresheet kept');
    await assistant.getByRole('button', { name: 'This scoresheet in Braille (BRF)' }).click();
    await assistant.waitForFunction(() => /\.brf\.$|Braille|liblouis|lou_translate/i.test(document.getElementById('export-status').textContent));
    const brf = await fetch(`${server.url}/api/games/${game.id}/sheets/white/brf`, {
      headers: { authorization: `Bearer ${game.tokens.white_assistant}` },
    });
    if (brf.ok) assert.ok((await brf.text()).length > 10);
    // The arbiter sees the sheet as the assistant wrote it.
    const white = await (await fetch(`${server.url}/api/games/${game.id}/sheets/white`, {
      headers: { authorization: `Bearer ${game.tokens.arbiter}` },
    })).text();
    assert.match(white, /Bauer Eva vier/);
  });
});
