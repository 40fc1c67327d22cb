// Issue 18, the pages: the blind player seals his move from his own page by the command line
// (keyboard in, live region out), and the sealed move is never told to his opponent; the
// visually impaired player's assistant is no longer misled: a board is red only when it really
// differs, the opponent's move still to be relayed to his player's board is said as his task,
// a ruling's steps name the board, an announcement a ruling voided is not shown as standing,
// and nothing at the table can be pressed after the end. axe-core checks every new state.
// Run: cargo build && cd web-tests && npm ci && npm test

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from './session.js';

const session = new Session();
const { pages } = session;
let server;
const axe = (name, state) => session.axe(name, state);
const newPage = (url) => session.newPage(url);

async function create(body) {
  const response = await fetch(`${server.url}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 201, await response.clone().text());
  return response.json();
}

function link(game, page, seat, lang = 'en') {
  return `${server.url}/${page}?lang=${lang}#game=${encodeURIComponent(game.id)}&token=${encodeURIComponent(game.tokens[seat])}`;
}

async function state(game) {
  return (await fetch(`${server.url}/api/games/${game.id}`, {
    headers: { authorization: `Bearer ${game.tokens.arbiter}` },
  })).json();
}

async function ready(page) {
  await page.locator('#log').getByText(/Connected/).first().waitFor({ timeout: 15000 }).catch(async (e) => {
    throw new Error(`${e}\n${page.errors.join('\n')}\n${await page.locator('#log').textContent()}\n${server.stderr()}`);
  });
}

describe('the record\'s pages (issue 18)', { timeout: 900000 }, () => {
  session.useServer((s) => (server = s));

  it('the blind player seals his move by the command line; his opponent never hears it', async () => {
    const game = await create({
      time_control: { base_seconds: 5400, increment_seconds: 30 },
      white: { name: 'Anna', visually_impaired: true },
      black: { name: 'Ben', visually_impaired: true },
      languages: { white: 'en', black: 'en', arbiter: 'en', spectator: 'en' },
    });
    pages.blind = await newPage(link(game, 'vi', 'white'));
    pages.other = await newPage(link(game, 'vi', 'black'));
    pages.arbiter = await newPage(link(game, 'arbiter', 'arbiter'));
    await ready(pages.blind);
    await ready(pages.other);
    await ready(pages.arbiter);
    await pages.blind.locator('#command').focus();
    await session.blindTypes('e4', /e4/);
    await pages.other.locator('#command').focus();
    await pages.other.keyboard.type('e5');
    await pages.other.keyboard.press('Enter');
    await session.hear(/e5/, 0, 'blind');
    assert.equal(await pages.blind.locator('#seal').isHidden(), true);

    // The arbiter adjourns the game; White, to move, seals: told how, in the live region.
    const otherFrom = (await session.lines('other')).length;
    await pages.arbiter.locator('#adjourn').click();
    await session.hear(/The arbiter adjourns the game\..*Type seal and your move/);
    await pages.blind.locator('#seal').waitFor({ state: 'visible' });
    await axe('blind', 'sealing a move');
    await session.blindTypes('seal knight f3', /^Your sealed move: knight f3\./);
    await session.hear(/White has written the sealed move\./, otherFrom, 'other');
    // "seal" alone says what was written and what comes next.
    await session.blindTypes('seal', /^Written: knight f3\..*Then type stop/);
    await session.blindTypes('stop', /The clock is stopped and the envelope closed/);
    await session.hear(/The clock is stopped and the envelope closed/, otherFrom, 'other');
    assert.equal(await pages.blind.locator('#seal').isHidden(), true);
    assert.equal((await state(game)).pause_reason, 'adjourned');
    // The arbiter cannot resume an adjourned game: he opens the sealed move.
    await pages.arbiter.locator('#open-sealed:not([disabled])').waitFor();
    assert.equal(await pages.arbiter.locator('#resume').isDisabled(), true);
    const heard = (await session.lines('other')).slice(otherFrom);
    assert.ok(heard.every((l) => !/f3|knight/i.test(l)), heard.join('\n'));
    await axe('blind', 'adjourned');
    await pages.arbiter.locator('#open-sealed').click();
    await session.hear(/knight f3|Nf3/i, otherFrom, 'other');
    assert.deepEqual((await state(game)).moves.map((m) => m.uci), ['e2e4', 'e7e5', 'g1f3']);
    for (const name of ['blind', 'other', 'arbiter']) {
      assert.deepEqual(pages[name].errors, [], `${name}: ${pages[name].errors.join('\n')}`);
    }
  });

  it("the assistant's page says what is really wrong, and nothing after the end", async () => {
    const game = await create({
      time_control: { base_seconds: 5400, increment_seconds: 30 },
      white: { name: 'Anna', visually_impaired: true, board: 'normal', assistant: true },
      black: { name: 'Ben', board: 'normal' },
      languages: { white: 'de', black: 'en', white_assistant: 'en', arbiter: 'en', spectator: 'en' },
      rules: { procedure: 'physical' },
    });
    pages.assistant = await newPage(link(game, 'assistant', 'white_assistant'));
    pages.referee = await newPage(link(game, 'arbiter', 'arbiter'));
    await ready(pages.assistant);
    await ready(pages.referee);
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
          const mid = `d${++n}`;
          return new Promise((done) => {
            waiting.set(mid, done);
            ws.send(JSON.stringify({ ...msg, id: mid }));
          });
        }
      });
      window.players = { white: await open(tokens.white), black: await open(tokens.black) };
    }, { id: game.id, tokens: game.tokens });
    const act = async (seat, msg) => {
      const got = await pages.driver.evaluate(([s, m]) => window.players[s](m), [seat, msg]);
      assert.equal(got.type, 'ack', `${seat} ${JSON.stringify(msg)}: ${JSON.stringify(got)}`);
    };
    const a = pages.assistant;
    const boardState = async (color, pattern) => {
      const el = a.locator(`#board-${color}-state`);
      await el.getByText(pattern).waitFor({ timeout: 8000 }).catch(async (e) => {
        throw new Error(`${e}\n#board-${color}-state: ${await el.textContent()}`);
      });
      return el.evaluate((n) => n.classList.contains('error'));
    };

    // 1. e4 under way on White's board: not red, it is the move being made.
    await act('white', { type: 'board', board: 'white', action: 'move', uci: 'e2e4' });
    assert.equal(await boardState('white', /^The move is being made on it\./), false);
    await act('white', { type: 'move', uci: 'e2e4' });
    await act('white', { type: 'press_clock' });
    // Black's board still lacks 1. e4: his to make, not a divergence.
    assert.equal(await boardState('black', /^White's last move is still to be made on it\./), false);
    assert.equal(await boardState('white', /^It shows the game\./), false);
    await axe('assistant', 'a move under way');
    await act('black', { type: 'board', board: 'black', action: 'move', uci: 'e2e4' });
    await act('black', { type: 'board', board: 'black', action: 'move', uci: 'e7e5' });
    await act('black', { type: 'move', uci: 'e7e5' });
    await act('black', { type: 'press_clock' });
    // 1... e5 is not yet on White's board: the assistant is told to relay it there.
    const made = a.locator('#made-status');
    await made.getByText(/^First make Black's move on White's board: /).waitFor({ timeout: 8000 }).catch(async (e) => {
      throw new Error(`${e}\n#made-status: ${await made.textContent()}`);
    });
    assert.equal(await boardState('white', /^Black's last move is still to be made on it\./), false);
    await act('white', { type: 'board', board: 'white', action: 'move', uci: 'e7e5' });
    // 2. Nf3, made as Nh3 on Black's board; Black announces 2... Nc6: the boards differ.
    await act('white', { type: 'board', board: 'white', action: 'move', uci: 'g1f3' });
    await act('white', { type: 'move', uci: 'g1f3' });
    await act('white', { type: 'press_clock' });
    await act('black', { type: 'board', board: 'black', action: 'move', uci: 'g1h3' });
    await act('black', { type: 'move', uci: 'b8c6' });
    const info = a.locator('#table-info');
    await info.getByText(/c6/).waitFor({ timeout: 8000 });
    assert.equal(await boardState('black', /^It does not show the game\./), true);

    // The arbiter takes 2. Nf3 back (override to 2 half-moves kept), confirmed.
    const r = pages.referee;
    await r.locator('#attention-list').getByText('The boards differ: rule on the case.').waitFor();
    await r.getByLabel('Half-moves to keep').fill('2');
    await r.getByRole('button', { name: 'Override: back to that position' }).click();
    await r.locator('#ruling-yes').waitFor({ state: 'visible' });
    await r.locator('#ruling-yes').click();
    // The assistant hears his player's board by its colour, with its steps.
    await a.locator('#log').getByText(/White's board is being put right/).first().waitFor({ timeout: 8000 });
    const log = await a.locator('#log').textContent();
    assert.doesNotMatch(log, /Your board/);
    // Black's announcement of 2... Nc6 is void: no longer shown as standing.
    await a.waitForFunction(() => !/c6/.test(document.getElementById('table-info').textContent), null, { timeout: 8000 })
      .catch(async (e) => { throw new Error(`${e}\n#table-info: ${await info.textContent()}`); });
    assert.doesNotMatch(await a.locator('#announced').textContent(), /c6/);
    // The arbiter lists the assistant as his player's assistant.
    assert.match(await r.locator('#seats').textContent(), /assisting Anna/);
    await axe('assistant', 'after a ruling took a move back');

    // The arbiter ends the game: nothing at the table can be pressed any more.
    await r.locator('#end-submit').click();
    await r.locator('#end-yes').click();
    await a.locator('#end-result, #status').getByText(/over|won|draw|Result|1-0|0-1|½/i).first().waitFor({ timeout: 8000 }).catch(() => {});
    await a.waitForFunction(() => document.getElementById('repeat').disabled, null, { timeout: 8000 });
    for (const sel of ['#repeat', '#command', '#command-form button', '#press-clock', '#talking-clock',
      '#repeat-form button', '#touch-form button', '#assist-time']) {
      assert.equal(await a.locator(sel).isDisabled(), true, `${sel} after the end`);
    }
    await axe('assistant', 'after the end');
    assert.deepEqual(a.errors, [], a.errors.join('\n'));
  });
});
