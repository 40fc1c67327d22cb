// Issue 18, the start of the game from the arbiter's seat: a game created waiting for his start
// shows it and the rules choices on his page; he starts it by keyboard and White's clock runs
// although White has not moved; a player absent after the default time comes up in his list.
// Then a round created waiting: the round desk's "Start all boards" starts every board. The
// rules choices set in the lobby form reach the game. axe-core on every new state.
// Run: cargo build && cd web-tests && npm ci && npm test

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from './session.js';

const session = new Session();
const { pages } = session;
let server;
const axe = (name, state) => session.axe(name, state);
const newPage = (url) => session.newPage(url);

let game;

async function state(id, token) {
  const r = await fetch(`${server.url}/api/games/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return r.json();
}

describe('the start of the game', { timeout: 180000 }, () => {
  session.useServer((s) => (server = s));

  it('a game waiting for the start shows it and the rules choices on the arbiter page', async () => {
    const response = await fetch(`${server.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        time_control: { base_seconds: 600, increment_seconds: 0 },
        white: { name: 'Anna', visually_impaired: true },
        black: { name: 'Ben' },
        languages: { white: 'en', black: 'en', arbiter: 'en', spectator: 'en' },
        rules: { wait_for_start: true, default_time_seconds: 0, vi_illegal: 'counts', after_fix: 'resume', touch_stops_clock: false },
      }),
    });
    assert.equal(response.status, 201, await response.clone().text());
    game = await response.json();
    const url = `${server.url}/arbiter?lang=en#game=${encodeURIComponent(game.id)}&token=${encodeURIComponent(game.tokens.arbiter)}`;
    pages.arbiter = await newPage(url);
    const p = pages.arbiter;
    await p.waitForFunction(() => document.getElementById('start') && !document.getElementById('start').disabled);
    assert.equal(await p.locator('#pause').isDisabled(), true);
    const rules = await p.locator('#rules-shown li').allTextContents();
    assert.deepEqual(rules, [
      "The game waits for the arbiter's start; default time 0 min.",
      "A visually impaired player's illegal announcement counts under 7.5.",
      'After a fix on which the sheets agree, play resumes by itself.',
      'The clock runs on while a touch report waits for the ruling.',
    ]);
    await p.getByText("The game waits for the arbiter's start.").first().waitFor();
    await p.locator('#attention-list').getByText('The game waits for your start', { exact: false }).waitFor();
    await axe('arbiter', 'waiting');
  });

  it('the arbiter starts it by keyboard; White\'s clock runs without a move; absences are listed', async () => {
    const p = pages.arbiter;
    await p.locator('#start').focus();
    await p.keyboard.press('Enter');
    await p.getByText("The game has started. White to move, White's clock runs.").first().waitFor();
    await p.waitForFunction(() => document.getElementById('start').disabled);
    assert.equal(await p.locator('#pause').isDisabled(), false);
    const s = await state(game.id, game.tokens.arbiter);
    assert.equal(s.status, 'playing');
    assert.equal(s.clock.running, 'white');
    assert.equal(s.moves.length, 0);
    await new Promise((r) => setTimeout(r, 1200));
    const later = await state(game.id, game.tokens.arbiter);
    assert.ok(later.clock.white_ms <= 599000, JSON.stringify(later.clock));
    assert.equal(later.clock.black_ms, 600000);
    // Nobody opened a player's page and the default time is zero: both are reported.
    await p.getByText("The default time is over and White's player has not arrived.", { exact: false }).first().waitFor();
    await p.getByText("The default time is over and Black's player has not arrived.", { exact: false }).first().waitFor();
    // At the top of his page, with what is left to decide.
    await p.locator('#attention-list').getByText("Black's player has not arrived", { exact: false }).waitFor();
    await axe('arbiter', 'started');
  });

  it('the lobby form sets the rules choices', async () => {
    pages.lobby = await newPage(`${server.url}/?lang=en`);
    const p = pages.lobby;
    await p.getByLabel("The game waits for the arbiter's start (Art. 6.5)").check();
    await p.getByLabel('Default time (minutes, Art. 6.7)').fill('15');
    await p.getByLabel("A visually impaired player's illegal announcement").selectOption('counts');
    await p.getByLabel('After a fix on which the scoresheets agree').selectOption('resume');
    await p.getByLabel('The clocks stop while a touch report waits for the ruling').uncheck();
    await axe('lobby', 'rules choices');
    const created = p.waitForResponse((r) => r.url().endsWith('/api/games') && r.request().method() === 'POST');
    await p.locator('#create').click();
    const body = await (await created).json();
    const s = body.state ?? (await state(body.id, body.tokens.arbiter));
    assert.equal(s.status, 'waiting');
    assert.deepEqual(
      [s.rules.wait_for_start, s.rules.default_time_ms, s.rules.vi_illegal, s.rules.after_fix, s.rules.touch_stops_clock],
      [true, 900000, 'counts', 'resume', false],
    );
  });

  it('the round desk starts every board of a round at once', async () => {
    const response = await fetch(`${server.url}/api/rounds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        event: { name: 'Blind Open', round: '1' },
        lang: 'en',
        origin: server.url,
        time_control: { base_seconds: 600 },
        rules: { wait_for_start: true, default_time_seconds: 600 },
        pairings: '1;Anna Weiss;;vi;Ben Kraus;;\n2;Clara Schulz;;;Deniz Arslan;;\n3;Emil Meyer;;;Frieda Koch;;vi',
      }),
    });
    assert.equal(response.status, 201, await response.clone().text());
    const round = await response.json();
    pages.round = await newPage(round.desk);
    const p = pages.round;
    await p.waitForFunction(() => document.querySelectorAll('#board-rows tr').length === 3);
    await p.getByRole('button', { name: 'Start board 2' }).waitFor();
    for (const n of [1, 2, 3]) {
      assert.match(await p.locator(`#board-${n} td`).nth(2).textContent(), /waiting for the start/);
    }
    await axe('round', 'waiting');
    await p.getByRole('button', { name: 'Start all boards' }).click();
    await p.getByText('3 of 3 boards started.').waitFor();
    await p.waitForFunction(() => [...document.querySelectorAll('#board-rows tr')]
      .every((tr) => /playing/.test(tr.children[3].textContent)));
    assert.equal(await p.locator('button.start-board').count(), 0);
    for (const b of round.boards) {
      const s = await state(b.game, round.token);
      assert.equal(s.clock.running, 'white', JSON.stringify(s.clock));
    }
    await axe('round', 'started');
  });
});
