// Voice input by push-to-talk on the blind player's page (docs/voice.md). Without a recogniser
// the talk key says once that the server has none, and typing goes on as before. With Whisper
// (installed by scripts/voice-setup; scripts/test installs it) Chromium's fake microphone
// plays a committed espeak-ng fixture: the blind player presses F2, the page listens (the
// live region says so), F2 again, and the move is played, or asked about and confirmed with
// "ja". The resampler to 16 kHz is checked on its own. Run: see e2e.test.js.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session } from './session.js';
import { Resampler, pcm16 } from '../src/server/web/assets/voice.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The recogniser scripts/voice-setup installs (or HAMLE_VOICE_MODEL / HAMLE_VOICE_PYTHON). */
function installedModel() {
  const model = process.env.HAMLE_VOICE_MODEL || join(root, '.venv-voice/whisper-base');
  const python = process.env.HAMLE_VOICE_PYTHON || join(root, '.venv-voice/bin/python');
  return existsSync(join(model, 'model.bin')) && existsSync(python) ? { model, python } : null;
}

// ---- the resampler, without a browser ---------------------------------------------------

function sine(rate, freq, seconds) {
  const n = Math.round(rate * seconds);
  const s = new Float32Array(n);
  for (let i = 0; i < n; i++) s[i] = 0.5 * Math.sin((2 * Math.PI * freq * i) / rate);
  return s;
}

/** Resamples in blocks of 128 (an AudioWorklet's) and returns the RMS gain of the middle. */
function gain(rate, freq) {
  const r = new Resampler(rate);
  const input = sine(rate, freq, 1);
  const out = [];
  for (let i = 0; i < input.length; i += 128) out.push(...r.push(input.subarray(i, i + 128)));
  out.push(...r.flush());
  const mid = out.slice(2000, 14000);
  const rms = Math.sqrt(mid.reduce((a, x) => a + x * x, 0) / mid.length);
  return { n: out.length, gain: rms / (0.5 / Math.SQRT2) };
}

describe('the microphone resampled to 16 kHz', () => {
  it('keeps speech frequencies, removes what would fold over, keeps the length', () => {
    for (const rate of [48000, 44100, 16000]) {
      const speech = gain(rate, 1000);
      assert.ok(Math.abs(speech.n - 16000) <= 1, `${rate}: ${speech.n} samples`);
      assert.ok(Math.abs(speech.gain - 1) < 0.01, `${rate}: 1 kHz gain ${speech.gain}`);
      if (rate > 16000) {
        for (const high of [9000, 12000, 15000]) {
          assert.ok(gain(rate, high).gain < 0.01, `${rate}: ${high} Hz passes (${gain(rate, high).gain})`);
        }
      }
    }
  });

  it('writes signed 16-bit little endian, clipped', () => {
    assert.deepEqual([...pcm16(Float32Array.from([0, 1, -1, 2, -0.5]))], [0, 0, 0xff, 0x7f, 0, 0x80, 0xff, 0x7f, 0, 0xc0]);
  });
});

// ---- the page ---------------------------------------------------------------------------

/** Creates a game from the lobby's origin (the server checks Origin); returns its id and tokens. */
async function createGame(page, body) {
  return page.evaluate(async (b) => {
    const r = await fetch('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
    if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
    return r.json();
  }, body);
}

/** Waits up to `ms` until a line of the blind player's log after the first `since` matches. */
async function waitLine(page, pattern, since, ms) {
  try {
    const handle = await page.waitForFunction(
      ([source, flags, from]) => {
        const re = new RegExp(source, flags);
        // A line said as several sentences (`data-parts`) counts as each, as `session.lines()`.
        const parts = [...document.querySelectorAll('#log p')].flatMap((p) => (p.dataset.parts ? JSON.parse(p.dataset.parts) : [p.textContent]));
        return parts.slice(from).find((t) => re.test(t)) ?? false;
      },
      [pattern.source, pattern.flags, since],
      { timeout: ms, polling: 100 },
    );
    return await handle.jsonValue();
  } catch (err) {
    const lines = await page.locator('#log p').evaluateAll((ps) => ps.flatMap((p) => (p.dataset.parts ? JSON.parse(p.dataset.parts) : [p.textContent])));
    assert.fail(`the log never said ${pattern} within ${ms} ms (${err.message.split('\n')[0]}); it said: ${JSON.stringify(lines.slice(since))}`);
  }
}

describe('voice input without a recogniser', { timeout: 120000 }, () => {
  const session = new Session();
  let server;
  session.useServer((s) => (server = s));

  it('the talk key says once that there is none; the page works as before', async () => {
    const lobby = await session.newPage(`${server.url}/?lang=de`);
    const game = await createGame(lobby, { white: { name: 'Anna', visually_impaired: true }, black: { name: 'Ben' } });
    const page = await session.newPage(`${server.url}/vi?lang=de#game=${game.id}&token=${game.tokens.white}`);
    session.pages.blind = page;
    await session.hear(/Sie sind am Zug, Weiß/);
    assert.equal(await page.locator('#talk').isHidden(), true);
    assert.ok(!(await session.lines()).some((l) => /F2/.test(l)), 'no talk key announced without a recogniser');
    const before = (await session.lines()).length;
    await page.keyboard.press('F2');
    await session.hear(/^Die Spracheingabe ist auf diesem Server nicht eingerichtet\.$/, before);
    await page.waitForTimeout(500);
    // Said once (the greeting, cut off by his key before the page thinks it was said to its
    // end, may come again first: "Inzwischen: …").
    const after = (await session.lines()).slice(before).filter((l) => !/^Inzwischen: Verbunden\./.test(l));
    assert.equal(after.length, 1, JSON.stringify(after));
    // The command line still has the focus, and typing plays.
    assert.equal(await page.evaluate(() => document.activeElement.id), 'command');
    await session.blindTypes('Springer Felix drei', /^1, Weiß: Springer Felix drei\.$/);
    await session.axe('blind', 'no recogniser');
    assert.deepEqual(page.errors, []);
  });
});

// The fixture the fake microphone plays: White's first move, said by espeak-ng (clean).
const FIXTURE = { file: 'tests/data/voice/clean/de-000.wav', fen: null, line: /^1, Weiß: Bauer Felix vier\.$/ };

/** The fixture with silence around it, as the WAV file Chromium plays as the microphone
 * (once: `%noloop`); returns its path and length in ms. */
function microphoneFile() {
  const wav = readFileSync(join(root, FIXTURE.file));
  const pcm = wav.subarray(44);
  const silence = (ms) => Buffer.alloc(Math.round((16000 * ms) / 1000) * 2);
  const data = Buffer.concat([silence(400), pcm, silence(800)]);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16000, 24);
  header.writeUInt32LE(32000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  const path = join(mkdtempSync(join(tmpdir(), 'hamle-mic-')), 'mic.wav');
  writeFileSync(path, Buffer.concat([header, data]));
  return { path, ms: Math.round((data.length / 32000) * 1000) };
}

const model = installedModel();
const required = process.env.HAMLE_VOICE_TESTS === 'required';
const skip = model || required ? false : 'no speech recogniser installed (eval "$(scripts/voice-setup)")';

describe('voice input with Whisper: the move said into the microphone', { timeout: 600000, skip }, () => {
  const mic = microphoneFile();
  const session = new Session();
  let server;
  session.useServer((s) => (server = s), {
    server: model ? { args: ['--voice-model', model.model, '--voice-python', model.python], timeoutMs: 300000 } : {},
    browser: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${mic.path}%noloop`],
  });

  it('F2, the move, F2: played, or asked and confirmed with "ja"', async () => {
    assert.ok(model, 'HAMLE_VOICE_TESTS=required, but no recogniser is installed (scripts/voice-setup)');
    const lobby = await session.newPage(`${server.url}/?lang=de`);
    const game = await createGame(lobby, { white: { name: 'Anna', visually_impaired: true }, black: { name: 'Ben' } });
    const page = await session.newPage(`${server.url}/vi?lang=de#game=${game.id}&token=${game.tokens.white}`);
    session.pages.blind = page;
    // What the page sends up, kept for a look when the test fails.
    await page.evaluate(() => {
      window.sentAudio = [];
      const send = WebSocket.prototype.send;
      WebSocket.prototype.send = function (data) {
        if (typeof data !== 'string') window.sentAudio.push(...new Uint8Array(data.buffer ?? data));
        return send.call(this, data);
      };
    });
    // The talk key is announced in the greeting, in a few words (the whole instruction is the
    // button's description and in `hilfe`), and the button says it.
    await session.hear(/F2 zum Sprechen\.$/);
    assert.match(await page.locator('#talk-hint').textContent(), /F2 drücken, den Zug sagen, F2 noch einmal drücken/);
    const talk = page.locator('#talk');
    assert.equal(await talk.isVisible(), true);
    assert.equal(await talk.getAttribute('aria-keyshortcuts'), 'F2');
    await session.hear(/Sie sind am Zug, Weiß/);
    await session.axe('blind', 'voice input');

    // The page's own voice on, its speech recorded instead of said.
    await page.evaluate(() => {
      window.spoken = [];
      speechSynthesis.speak = (u) => window.spoken.push(u.text);
      speechSynthesis.cancel = () => window.spoken.push('(cancel)');
    });
    await page.locator('#speak').check();
    await session.hear(/^Der Browser spricht\.$/);
    await page.locator('#command').focus();
    // What the voice said so far (the greeting may come again first: the click cut it off).
    await page.evaluate(() => {
      window.spoken = [];
    });

    const before = (await session.lines()).length;
    await page.keyboard.press('F2');
    await waitLine(page, /^Ich höre zu\. Wenn Sie fertig sind, F2 drücken\.$/, before, 10000);
    await page.waitForFunction(() => document.getElementById('talk').getAttribute('aria-pressed') === 'true');
    // While it listens the page's own voice is silent: what it has to say waits.
    const started = Date.now();
    await session.blindTypes('wer', /Sie sind am Zug, Weiß/);
    const spoken = await page.evaluate(() => window.spoken);
    assert.equal(spoken.at(-1), '(cancel)', JSON.stringify(spoken));
    assert.ok(!spoken.some((x) => /Sie sind am Zug/.test(x)), JSON.stringify(spoken));
    await page.waitForTimeout(Math.max(0, mic.ms + 600 - (Date.now() - started)));
    await page.keyboard.press('F2');
    await waitLine(page, /^Einen Moment\.$/, before, 10000);
    assert.equal(await talk.getAttribute('aria-pressed'), 'false');
    // Said now that it no longer listens.
    await page.waitForFunction(() => window.spoken.some((x) => /Sie sind am Zug/.test(x)));
    // Played at once, or asked ("Bauer Felix vier? Ja oder nein. Zur Wahl: 1 …").
    const heard = await waitLine(page, /^1, Weiß: |\? Ja oder nein\.|nicht verstanden|Spracherkennung/, before, 300000);
    const audio = await page.evaluate(() => window.sentAudio.length);
    if (process.env.HAMLE_VOICE_DEBUG) {
      const bytes = await page.evaluate(() => window.sentAudio);
      writeFileSync(join(tmpdir(), 'hamle-sent.pcm'), Buffer.from(bytes));
    }
    assert.ok(audio > 16000, `only ${audio} bytes of audio sent`);
    if (/Ja oder nein/.test(heard)) {
      // Asked about the move said: "ja" plays it.
      assert.match(heard, /^Bauer Felix vier\? Ja oder nein\. Zur Wahl: 1 Bauer Felix vier, 2 /);
      const asked = (await session.lines()).length;
      await page.keyboard.type('ja');
      await page.keyboard.press('Enter');
      await waitLine(page, FIXTURE.line, asked, 30000);
    } else if (/nicht verstanden/.test(heard)) {
      // Not sure enough to ask, but the move said is first of the three offered: "1" plays it.
      assert.match(heard, /^Das habe ich nicht verstanden\. Zur Wahl: 1 Bauer Felix vier, 2 /);
      const asked = (await session.lines()).length;
      await page.keyboard.type('1');
      await page.keyboard.press('Enter');
      await waitLine(page, FIXTURE.line, asked, 30000);
    } else {
      assert.match(heard, FIXTURE.line);
    }
    console.log(`voice: ${heard}`);
    assert.deepEqual(page.errors, []);
  });
});
