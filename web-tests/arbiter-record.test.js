// Issue 31 from the arbiter's page, by keyboard and screen reader: a touch that was not
// deliberate released (shown first, applied with his note), a forfeit declared (not a played
// game), a result corrected after the end with his reason (markup refused, nothing changed),
// the corrected result in the state. The players are driven over their own WebSockets (from a
// page of the server's origin). axe-core checks every new state.
// Run: cargo build && cd web-tests && npm ci && npm test -- arbiter-record.test.js

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from './session.js';

const session = new Session();
const { pages } = session;
let server;
const axe = (name, state) => session.axe(name, state);
const newPage = (url) => session.newPage(url);

/** A physical game, both boards normal, everyone in English. */
async function createGame() {
  const response = await fetch(`${server.url}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      time_control: { base_seconds: 5400, increment_seconds: 30 },
      white: { name: 'Anna', visually_impaired: true, board: 'normal' },
      black: { name: 'Ben', board: 'normal' },
      languages: { white: 'en', black: 'en', arbiter: 'en', spectator: 'en' },
      rules: { procedure: 'physical' },
    }),
  });
  assert.equal(response.status, 201, await response.clone().text());
  return response.json();
}

function link(game, page, seat) {
  return `${server.url}/${page}?lang=en#game=${encodeURIComponent(game.id)}&token=${encodeURIComponent(game.tokens[seat])}`;
}

async function stateOf(game) {
  return (await fetch(`${server.url}/api/games/${game.id}`, {
    headers: { authorization: `Bearer ${game.tokens.arbiter}` },
  })).json();
}

/** White's socket in a driver page: `send(msg)` resolves with its answer. */
async function whiteSocket(game) {
  const driver = await newPage(`${server.url}/health`);
  await driver.evaluate(async ({ id, token }) => {
    await new Promise((resolve, reject) => {
      const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/api/games/${id}/ws`);
      const waiting = new Map();
      let n = 0;
      ws.onmessage = (e) => {
        const msg = JSON.parse(e.data);
        if (msg.type === 'welcome') resolve();
        const w = msg.id === undefined ? null : waiting.get(String(msg.id));
        if (w && ['ack', 'error', 'confirm'].includes(msg.type)) {
          waiting.delete(String(msg.id));
          w(msg);
        }
      };
      ws.onerror = reject;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', v: 1, token }));
      window.send = (msg) => new Promise((done) => {
        const rid = `d${++n}`;
        waiting.set(rid, done);
        ws.send(JSON.stringify({ ...msg, id: rid }));
      });
    });
  }, { id: game.id, token: game.tokens.white });
  return async (msg) => {
    const got = await driver.evaluate((m) => window.send(m), msg);
    assert.equal(got.type, 'ack', `${JSON.stringify(msg)}: ${JSON.stringify(got)}`);
  };
}

async function logHas(page, pattern) {
  await page.locator('#log').getByText(pattern).first().waitFor({ timeout: 8000 });
}

describe("the arbiter's rulings and results (issue 31)", { timeout: 900000 }, () => {
  session.useServer((s) => (server = s));

  it('a touch that was not deliberate is released, shown first, with his note', async () => {
    const game = await createGame();
    const arbiter = await newPage(link(game, 'arbiter', 'arbiter'));
    pages.arbiter = arbiter;
    await arbiter.locator('#arbiter-table').waitFor({ state: 'visible' });
    const release = arbiter.getByRole('button', { name: 'Release the touch (not deliberate)' });
    assert.equal(await release.isDisabled(), true, 'nothing touched: nothing to release');
    const white = await whiteSocket(game);
    // White's sleeve touches his knight on g1.
    await white({ type: 'board', board: 'white', action: 'touch', square: 'g1' });
    await arbiter.waitForFunction(() => !document.getElementById('touch-release').disabled);
    await arbiter.getByLabel('Your note on the next ruling (optional)').fill('Touched with his sleeve.');
    await release.focus();
    await arbiter.keyboard.press('Enter');
    const question = arbiter.locator('#arbiter-confirm-text');
    await question.getByText(/^Release White's touch as not deliberate\?/).waitFor();
    assert.deepEqual((await stateOf(game)).table.touched, ['g1'], 'nothing changed yet');
    await axe('arbiter', 'a released touch shown before it is applied');
    // The focus is on "Apply the ruling".
    await arbiter.keyboard.press('Enter');
    await arbiter.locator('#incidents').getByText(/The arbiter's note: Touched with his sleeve\./).waitFor({ timeout: 8000 });
    await arbiter.locator('#incidents').getByText(/releases White's touch as not deliberate/).waitFor();
    assert.deepEqual((await stateOf(game)).table.touched, []);
    assert.equal(await arbiter.getByLabel('Your note on the next ruling (optional)').inputValue(), '');
    await white({ type: 'move', uci: 'e2e4' });
    await axe('arbiter', 'a touch released');
  });

  it('a forfeit is declared, then corrected after the end with a reason', async () => {
    const game = await createGame();
    const arbiter = await newPage(link(game, 'arbiter', 'arbiter'));
    pages.arbiter = arbiter;
    await arbiter.locator('#end-form').waitFor({ state: 'visible' });
    // The page has the game's state: playing, the correction waits for the end.
    await arbiter.waitForFunction(() => !document.getElementById('pause').disabled);
    assert.equal(await arbiter.locator('#correct-submit').isDisabled(), true, 'only after the end');
    const end = arbiter.locator('#end-form');
    await end.getByLabel('How', { exact: true }).selectOption('forfeit');
    await end.getByLabel('Result', { exact: true }).selectOption('0-1');
    await arbiter.getByRole('button', { name: 'End the game' }).click();
    await arbiter.locator('#arbiter-confirm-text').getByText(/^Declare a forfeit: Black wins by forfeit\?/).waitFor();
    await arbiter.locator('#arbiter-yes').click();
    await arbiter.waitForFunction(() => !document.getElementById('correct-submit').disabled);
    let state = await stateOf(game);
    assert.equal(state.result, '0-1');
    assert.equal(state.end_reason, 'forfeit');
    await axe('arbiter', 'a forfeit declared');
    // The wrong colour was declared: corrected after the end. Markup is refused first.
    const form = arbiter.locator('#correct-form');
    await form.getByLabel('Result', { exact: true }).selectOption('1-0');
    await form.getByLabel('As a forfeit (the game was not played)').check();
    await form.getByLabel('Reason (required)').fill('<b>wrong colour</b>');
    await form.getByRole('button', { name: 'Show the correction' }).click();
    await logHas(arbiter, /holds markup/);
    assert.equal((await stateOf(game)).result, '0-1', 'nothing changed');
    await form.getByLabel('Reason (required)').fill('The wrong colour was declared: Ben did not come.');
    await form.getByRole('button', { name: 'Show the correction' }).click();
    await arbiter.locator('#arbiter-confirm-text').getByText(/^Correct the result to White wins by forfeit\?/).waitFor();
    await axe('arbiter', 'a correction shown before it is applied');
    await arbiter.locator('#arbiter-yes').click();
    await arbiter.locator('#incidents').getByText(/corrects the result after the end/).waitFor({ timeout: 8000 });
    state = await stateOf(game);
    assert.equal(state.result, '1-0');
    assert.equal(state.end_reason, 'forfeit');
    const pgn = await (await fetch(`${server.url}/api/games/${game.id}/pgn`, {
      headers: { authorization: `Bearer ${game.tokens.arbiter}` },
    })).text();
    assert.match(pgn, /\[Result "1-0"\]/);
    assert.match(pgn, /\[Termination "forfeit"\]/);
    await axe('arbiter', 'a result corrected');
  });
});
