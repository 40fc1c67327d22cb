// One seat's WebSocket to the game (docs/protocol.md): greeting, numbered events, requests
// answered by ack or error, reconnecting from the last event seen. Unknown event kinds and
// message types are passed on untouched, so the protocol can grow without breaking a page.
// A heartbeat (the protocol's `ping`, every HEARTBEAT_MS) notices a connection that went silent
// (the network cut, the server stopped) without any key pressed: after SILENT_MS with nothing
// from the server the connection counts as lost, the socket is dropped and a new one is tried;
// a greeting that does not come within GREETING_MS counts as a failed attempt. While it is down
// no request is sent (each is refused at once, never queued and sent later).

import { START_FEN } from './chess.js';

/** How often the page pings the server while connected. */
export const HEARTBEAT_MS = 1000;
/** A ping unanswered for this long: no request is sent any more. */
export const SUSPECT_MS = 1500;
/** A ping unanswered for this long: the connection is lost. */
export const SILENT_MS = 4000;
/** A new socket that is not greeted (`welcome`) within this long is given up and tried again. */
export const GREETING_MS = 5000;
/** The longest wait between two attempts to connect again. */
export const RETRY_MAX_MS = 3000;

/** The game id and token from the link's fragment (`#game=…&token=…`), never sent to the server. */
export function seatLink() {
  const params = new URLSearchParams(location.hash.slice(1));
  const game = params.get('game');
  const token = params.get('token');
  return game && token ? { game, token } : null;
}

export class GameConnection extends EventTarget {
  constructor({ game, token, lang, captured }) {
    super();
    this.gameId = game;
    this.token = token;
    this.lang = lang;
    /** Moves said with the piece they capture (the protocol's `captured`); undefined: the
     * seat's default. */
    this.captured = captured;
    this.seq = 0;
    this.seat = null;
    this.info = null; // the last full state (names, seats, languages, time control)
    this.moves = []; // {ply, number, color, by, uci, san, short, full, fen}
    this.fen = START_FEN;
    this.turn = 'white';
    this.status = 'playing';
    this.result = null;
    this.endReason = null;
    this.clock = { white_ms: 0, black_ms: 0, running: null };
    this.clockAt = performance.now();
    this.pending = new Map();
    this.nextId = 1;
    this.ws = null;
    this.closed = false;
    this.retry = 0;
    this.refreshTimer = null;
    this.voice = false; // whether the server has a speech recogniser (welcome.voice)
    this.endText = null;
    this.online = false; // greeted, and no ping unanswered for SILENT_MS
    this.wasOnline = false; // greeted at least once (so a later greeting is a reconnection)
    this.unansweredSince = null; // performance.now() of the first ping nothing answered yet
    this.heartbeat = null;
    this.greetingTimer = null;
    this.retryTimer = null;
  }

  connect() {
    this.retryTimer = null;
    if (this.closed) return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(this.gameId)}/ws`);
    this.ws = ws;
    // Only the current socket speaks: one given up (silent, or replaced by a new attempt) is
    // closed and its late messages and close are ignored.
    ws.addEventListener('open', () => {
      if (ws !== this.ws) return;
      const hello = { type: 'hello', v: 1, token: this.token, since: this.seq, lang: this.lang };
      if (typeof this.captured === 'boolean') hello.captured = this.captured;
      ws.send(JSON.stringify(hello));
    });
    ws.addEventListener('message', (e) => {
      if (ws !== this.ws) return;
      this.unansweredSince = null;
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      this.receive(msg);
    });
    ws.addEventListener('close', (e) => {
      if (ws !== this.ws) return;
      const final = [4401, 4409, 1008, 1009].includes(e.code) || this.closed;
      this.down({ final, code: e.code, reason: e.reason });
    });
    clearTimeout(this.greetingTimer);
    this.greetingTimer = setTimeout(() => {
      if (ws === this.ws && !this.online) this.down({ final: false, code: 0, reason: 'greeting' });
    }, GREETING_MS);
  }

  /** The connection is down: pending requests are refused, the socket is dropped, the page is
   * told (`connection` with `up: false`, `lost` when it had been up), and unless it is final a
   * new attempt follows. */
  down({ final, code, reason }) {
    const wasUp = this.online;
    this.online = false;
    clearInterval(this.heartbeat);
    this.heartbeat = null;
    clearTimeout(this.greetingTimer);
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState <= WebSocket.OPEN) {
      try {
        ws.close(1000);
      } catch {
        // already closing
      }
    }
    // Sent, but no answer came: the page says so (what happened is told after reconnecting).
    for (const [, p] of this.pending) p.reject({ code: 'game_unavailable', message: '', lost: true });
    this.pending.clear();
    this.emit('connection', { up: false, final, lost: wasUp, code, reason });
    if (!final && !this.retryTimer) {
      const delay = Math.min(RETRY_MAX_MS, 500 * 2 ** this.retry);
      this.retry += 1;
      this.retryTimer = setTimeout(() => this.connect(), delay);
    }
  }

  /** Pings the server every HEARTBEAT_MS; a ping that nothing answers for SILENT_MS takes the
   * connection down. (Counted from the ping, not from the last message: a background tab whose
   * timers the browser slows down is not taken for a lost connection.) */
  startHeartbeat() {
    clearInterval(this.heartbeat);
    this.unansweredSince = null;
    this.heartbeat = setInterval(() => {
      if (!this.online) return;
      const now = performance.now();
      if (this.unansweredSince !== null && now - this.unansweredSince > SILENT_MS) {
        this.down({ final: false, code: 0, reason: 'silent' });
        return;
      }
      this.unansweredSince ??= now;
      this.ws.send(JSON.stringify({ type: 'ping', id: `p${this.nextId++}` }));
    }, HEARTBEAT_MS);
  }

  close() {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.greetingTimer);
    clearTimeout(this.retryTimer);
    this.ws?.close(1000);
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  receive(msg) {
    switch (msg.type) {
      case 'welcome':
        this.seat = msg.seat;
        this.lang = msg.lang;
        this.voice = msg.voice === true;
        this.retry = 0;
        clearTimeout(this.greetingTimer);
        this.online = true;
        this.startHeartbeat();
        this.emit('connection', { up: true, welcome: msg, again: this.wasOnline });
        this.wasOnline = true;
        // Names, seats and the rest: the events alone do not carry them.
        this.request({ type: 'state' }).catch(() => {});
        break;
      case 'state':
        this.applyState(msg.state);
        this.settle(msg);
        break;
      case 'event':
        this.applyEvent(msg);
        break;
      case 'ack': {
        const p = this.pending.get(String(msg.id));
        if (p) {
          this.pending.delete(String(msg.id));
          p.resolve(msg);
        }
        break;
      }
      case 'error': {
        const p = msg.id === undefined ? null : this.pending.get(String(msg.id));
        if (p) {
          this.pending.delete(String(msg.id));
          p.reject(msg);
        } else {
          this.emit('servererror', msg);
        }
        break;
      }
      case 'pong':
        // The heartbeat's answer (every message clears unansweredSince); a page's own ping resolves.
        this.settle(msg);
        break;
      default:
        if (!this.settle(msg)) this.emit('other', msg);
    }
  }

  /** Resolves the request a message answers (a `state` or `pong` carrying its id). */
  settle(msg) {
    const p = msg.id === undefined ? null : this.pending.get(String(msg.id));
    if (!p) return false;
    this.pending.delete(String(msg.id));
    p.resolve(msg);
    return true;
  }

  applyState(state) {
    this.info = state;
    if (state.seq >= this.seq) {
      this.seq = state.seq;
      this.fen = state.fen;
      this.turn = state.turn;
      this.status = state.status;
      this.result = state.result;
      this.endReason = state.end_reason;
      this.setClock(state.clock);
      // Moves we have no event for (after a resync) are known by their SAN only.
      for (const m of state.moves) {
        const known = this.moves.find((k) => k.ply === m.ply);
        if (!known) {
          this.moves.push({ ply: m.ply, number: m.number, by: m.by, color: m.color, uci: m.uci, san: m.san, short: m.san, full: m.san, fen: m.fen });
        } else if (!known.fen) known.fen = m.fen;
      }
      this.moves.sort((a, b) => a.ply - b.ply);
      this.moves = this.moves.filter((m) => m.ply <= state.moves.length);
    }
    this.emit('state', state);
  }

  applyEvent(ev) {
    if (ev.seq <= this.seq) return;
    this.seq = ev.seq;
    if (ev.clock) this.setClock(ev.clock);
    switch (ev.kind) {
      case 'move':
        this.moves = this.moves.filter((m) => m.ply !== ev.ply);
        this.moves.push({ ply: ev.ply, number: ev.number, by: ev.by, color: ev.color, uci: ev.uci, san: ev.san, short: ev.short, full: ev.full, fen: ev.fen });
        this.moves.sort((a, b) => a.ply - b.ply);
        this.fen = ev.fen;
        this.turn = ev.turn;
        break;
      case 'taken_back':
        // A practice game's take-back (issue 34): the game went back to the position after
        // `ply` half-moves.
        this.moves = this.moves.filter((m) => m.ply <= ev.ply);
        this.fen = ev.fen;
        this.turn = ev.turn;
        break;
      case 'pause':
        this.status = 'paused';
        break;
      case 'resume':
      case 'started':
        this.status = 'playing';
        break;
      case 'end':
        this.status = 'over';
        this.result = ev.result;
        this.endReason = ev.reason;
        this.endText = ev.text || null; // the reason and the result, in the seat's language
        break;
      default:
        // A kind this page does not know yet: its text (if any) is still shown.
        if (ev.fen) this.fen = ev.fen;
    }
    this.emit('gameevent', ev);
    // The events do not carry the boards at the table: read them again (state.table).
    if (this.physical() && ev.kind !== 'private') this.refreshSoon();
  }

  /** Whether the game is played by the physical procedure (boards of their own). */
  physical() {
    return this.info?.rules?.procedure === 'physical';
  }

  /** Asks for the full state now; resolves when it has been applied (or the request failed). */
  refresh() {
    return this.request({ type: 'state' }).catch(() => null);
  }

  /** One state request for a burst of events. */
  refreshSoon() {
    if (this.refreshTimer) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      this.refresh();
    }, 30);
  }

  setClock(clock) {
    this.clock = { ...clock };
    this.clockAt = performance.now();
  }

  /** The clock now: milliseconds left for each side. */
  clockNow() {
    const elapsed = performance.now() - this.clockAt;
    const c = { ...this.clock };
    if (c.running === 'white') c.white_ms = Math.max(0, c.white_ms - elapsed);
    if (c.running === 'black') c.black_ms = Math.max(0, c.black_ms - elapsed);
    return c;
  }

  /** Whether a message may be sent now: greeted, the socket open, and no ping unanswered for
   * SUSPECT_MS (a message into a silent socket could arrive much later, or never). */
  usable() {
    const silent = this.unansweredSince !== null && performance.now() - this.unansweredSince > SUSPECT_MS;
    return this.online && this.ws?.readyState === WebSocket.OPEN && !silent;
  }

  /** Sends a client message; resolves with the `ack`, rejects with the `error` (at once, with
   * `game_unavailable`, when the connection is not usable). */
  request(msg) {
    const id = `w${this.nextId++}`;
    return new Promise((resolve, reject) => {
      if (!this.usable()) {
        reject({ code: 'game_unavailable', message: '' });
        return;
      }
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  /** Sends a client message that gets no answer of its own (`voice_start`); false when the
   * connection is down. */
  sendRaw(msg) {
    if (!this.usable()) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /** Sends a binary frame (the audio of an utterance). */
  sendBinary(bytes) {
    if (!this.usable()) return false;
    this.ws.send(bytes);
    return true;
  }

  /** The side this seat plays for, if any. */
  side() {
    if (this.seat === 'white' || this.seat === 'white_assistant') return 'white';
    if (this.seat === 'black' || this.seat === 'black_assistant') return 'black';
    return null;
  }

  /** The player record of a side from the state (name, visually_impaired, …). */
  player(color) {
    return this.info?.[color] ?? null;
  }
}
