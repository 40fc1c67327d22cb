// Voice input by push-to-talk (docs/voice.md, docs/protocol.md "Voice input"): the player
// presses the talk key, speaks, presses it again. The microphone's audio is resampled here to
// 16 kHz mono 16-bit PCM and sent up the seat's WebSocket as binary frames between
// `voice_start` and `voice_end`; the server scores it against the position's legal moves and
// answers with `voice_result`: played, a question ("Springer Felix drei? Ja oder nein."), a
// command, or not understood. A question is answered by voice, by yes or no, or by picking one
// of the best three (`voice_answer`). Every sentence comes from Fluent (voice.ftl); a server
// without a recogniser (`welcome.voice` false) is said once per press, and nothing is recorded.

/** The sample rate the server takes. */
export const RATE = 16000;
/** Bytes of PCM per binary frame (128 ms). */
export const FRAME_BYTES = 4096;
/** How likely a spoken yes must be to answer the page's own questions (the server's play_at). */
export const PLAY_AT = 0.9;

/** Whether the best of `candidates` (best first, each with `p`) answers clearly: `PLAY_AT`
 * ahead of the next one (its probability beside the next one's) and twice as likely as all
 * the others together, as the server judges a yes (issue 32). */
export function clearAnswer(candidates) {
  const p = candidates?.[0]?.p ?? 0;
  const next = candidates?.[1]?.p ?? 0;
  return p > 0 && p / (p + next) >= PLAY_AT && p >= 2 * (1 - p);
}
/** The server's limit on one utterance; the page stops recording a little before it. */
export const MAX_SECONDS = 19;

/**
 * A streaming resampler to 16 kHz: windowed-sinc interpolation with its cut-off below the new
 * Nyquist frequency (so a 48 kHz microphone's high frequencies do not fold into speech).
 */
export class Resampler {
  constructor(inRate, outRate = RATE, halfWidth = 16) {
    this.step = inRate / outRate; // input samples per output sample
    this.half = Math.ceil(halfWidth * Math.max(1, this.step));
    // Cut-off relative to the input rate: 90 % of the output's Nyquist frequency (or of the
    // input's, when upsampling).
    this.cutoff = (0.9 * Math.min(inRate, outRate)) / 2 / inRate;
    this.buf = new Float32Array(0);
    this.offset = 0; // the input index of buf[0]
    this.pos = 0; // the input position of the next output sample
  }

  kernel(x) {
    // sinc at the cut-off, Hann window over [-half, half]
    const w = 0.5 + 0.5 * Math.cos((Math.PI * x) / this.half);
    const a = 2 * Math.PI * this.cutoff * x;
    return (x === 0 ? 2 * this.cutoff : Math.sin(a) / (Math.PI * x)) * w;
  }

  /** Takes input samples (floats in -1..1); returns the output samples they complete. */
  push(input) {
    const joined = new Float32Array(this.buf.length + input.length);
    joined.set(this.buf);
    joined.set(input, this.buf.length);
    this.buf = joined;
    return this.drain(false);
  }

  /** The samples still held back (the end of the utterance, padded with silence). */
  flush() {
    return this.drain(true);
  }

  drain(final) {
    const out = [];
    const end = this.offset + this.buf.length;
    while (final ? this.pos < end : this.pos + this.half < end) {
      const centre = Math.floor(this.pos);
      let acc = 0;
      for (let i = centre - this.half + 1; i <= centre + this.half; i++) {
        const j = i - this.offset;
        if (j < 0 || j >= this.buf.length) continue;
        const x = this.pos - i;
        if (Math.abs(x) >= this.half) continue;
        acc += this.buf[j] * this.kernel(x);
      }
      out.push(acc);
      this.pos += this.step;
    }
    // Keep what the next outputs still need.
    const keepFrom = Math.max(0, Math.floor(this.pos) - this.half - this.offset);
    if (keepFrom > 0) {
      this.buf = this.buf.slice(keepFrom);
      this.offset += keepFrom;
    }
    return Float32Array.from(out);
  }
}

/** Floats in -1..1 as signed 16-bit little-endian PCM. */
export function pcm16(samples) {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    view.setInt16(2 * i, Math.round(s < 0 ? s * 32768 : s * 32767), true);
  }
  return bytes;
}

/**
 * Push-to-talk for one seat. `hooks`: `tell(text, kind)` (the live region), `t(id, args)`
 * (Fluent), `mute(on)` (the page's own speech, silent while listening), `command(name)` (a
 * spoken command: time, draw, resign, repeat), `confirm(word)` ("yes" or "no" heard clearly:
 * true when it answered a question of the page's own, such as "resign?"), `error(err)` (a
 * refusal), `pressed(on)` (the talk button's state).
 */
export class PushToTalk {
  constructor(conn, hooks) {
    this.conn = conn;
    this.hooks = hooks;
    this.state = 'idle'; // idle, starting, recording, thinking
    this.question = false; // the server asked and waits for yes, no or a pick
    this.nextId = 1;
    this.conn.addEventListener('servererror', (e) => {
      if (e.detail?.code === 'voice_too_long' && this.state === 'recording') this.abort();
    });
    this.conn.addEventListener('gameevent', (e) => {
      // A question is asked in one position only.
      if (e.detail?.kind === 'move') this.question = false;
    });
  }

  /** Whether the server has a recogniser. */
  available() {
    return this.conn.voice === true;
  }

  /** The talk key: start listening, or stop and recognise. */
  async toggle() {
    if (this.state === 'recording') return this.stop();
    if (this.state !== 'idle') return undefined;
    if (!this.available()) {
      this.hooks.tell(this.hooks.t('error-voice-unavailable'), 'error');
      return undefined;
    }
    return this.start();
  }

  async start() {
    const { tell, t, mute } = this.hooks;
    this.state = 'starting';
    // Said before the page's own voice falls silent (a screen reader reads it in any case).
    tell(t('web-voice-listening'));
    mute(true);
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({
        // The browser's own processing changes speech in ways the recogniser was not trained
        // on (a fixture came through clipped with gain control on). Echo cancellation would
        // only remove the browser's own sound, and the page is silent while it listens.
        audio: { channelCount: 1, echoCancellation: false, noiseSuppression: false, autoGainControl: false },
      });
      this.ctx = new AudioContext();
      await this.ctx.audioWorklet.addModule('/web/voice-capture.js');
      this.source = this.ctx.createMediaStreamSource(this.stream);
      this.node = new AudioWorkletNode(this.ctx, 'hamle-capture', { numberOfOutputs: 0 });
    } catch (err) {
      this.release();
      this.state = 'idle';
      mute(false);
      tell(t('web-voice-no-mic', { reason: err?.message || String(err) }), 'error');
      return;
    }
    this.resampler = new Resampler(this.ctx.sampleRate);
    this.pending = new Uint8Array(0);
    this.sent = 0;
    this.id = `v${this.nextId++}`;
    this.conn.sendRaw({ type: 'voice_start', id: this.id, rate: RATE, format: 's16le' });
    this.node.port.onmessage = (e) => this.take(this.resampler.push(e.data));
    this.source.connect(this.node);
    this.state = 'recording';
    this.setPressed(true);
  }

  take(samples, final = false) {
    if (this.state !== 'recording' || !samples.length) return;
    const bytes = pcm16(samples);
    const joined = new Uint8Array(this.pending.length + bytes.length);
    joined.set(this.pending);
    joined.set(bytes, this.pending.length);
    let at = 0;
    while (joined.length - at >= FRAME_BYTES || (final && at < joined.length)) {
      const frame = joined.slice(at, at + FRAME_BYTES);
      this.conn.sendBinary(frame);
      this.sent += frame.length;
      at += frame.length;
    }
    this.pending = joined.slice(at);
    // The server refuses more than 20 s: stop before that, as if the key was pressed.
    if (!final && this.sent >= MAX_SECONDS * RATE * 2) this.stop();
  }

  release() {
    try {
      this.source?.disconnect();
    } catch {
      // already disconnected
    }
    if (this.node) this.node.port.onmessage = null;
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.ctx?.close().catch(() => {});
    this.source = this.node = this.stream = this.ctx = null;
    this.setPressed(false);
  }

  /** Drops the utterance (the server refused it as too long and said so). */
  abort() {
    this.release();
    this.state = 'idle';
    this.hooks.mute(false);
  }

  async stop() {
    const { tell, t, mute } = this.hooks;
    this.take(this.resampler.flush(), true);
    this.release();
    this.state = 'thinking';
    mute(false);
    tell(t('web-voice-thinking'));
    try {
      await this.answered(await this.conn.request({ type: 'voice_end' }));
    } catch (err) {
      this.hooks.error(err);
    } finally {
      this.state = 'idle';
    }
  }

  /** Answers the open question by key or typed word: 0 yes (the candidate asked about), 1 and
   * 2 the others offered, null no. */
  async answer(pick) {
    this.question = false;
    try {
      await this.answered(await this.conn.request({ type: 'voice_answer', pick }));
    } catch (err) {
      this.hooks.error(err);
    }
  }

  /** What the server decided (`voice_result`). */
  async answered(result) {
    const { tell } = this.hooks;
    const best = result.candidates?.[0];
    // A yes or no to the page's own question (draw, resign…), heard as clearly as the server
    // wants a yes to its own question (`Policy::decide`, docs/voice.md): `PLAY_AT` ahead of
    // the next candidate, and twice as likely as all the others together.
    if (best?.kind === 'command' && ['yes', 'no'].includes(best.command) && clearAnswer(result.candidates) && this.hooks.confirm(best.command)) return;
    switch (result.decision) {
      case 'played':
        // The move's event follows and is said like every move.
        this.question = false;
        break;
      case 'ask':
        this.question = true;
        tell(result.message, 'question');
        break;
      case 'not_understood':
        this.question = (result.candidates?.length ?? 0) > 0;
        tell(result.message, this.question ? 'question' : 'error');
        break;
      case 'command':
        this.question = false;
        await this.hooks.command(result.command);
        break;
      default:
        this.question = false;
        if (result.message) tell(result.message);
    }
  }

  setPressed(on) {
    this.hooks.pressed?.(on);
  }
}
