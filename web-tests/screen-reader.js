// The blind player's page through a real screen reader: Orca reads Chromium's accessibility
// tree and speaks to Speech Dispatcher, whose speech is written to a transcript
// (scripts/orca-headless.sh). The player types with real X key events (xdotool), so Orca hears
// every key as a person's key: it echoes it and stops whatever it was saying, as it does for a
// person at a keyboard. The opponent plays over the WebSocket from a second, plain browser.
// What must hold: the greeting is heard once, in a stable order; every move of a short game,
// including the opponent's moves that arrive while the player is typing, is heard to its end
// exactly once, in the order of the game.
//
// Run: scripts/test screen-reader (or: cargo test --no-run; eval "$(scripts/orca-headless.sh)";
// cd web-tests && node --test screen-reader.js; scripts/orca-headless.sh --stop "$HAMLE_ORCA_DIR").

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { startServer } from './server.js';
import { liveScripts } from './session.js';

const run = promisify(execFile);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const transcriptPath = process.env.HAMLE_ORCA_TRANSCRIPT;
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

// ---- the transcript --------------------------------------------------------------------------

/** The utterances so far: {at, text, done} (done: said to its end, not stopped). */
function utterances() {
  const out = [];
  for (const line of readFileSync(transcriptPath, 'utf8').split('\n')) {
    const m = line.match(/^(\d+) (say|done) (.*)$/);
    if (!m) continue;
    const [, at, what, text] = m;
    if (what === 'say') out.push({ at: Number(at), text: text.trim(), done: false });
    else {
      const u = [...out].reverse().find((x) => x.text === text.trim() && !x.done);
      if (u) {
        u.done = true;
        u.doneAt = Number(at);
      }
    }
  }
  return out;
}

let t0 = Date.now();
/** The transcript as it reads, for failure messages: time since the test began, and whether
 * each utterance was heard to its end. */
function transcriptText(from = 0) {
  return utterances()
    .filter((u) => u.at >= from)
    .map((u) => `  ${String(u.at - t0).padStart(6)} ms ${u.done ? 'heard' : 'CUT  '} ${JSON.stringify(u.text)}`)
    .join('\n');
}

/** The utterances heard to their end that contain `text`. */
function heard(text, from = 0) {
  return utterances().filter((u) => u.done && u.at >= from && u.text.includes(text));
}

/** Waits until `text` has been heard to its end (speech is quiet for a moment after). */
async function waitHeard(text, { from = 0, timeoutMs = 8000 } = {}) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (heard(text, from).length) return;
    await sleep(50);
  }
  assert.fail(`Orca never said ${JSON.stringify(text)} to its end. The transcript:\n${transcriptText(from)}`);
}

/** Waits until Orca has said nothing for `quietMs`: the last utterance is over (said to its
 * end, or stopped: older than a voice would take to say it) and nothing new began. */
async function waitQuiet(quietMs = 700, timeoutMs = 15000) {
  const perChar = Number(process.env.HAMLE_SPEECH_MS_PER_CHAR || 40);
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const { last, lastAt } = lastEvent();
    const over = !last || last.done || Date.now() - last.at > Math.max(150, last.text.length * perChar) + 500;
    if (over && Date.now() - lastAt >= quietMs) return;
    await sleep(100);
  }
}

/** The last utterance and the time of the transcript's last line. */
function lastEvent() {
  let lastAt = 0;
  for (const line of readFileSync(transcriptPath, 'utf8').split('\n')) {
    const m = line.match(/^(\d+) /);
    if (m) lastAt = Math.max(lastAt, Number(m[1]));
  }
  return { last: utterances().at(-1), lastAt };
}

// ---- the player's keyboard: real X key events --------------------------------------------------

let window = null;

/** Types `text` as a person would (a key every `delayMs`), then Enter if `enter`. */
async function type(text, { delayMs = 110, enter = true } = {}) {
  execFileSync('xdotool', ['windowfocus', '--sync', window]);
  if (text) await run('xdotool', ['type', '--window', window, '--delay', String(delayMs), text]);
  if (enter) await run('xdotool', ['key', '--window', window, 'Return']);
}

// ---- the opponent: a WebSocket in a plain page ------------------------------------------------

/** The opponent's page (a plain headless browser, out of Orca's sight). */
let opponent;

/** The opponent greets `game` as Black on his page's WebSocket; his answers are kept by id. */
async function opponentSits(game) {
  await opponent.evaluate(
    ([path, token]) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}${path}`);
        window.hamleWs = ws;
        window.hamleAcks ??= {};
        ws.onmessage = (e) => {
          const msg = JSON.parse(e.data);
          if (msg.type === 'welcome') resolve();
          if (msg.id) window.hamleAcks[msg.id] = msg;
        };
        ws.onerror = () => reject(new Error('the opponent\'s WebSocket failed'));
        ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', v: 1, token }));
      }),
    [game.ws, game.tokens.black],
  );
}

// ---- the test ----------------------------------------------------------------------------------

describe('the blind player through Orca', { timeout: 180000 }, () => {
  let server;
  let playerBrowser;
  let opponentBrowser;
  let page;
  let game;

  before(async () => {
    assert.ok(
      transcriptPath,
      'HAMLE_ORCA_TRANSCRIPT is not set: start Orca first (eval "$(scripts/orca-headless.sh)"), or run scripts/test screen-reader',
    );
    server = await startServer();
    const res = await fetch(`${server.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        time_control: { base_seconds: 600, increment_seconds: 5 },
        white: { name: 'Anna', visually_impaired: true, board: 'normal' },
        black: { name: 'Ben' },
        languages: { white: 'de', black: 'en' },
      }),
    });
    assert.equal(res.status, 201, await res.clone().text());
    game = await res.json();

    // The opponent: a plain headless browser, out of Orca's sight (no accessibility bus).
    const plainEnv = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !['DBUS_SESSION_BUS_ADDRESS', 'ACCESSIBILITY_ENABLED', 'DISPLAY'].includes(k)),
    );
    opponentBrowser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
      env: plainEnv,
    });
    opponent = await opponentBrowser.newPage();
    await opponent.goto(`${server.url}/?lang=en`);
    await opponentSits(game);

    // The player: Chromium with a window on the X display, its accessibility tree for Orca.
    playerBrowser = await chromium.launch({
      executablePath: chromiumPath,
      headless: false,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--force-renderer-accessibility',
        '--window-position=0,0',
        '--window-size=1200,900',
      ],
      env: process.env,
    });
    const context = await playerBrowser.newContext({ viewport: null });
    // The player's screen reader speaks at the transcript's pace (40 ms a character): he says
    // so in the page's settings ("fast"), which the page's model of his reader's queue uses.
    await context.addInitScript(() => {
      if (location.protocol.startsWith('http')) localStorage.setItem('hamle-vi-reader-rate', 'fast');
    });
    page = await context.newPage();
    await liveScripts(page);
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(String(e)));
  });

  after(async () => {
    await playerBrowser?.close();
    await opponentBrowser?.close();
    await server?.stop();
  });

  /** The opponent plays `uci`; resolves when the server has acknowledged it. */
  let moveId = 0;
  async function opponentMoves(uci) {
    const id = `m${++moveId}`;
    await opponent.evaluate(
      ([id, uci]) =>
        new Promise((resolve, reject) => {
          window.hamleWs.send(JSON.stringify({ type: 'move', id, uci }));
          const started = Date.now();
          const poll = () => {
            const a = window.hamleAcks[id];
            if (a) return a.type === 'ack' ? resolve() : reject(new Error(`the server refused ${uci}: ${JSON.stringify(a)}`));
            if (Date.now() - started > 5000) return reject(new Error(`no answer to ${uci}`));
            setTimeout(poll, 20);
          };
          poll();
        }),
      [id, uci],
    );
  }

  /** The lines of the page's log (what the live region was given). */
  const log = () => page.locator('#log p').allTextContents();

  /** Waits until the page's log has a line matching `re` after the first `since`; returns it. */
  async function logLine(re, since = 0, timeoutMs = 8000) {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      const line = (await log()).slice(since).find((l) => re.test(l));
      if (line) return line;
      await sleep(50);
    }
    assert.fail(`the page never logged ${re}; its log: ${JSON.stringify((await log()).slice(-8))}\nOrca said:\n${transcriptText()}`);
  }

  /** Waits as a listener does before he types on: until the last sentence the page gave the
   * live region has been said to its end (at most `timeoutMs`; the final check reports what was
   * not heard), and Orca is quiet. */
  async function settled(from, timeoutMs = 10000) {
    const last = (await log()).at(-1) ?? '';
    const sentence = last.split(/(?<=[.!?])\s+/).filter(Boolean).at(-1) ?? '';
    const end = Date.now() + timeoutMs;
    while (sentence && !heard(sentence, from).length && Date.now() < end) await sleep(50);
    await waitQuiet();
  }

  /** The player types `text` and Enter; `move` is made when he has typed half of it, so that it
   * arrives while he is typing (checked: keys reached the page before and after it). */
  async function whileTyping(text, move) {
    await page.evaluate(() => {
      window.hamleTyping = [];
      if (window.hamleWatching) return;
      window.hamleWatching = true;
      const input = document.getElementById('command');
      input.addEventListener('keydown', (e) => window.hamleTyping.push({ at: Date.now(), key: e.key }));
      new MutationObserver((records) => {
        for (const r of records) {
          for (const n of r.addedNodes) window.hamleTyping.push({ at: Date.now(), line: n.textContent, input: input.value });
        }
      }).observe(document.getElementById('log'), { childList: true });
    });
    const half = Math.ceil(text.length / 2);
    await type(text.slice(0, half), { enter: false });
    await move();
    const movedAt = Date.now();
    await sleep(150);
    await type(text.slice(half));
    const keys = (await page.evaluate(() => window.hamleTyping)).filter((x) => x.key && x.key !== 'Enter');
    assert.ok(
      keys.some((k) => k.at < movedAt) && keys.some((k) => k.at > movedAt + 50),
      `the opponent's move (at ${movedAt}) did not arrive while the player typed ${JSON.stringify(text)}: his keys ${JSON.stringify(keys)}`,
    );
  }

  it('the greeting is heard once, in order, before the player types', async () => {
    t0 = Date.now();
    await page.goto(`${server.url}/vi?lang=de#game=${game.id}&token=${game.tokens.white}`);
    const ids = execFileSync('xdotool', ['search', '--onlyvisible', '--class', 'chromium']).toString().trim().split('\n');
    window = ids.at(-1);
    execFileSync('xdotool', ['windowfocus', '--sync', window]);
    await logLine(/Sie sind am Zug, Weiß/);
    await waitHeard('Sie sind am Zug, Weiß.', { from: t0, timeoutMs: 30000 });
    const turnHeard = heard('Sie sind am Zug, Weiß.', t0)[0];
    console.log(`# from opening the page to "Sie sind am Zug" heard to its end: ${turnHeard.doneAt - t0} ms`);
    // The greeting: its sentences as the page gave them to the live region, in the page's
    // order (one line or several). Orca first reads the page and the focused command line.
    const sentences = (await log()).flatMap((line) => line.split(/(?<=[.!?])\s+/)).filter(Boolean);
    for (const sentence of sentences) await waitHeard(sentence, { from: t0, timeoutMs: 30000 });
    await waitQuiet();
    const said = utterances().filter((u) => u.at >= t0 && u.done);
    let last = -1;
    for (const sentence of sentences) {
      const idx = said.map((u, i) => (u.text.includes(sentence) ? i : -1)).filter((i) => i >= 0);
      assert.equal(idx.length, 1, `the greeting's ${JSON.stringify(sentence)} was heard ${idx.length} times:\n${transcriptText(t0)}`);
      assert.ok(idx[0] >= last, `the greeting was heard out of order (the page's order: ${JSON.stringify(sentences)}):\n${transcriptText(t0)}`);
      last = idx[0];
    }
    assert.equal(await page.evaluate(() => document.activeElement.id), 'command');
  });

  it('every move is heard exactly once, in order, even while the player types', async () => {
    const from = Date.now();
    const moveLines = [];
    // A move's sentence in the log (alone, or in one line with what was said with it).
    const logged = async (re) => {
      const sentence = (await logLine(re, 0)).match(re)[0];
      moveLines.push(sentence);
      return sentence;
    };

    // 1. e4: typed and sent; his own move is said back.
    // He waits to hear each of his own moves before he types on.
    await type('e4');
    await waitHeard(await logged(/1, Weiß: Bauer Eva vier\./), { from });
    await settled(from);

    // 1... e5 arrives while he types a question about the square.
    await whileTyping('feld e5', () => opponentMoves('e7e5'));
    await logged(/1, Schwarz: Bauer Eva fünf\./);
    await logLine(/Eva fünf schwarzer Bauer$/);
    await settled(from);

    // 2. Nf3, heard; then 2... Nc6 arrives while he types his next question.
    await type('Springer Felix drei');
    await waitHeard(await logged(/2, Weiß: Springer Felix drei\./), { from });
    await settled(from);
    await whileTyping('zeit', () => opponentMoves('b8c6'));
    await logged(/2, Schwarz: Springer Cäsar sechs\./);
    await settled(from);

    // 3. d4, and 3... exd4 arrives while he listens.
    await type('Bauer David vier');
    await waitHeard(await logged(/3, Weiß: Bauer David vier\./), { from });
    await settled(from);
    await opponentMoves('e5d4');
    await logged(/3, Schwarz: Bauer Eva schlägt Bauer David vier\./);
    await settled(from);

    // The transcript: each move heard to its end exactly once, in the game's order.
    const said = utterances().filter((u) => u.at >= from && u.done);
    const problems = [];
    let last = -1;
    for (const line of moveLines) {
      const idx = said.map((u, i) => (u.text.includes(line) ? i : -1)).filter((i) => i >= 0);
      if (idx.length !== 1) problems.push(`${JSON.stringify(line)} heard ${idx.length} times`);
      else if (idx[0] < last) problems.push(`${JSON.stringify(line)} heard out of order`);
      if (idx.length) last = Math.max(last, idx[0]);
    }
    assert.deepEqual(
      problems,
      [],
      `not every move was heard once, in order.\nThe page's log: ${JSON.stringify(await log(), null, 1)}\nOrca said (ms since the page opened):\n${transcriptText(from)}`,
    );
    assert.deepEqual(page.errors, []);
  });
  // ---- issue 28: what a screen reader used to drop or say twice ---------------------------

  /** Each of `sentences` heard to its end exactly once since `from`, in this order. */
  function heardOnceInOrder(sentences, from) {
    const said = utterances().filter((u) => u.at >= from && u.done);
    const problems = [];
    let last = -1;
    for (const sentence of sentences) {
      const idx = said.map((u, i) => (u.text.includes(sentence) ? i : -1)).filter((i) => i >= 0);
      if (idx.length !== 1) problems.push(`${JSON.stringify(sentence)} heard ${idx.length} times`);
      else if (idx[0] < last) problems.push(`${JSON.stringify(sentence)} heard out of order`);
      if (idx.length) last = Math.max(last, idx[0]);
    }
    return problems;
  }

  async function assertHeardOnce(sentences, from) {
    // Whatever is still to be said is said first (a pause lets the page say what it holds).
    await sleep(2000);
    await waitQuiet();
    assert.deepEqual(
      heardOnceInOrder(sentences, from),
      [],
      `not heard once, in order.\nThe page's log: ${JSON.stringify((await log()).slice(-10), null, 1)}\nOrca said:\n${transcriptText(from)}`,
    );
  }

  it('a move that comes behind a long answer is heard once, with his next answer', async () => {
    const from = Date.now();
    await type('Springer schlaegt David vier');
    await waitHeard('4, Weiß: Springer schlägt Bauer David vier.', { from });
    await settled(from);
    // `figuren` is a long answer, read sentence by sentence; the move comes 2 s into it.
    const asked = Date.now();
    await type('figuren');
    await sleep(2000);
    await opponentMoves('g8f6');
    await logLine(/4, Schwarz: Springer Felix sechs\./);
    // He asks `wer` 6 s after `figuren`: his keys stop the reader before it reached the move.
    await sleep(Math.max(0, asked + 6000 - Date.now()));
    await type('wer');
    await assertHeardOnce(['4, Schwarz: Springer Felix sechs.', 'Sie sind am Zug, Weiß.'], from);
  });

  it('a move that comes behind the focus speech, and the board explored by arrows and letters', async () => {
    const from = Date.now();
    await type('Springer Caesar drei');
    await waitHeard('5, Weiß: Springer Cäsar drei.', { from });
    await settled(from);
    // `brett Eva zwei`: the focus moves to the board; Orca reads the square (and enters its
    // focus mode: the page's keys reach the page). The move comes while it reads.
    await type('brett Eva zwei');
    await opponentMoves('f8b4');
    await logLine(/5, Schwarz: Läufer Bella vier\./);
    await sleep(600);
    // Up: the next square, said alone; K: to his king; S: the rank, from the live region.
    const keysFrom = Date.now();
    execFileSync('xdotool', ['key', '--window', window, 'Up']);
    await page.waitForFunction(() => document.activeElement?.dataset?.square === 'e3', null, { timeout: 5000 });
    await waitHeard('Eva drei leer', { from: keysFrom });
    await sleep(300);
    execFileSync('xdotool', ['key', '--window', window, 'k']);
    await page.waitForFunction(() => document.activeElement?.dataset?.square === 'e1', null, { timeout: 5000 });
    await waitHeard('Eva eins weißer König', { from: keysFrom });
    // Each square is said as its square and piece alone: no role, row or column added.
    const squares = utterances().filter((u) => u.at >= keysFrom && /^Eva (drei|eins)/.test(u.text));
    for (const u of squares) assert.match(u.text, /^Eva (drei leer|eins weißer König)\.?$/, transcriptText(keysFrom));
    const extra = utterances().filter((u) => u.at >= keysFrom && /^(row|column|Zeile|Spalte) \d/.test(u.text));
    assert.deepEqual(extra.map((u) => u.text), [], transcriptText(keysFrom));
    await assertHeardOnce(['5, Schwarz: Läufer Bella vier.'], from);
    execFileSync('xdotool', ['key', '--window', window, 's']);
    await waitHeard('Reihe eins', { from: keysFrom });
    execFileSync('xdotool', ['key', '--window', window, 'Escape']);
    await page.waitForFunction(() => document.activeElement?.id === 'command', null, { timeout: 5000 });
    await waitQuiet();
  });

  it('an instant reply is heard once, not again with his next answer', async () => {
    const from = Date.now();
    await type('Ld2');
    await logLine(/6, Weiß: Läufer David zwei\./);
    await opponentMoves('b4c3');
    await logLine(/6, Schwarz: Läufer schlägt Springer Cäsar drei\./);
    await settled(from);
    await sleep(500);
    await type('zeit');
    await logLine(/Weiß: .*Schwarz: /, (await log()).length - 1);
    await assertHeardOnce(['6, Weiß: Läufer David zwei.', '6, Schwarz: Läufer schlägt Springer Cäsar drei.'], from);
  });

  it('a premove: kept, said, and played at once after the opponent\'s move, each heard once', async () => {
    const from = Date.now();
    await type('Lxc3');
    await waitHeard('7, Weiß: Läufer schlägt Läufer Cäsar drei.', { from });
    await settled(from);
    await type('Dame Eva zwei');
    await waitHeard('Vorgemerkt: Dame Eva zwei.', { from });
    await settled(from);
    await opponentMoves('e8g8');
    await logLine(/8, Weiß: Dame Eva zwei\./);
    await assertHeardOnce(['Vorgemerkt: Dame Eva zwei.', '7, Schwarz: Kurze Rochade.', '8, Weiß: Dame Eva zwei.'], from);
  });

  /** A new game from `fen` (White: this player, German; Black: the opponent), its page open. */
  async function newGame(fen) {
    const res = await fetch(`${server.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fen,
        time_control: { base_seconds: 600, increment_seconds: 5 },
        white: { name: 'Anna', visually_impaired: true, board: 'normal' },
        black: { name: 'Ben' },
        languages: { white: 'de', black: 'en' },
      }),
    });
    assert.equal(res.status, 201, await res.clone().text());
    const g = await res.json();
    await opponent.evaluate(() => window.hamleWs.close());
    await opponentSits(g);
    // A new document (only the link's fragment differs: a plain goto would stay on the page).
    await page.goto('about:blank');
    const from = Date.now();
    await page.goto(`${server.url}/vi?lang=de#game=${g.id}&token=${g.tokens.white}`);
    execFileSync('xdotool', ['windowfocus', '--sync', window]);
    await logLine(/Sie sind am Zug, Weiß/, 0, 15000); // the log is the new page's
    await waitHeard('Sie sind am Zug, Weiß.', { from, timeoutMs: 30000 });
    await waitQuiet();
    // The page's model of the reader's queue counts the page's title and focus speech before
    // the greeting at the player's rate, and may be a second or two behind Orca: a key pressed
    // before the model's end says the greeting again with the next line ("Inzwischen: …", as
    // designed; seen in CI). A player's first move comes later than that.
    await sleep(3000);
  }

  it('his mate: the move, then the end, in one line, each heard once', async () => {
    await newGame('k7/7Q/1K6/8/8/8/8/8 w - - 0 1');
    const from = Date.now();
    await type('Dame Anna sieben');
    const line = await logLine(/1, Weiß: Dame Anna sieben, matt\./);
    assert.match(line, /^1, Weiß: Dame Anna sieben, matt\. .*Schachmatt/, 'the move and the end are one line, the move first');
    await assertHeardOnce(['1, Weiß: Dame Anna sieben, matt.', 'Schachmatt'], from);
  });

  it('his opponent\'s mate: the move, then the end, in one line, each heard once', async () => {
    await newGame('r5k1/8/8/8/8/1P6/5PPP/6K1 w - - 0 1');
    const from = Date.now();
    await type('Bauer Bella vier');
    await waitHeard('1, Weiß: Bauer Bella vier.', { from });
    await settled(from);
    await opponentMoves('a8a1');
    const line = await logLine(/1, Schwarz: Turm Anna eins, matt\./);
    assert.match(line, /^1, Schwarz: Turm Anna eins, matt\. .*Schachmatt/, 'the move and the end are one line, the move first');
    await assertHeardOnce(['1, Schwarz: Turm Anna eins, matt.', 'Schachmatt'], from);
    assert.deepEqual(page.errors, []);
    // The transcript of the whole run, for the record (docs/screen-reader.md).
    console.log(`# the whole transcript (ms since the first page opened):\n${transcriptText(t0)}`);
  });
});
