// The visually impaired player's page: a command line for announcements (sent to the server
// as `announce`, in the player's language) and short commands answered in the log, which is
// a polite live region his screen reader reads; a board explorable by keyboard; optional
// browser speech and microphone; push-to-talk (F2) to the server's speech recogniser
// (voice.js). In a game by the physical procedure the board is his own (tactile) board:
// lifting, placing and removing pieces are commands and keys (L, P, X), and after each of his
// own steps the live region says what his move still needs (F4 / D.2.3).
// The time comes from the server's talking clock, so that it is recorded (F5).
// The connection is watched (conn.js's heartbeat): its loss, the attempts and its return are
// said without a key pressed, and a line typed while it is down is refused at once. Earcons
// (earcons.js) mark the opponent's move, check, the board's edge, a pick-up and the end. What
// was said while the player typed (his key echo may have cut it off in the screen reader) is
// said again before his next answer ("Inzwischen: …"). What comes while he types waits for his
// Enter or a pause (see `tell`): a screen reader stops speaking at every key. When the arbiter
// adjourns the game and he is to move, he seals his move here (`abgabe …`, then `anhalten`).
// Against the computer (issue 34): a new game from the page itself (`computer 3`, or the form
// shown while the page has no game), and the practice aids `tipp`, `bewertung`, `zurück`.

import { loadStrings, sentences, t, lang, squareWords } from './i18n.js';
import {
  parseFen, squareName, fileName, rankName, pieceName, colorName, coloredPiece, describeSquare,
  list, FILES, RANKS, ROLES, COLORS, isPromotion,
} from './chess.js';
import { GameConnection, seatLink } from './conn.js';
import {
  say, setupLanguageMenu, moveLine, errorText, eventText, statusText, showConnection, playersTitle,
  clockWords, renderScoresheet, runClocks,
} from './ui.js';
import { BoardView, choosePromotion, uciOf } from './boardview.js';
import { Earcons } from './earcons.js';
import { Delivery, RATES, focusSpeechChars } from './delivery.js';
import { Voice, recognitionClass, listenOnce } from './speech.js';
import { PushToTalk } from './voice.js';
import { boardActions, boardOf, handOf, madeStatus, madeText, obligationText, placementPieces, turnOf } from './table.js';

/** The commands and the message holding each one's words (space-separated) in this language. */
const COMMANDS = {
  help: 'web-cmd-help',
  time: 'web-cmd-time',
  last: 'web-cmd-last',
  again: 'web-cmd-again',
  pieces: 'web-cmd-pieces',
  rank: 'web-cmd-rank',
  file: 'web-cmd-file',
  square: 'web-cmd-square',
  turn: 'web-cmd-turn',
  draw: 'web-cmd-draw',
  resign: 'web-cmd-resign',
  claim: 'web-cmd-claim',
  adjust: 'web-cmd-adjust',
  correct: 'web-cmd-correct',
  board: 'web-cmd-board',
  lift: 'web-cmd-lift',
  place: 'web-cmd-place',
  remove: 'web-cmd-remove',
  press: 'web-cmd-press',
  status: 'web-cmd-status',
  warnings: 'web-cmd-warnings',
  moves: 'web-cmd-moves',
  material: 'web-cmd-material',
  captured: 'web-cmd-captured',
  seal: 'web-cmd-seal',
  sealStop: 'web-cmd-seal-stop',
  premove: 'web-cmd-premove',
  hint: 'web-cmd-hint',
  evaluation: 'web-cmd-eval',
  takeBack: 'web-cmd-take-back',
  computer: 'web-cmd-computer',
};

const $ = (id) => document.getElementById(id);

let conn;
let board;
let actions; // board events on the player's own board (physical procedure)
let warningsOn = false;
let voice;
let talk; // push-to-talk to the server's recogniser (voice.js)
let pending = null; // an action waiting for "yes"
let words = {}; // command name -> its words
let extra = {}; // yes, and the kinds of claim
let earcons;
/** The adjournment (Appendix A): the `adjournment_called` event until the sealed move is
 * opened, whether the envelope is closed, and the move he sealed (his side's text only). */
const adjournment = { called: null, adjourned: false, sealed: null };

function lower(s) {
  return s.toLocaleLowerCase(lang()).normalize('NFC');
}

function wordsOf(id) {
  return lower(t(id)).split(/\s+/).filter(Boolean);
}

/** Lines told while the player is typing (the command line holds text) are held: his screen
 * reader stops speaking at every key he presses (Orca also empties its queue of live-region
 * messages), so a line said while he types would be cut off. They are said, in order and
 * once, with the answer to the line he sends (or alone HOLD_ANSWER_MS after it if it has no
 * answer), or when he has paused for HOLD_IDLE_MS. What was said and then cut off by a key or
 * a focus change is said again the same way (`delivery.js`: the model of the reader's queue). */
const HOLD_IDLE_MS = 1500;
const HOLD_ANSWER_MS = 400;
let held = []; // {text, kind, important, again}
let holdTimer = null;
let delivery;

/** The order in which a line's kinds mark it on the page (the strongest first). */
const KIND_ORDER = ['error', 'question', 'end', 'theirs', 'mine', 'info'];

function tell(text, kind = 'info', { important = false, again = text } = {}) {
  if (!text) return;
  if ($('command').value !== '') {
    held.push({ text, kind, important, again });
    holdUntil(HOLD_IDLE_MS);
    return;
  }
  releaseHeld();
  delivery.tell(text, { kind, important, again });
}

/** Gives the held lines to the reader (after what it missed, before anything newer). */
function releaseHeld() {
  const lines = held;
  held = [];
  for (const h of lines) delivery.tell(h.text, h);
}

/** Says the held and the missed lines at `ms` from now (null: no timer). */
function holdUntil(ms) {
  clearTimeout(holdTimer);
  holdTimer = ms === null ? null : setTimeout(sayHeld, ms);
}

function sayHeld() {
  holdTimer = null;
  releaseHeld();
  // What he missed is said again when he pauses with nothing typed; while he holds a line,
  // with its answer.
  if ($('command').value === '') delivery.sayMissed();
}

/** A key in the command line: held lines wait until he pauses again. */
function stillTyping() {
  if (held.length) holdUntil(HOLD_IDLE_MS);
}

/** Tells a line he must not miss (the greeting, the opponent's move, the end): if his reader
 * is interrupted before it has said it to its end, it is said again ("Inzwischen: …"). */
function tellImportant(text, kind, again = text) {
  tell(text, kind, { important: true, again });
}

/** Any key or focus change: the reader stops speaking; what it had not finished is said
 * again once he pauses (or with his next answer). */
function interrupted(speechMs) {
  delivery.interrupt(speechMs);
  if (held.length || (delivery.hasMissed() && $('command').value === '')) holdUntil(HOLD_IDLE_MS);
}

/** Before the answer to his line: a `nochmal` or `letzte` says the moves anyway. */
function sayUnheard(command) {
  if (command === 'again' || command === 'last') delivery.dropMissed();
}

/** Which command a word names, if any. */
function commandOf(word) {
  for (const [name, ws] of Object.entries(words)) if (ws.includes(word)) return name;
  return null;
}

function position() {
  return parseFen(conn.fen);
}

function mySide() {
  return conn.side() ?? 'white';
}

// ---- the commands ----------------------------------------------------------------------

/** The talking clock (F5, D.2.10.4): asked of the server, which records it and answers with a
 * `talking_clock` event for this side only; its text is said like every event's. */
async function sayTime() {
  await send({ type: 'talking_clock' });
}

/** Time warnings at 5 minutes, 1 minute and 10 seconds, only if the player opts in. */
async function setWarnings(on) {
  if (await send({ type: 'clock_warnings', on })) warningsOn = on;
  $('warnings').checked = warningsOn;
}

function warnings(args) {
  const on = extra.on.includes(args[0]) ? true : extra.off.includes(args[0]) ? false : !warningsOn;
  return setWarnings(on);
}

function sayLast(args) {
  const n = Math.max(1, Math.min(conn.moves.length, Number(args[0]) || 1));
  if (conn.moves.length === 0) {
    tell(t('web-say-no-moves'));
    return;
  }
  tell(sentences(conn.moves.slice(-n).map(line)));
}

function sayAgain() {
  const side = mySide();
  const move = [...conn.moves].reverse().find((m) => m.color !== side);
  tell(move ? line(move) : t('web-say-no-opponent-move'));
}

function matchesName(word, name) {
  const n = lower(name);
  return word === n || (word.length >= 3 && (word.startsWith(n) || n.startsWith(word)));
}

function sayPieces(args) {
  const colors = COLORS.filter((c) => args.some((w) => matchesName(w, colorName(c))));
  const roles = ROLES.filter((r) => args.some((w) => matchesName(w, pieceName(r))));
  const unknown = args.filter((w) => !COLORS.some((c) => matchesName(w, colorName(c))) && !ROLES.some((r) => matchesName(w, pieceName(r))));
  if (unknown.length) {
    tell(t('web-say-unknown-word', { word: unknown[0] }), 'error');
    return;
  }
  const { pieces } = position();
  const lines = [];
  for (const color of colors.length ? colors : COLORS) {
    for (const role of roles.length ? roles : ROLES) {
      const squares = [...pieces].filter(([, p]) => p.color === color && p.role === role).map(([sq]) => sq).sort(bySquare);
      if (squares.length === 0 && !roles.length) continue;
      lines.push(t('web-say-pieces', {
        color: colorName(color),
        piece: pieceName(role),
        squares: squares.length ? list(squares.map(squareName)) : t('web-say-none'),
      }));
    }
  }
  tell(sentences(lines));
}

function bySquare(a, b) {
  return a[1] === b[1] ? a.localeCompare(b) : a[1].localeCompare(b[1]);
}

/** A file from every word a move takes for it: "e", "Eva", "echo", "fe". */
function parseFile(word) {
  if (!word) return null;
  const named = squareWords().files;
  return FILES.find((f, i) => word === f || lower(fileName(f)) === word || (named[i] ?? []).includes(word)) ?? null;
}

/** A rank from every word a move takes for it: "3", "drei", "four", "üçe". */
function parseRank(word) {
  if (!word) return null;
  const named = squareWords().ranks;
  return RANKS.find((r, i) => word === r || lower(rankName(r)) === word || (named[i] ?? []).includes(word)) ?? null;
}

function lineText(squares) {
  const { pieces } = position();
  const occupied = squares.filter((sq) => pieces.get(sq));
  if (occupied.length === 0) return t('web-say-line-empty');
  return list(occupied.map((sq) => t('web-square-piece', { square: squareName(sq), piece: coloredPiece(pieces.get(sq)) })));
}

function sayRank(args) {
  const rank = parseRank(args[0]);
  if (!rank) {
    tell(t('web-say-which-rank'), 'error');
    return;
  }
  tell(t('web-say-rank', { rank: rankName(rank), squares: lineText(FILES.map((f) => `${f}${rank}`)) }));
}

function sayFile(args) {
  const file = parseFile(args[0]);
  if (!file) {
    tell(t('web-say-which-file'), 'error');
    return;
  }
  tell(t('web-say-file', { file: fileName(file), squares: lineText(RANKS.map((r) => `${file}${r}`)) }));
}

function parseSquare(args) {
  const joined = args.join('');
  if (/^[a-h][1-8]$/.test(joined)) return joined;
  const file = parseFile(args[0]);
  const rank = parseRank(args[1]);
  return file && rank ? `${file}${rank}` : null;
}

function saySquare(args) {
  const sq = parseSquare(args);
  if (!sq) {
    tell(t('web-say-which-square'), 'error');
    return;
  }
  tell(describeSquare(position().pieces, sq));
  board.focused = sq;
  board.render();
}

/** The legal moves of a piece or from a square ("züge Springer", "hamleler e iki", "moves
 * e2"): the server reads the words (every word moves accept) and answers in one sentence. */
async function legalMoves(rest) {
  try {
    const answer = await conn.request({ type: 'legal_moves', text: rest });
    tell(answer.text);
  } catch (err) {
    tell(errorText(err), 'error');
  }
}

/** The pieces each side has lost and the material balance ("geschlagen", "captured"). */
async function sayMaterial() {
  try {
    const answer = await conn.request({ type: 'material' });
    tell(answer.text);
  } catch (err) {
    tell(errorText(err), 'error');
  }
}

/** Whether moves are said with the piece they capture: on by default on this page (the
 * server's default for a visually impaired player's seat), kept in the browser. */
const CAPTURED_KEY = 'hamle-vi-captured';

function capturedOn() {
  return localStorage.getItem(CAPTURED_KEY) !== 'off';
}

/** "schlagansage an|aus" (no word: the other way round); the checkbox the same. */
async function setCaptured(on) {
  if (await send({ type: 'say_captured', on })) {
    localStorage.setItem(CAPTURED_KEY, on ? 'on' : 'off');
    conn.captured = on;
    tell(t(on ? 'web-captured-on' : 'web-captured-off'));
  }
  $('captured').checked = capturedOn();
}

function captured(args) {
  const on = extra.on.includes(args[0]) ? true : extra.off.includes(args[0]) ? false : !capturedOn();
  return setCaptured(on);
}

/** Who plays whom, whose move it is, a check and a standing draw offer ("wer", "who"). */
function sayWho() {
  const me = mySide();
  const them = me === 'white' ? 'black' : 'white';
  const parts = [t('web-say-who', {
    color: colorName(me),
    opponent: conn.player(them)?.name || colorName(them),
    'opponent-color': colorName(them),
  })];
  if (conn.status !== 'playing') {
    parts.push(conn.status === 'over' ? endText() : statusText(conn));
    tell(sentences(parts));
    return;
  }
  const turn = position().turn;
  parts.push(t('web-say-turn', { color: colorName(turn), mine: turn === conn.side() ? 'yes' : 'no' }));
  // Check as the server's SAN of the last move says it (shakmaty), never worked out here.
  if (/[+#]$/.test(conn.moves.at(-1)?.san ?? '')) parts.push(t('web-say-check', { color: colorName(turn) }));
  if (drawOfferBy) parts.push(t('web-say-draw-standing', { mine: sideOfSeat(drawOfferBy) === me ? 'yes' : 'no' }));
  tell(sentences(parts));
}

/** The end of the game: why, the result, the final clocks. */
function endText() {
  const c = conn.clockNow();
  return sentences([
    conn.endText || statusText(conn),
    t('web-final-clocks', { white: clockWords(c.white_ms), black: clockWords(c.black_ms) }),
  ]);
}

/** Actions that need a "yes" first; each sends its message with `confirmed: true` (or, for
 * what is no message of the game, runs). */
const CONFIRM = {
  newGame: { ask: () => t('web-vi-new-game-confirm'), run: (a) => newGame(a) },
  offer: { ask: () => t('web-confirm-draw'), msg: () => ({ type: 'offer_draw', confirmed: true }) },
  accept: { ask: () => t('web-confirm-accept-draw'), msg: () => ({ type: 'accept_draw' }) },
  resign: { ask: () => t('web-confirm-resign'), msg: () => ({ type: 'resign', confirmed: true }) },
  claim: {
    ask: (a) => t('web-confirm-claim', { claim: a.claim }),
    msg: (a) => (a.claim === 'time'
      ? { type: 'claim_time' }
      : { type: 'claim_draw', claim: a.claim, confirmed: true, ...(a.text ? { text: a.text } : {}) }),
  },
};

/** The seat whose draw offer stands, if any. */
let drawOfferBy = null;

function sideOfSeat(seat) {
  return seat?.startsWith('white') ? 'white' : seat?.startsWith('black') ? 'black' : null;
}

function askConfirm(name, args = {}) {
  pending = { name, args };
  tell(CONFIRM[name].ask(args), 'question');
}

function draw() {
  const theirs = drawOfferBy && sideOfSeat(drawOfferBy) !== mySide();
  askConfirm(theirs ? 'accept' : 'offer');
}

/** "reklamieren wiederholung [Zug]", "reklamieren fünfzig [Zug]", "reklamieren zeit". */
function claim(args, rest) {
  const kinds = { repetition: extra.claimRepetition, fifty_moves: extra.claimFifty, time: extra.claimTime };
  const kind = Object.keys(kinds).find((k) => kinds[k].includes(args[0]));
  if (!kind) {
    tell(t('web-say-which-claim'), 'error');
    return;
  }
  const text = rest.split(/\s+/).slice(1).join(' ');
  askConfirm('claim', { claim: kind, text });
}

/** Sends a message; the server's events say what happened, a refusal is said here. */
async function send(msg) {
  try {
    await conn.request(msg);
    return true;
  } catch (err) {
    tell(errorText(err), 'error');
    return false;
  }
}

async function adjust() {
  await send({ type: 'adjust' });
}

// ---- the sealed move (Appendix A, issue 18) ----------------------------------------------

/** Whether he must seal now: the arbiter adjourned the game, he is to move, and the envelope
 * is not closed yet. */
function mustSeal() {
  const a = adjournment.called;
  return !!a && !adjournment.adjourned && a.sealer === mySide();
}

/** "abgabe Springer Felix drei" / "seal knight f3": writes (or rewrites) his sealed move, with
 * the server's `seal_move`, as the assistant's and the sighted player's pages do. Only his
 * side hears it back. "abgabe" alone: what is asked of him. */
async function seal(rest) {
  if (!rest) {
    if (!mustSeal()) tell(t('web-vi-seal-none'));
    else tell(sentences([adjournment.sealed ? t('web-seal-written', { move: adjournment.sealed }) : t('web-seal-now'), t('web-vi-seal-how')]));
    return;
  }
  await send({ type: 'seal_move', text: rest });
}

/** "anhalten" / "stop" (or "drücken" while he seals): stops the clock, the envelope closes. */
async function sealStop() {
  await send({ type: 'seal_stop_clock' });
}

function trackAdjournment(ev) {
  switch (ev.kind) {
    case 'adjournment_called':
      adjournment.called = ev;
      adjournment.adjourned = false;
      adjournment.sealed = null;
      break;
    case 'move_sealed':
      if (ev.sealed) adjournment.sealed = ev.sealed;
      break;
    case 'adjourned':
      adjournment.adjourned = true;
      break;
    case 'seal_opened':
    case 'end':
      adjournment.called = null;
      adjournment.adjourned = false;
      adjournment.sealed = null;
      break;
    default:
  }
}

/** The sealed move's section: shown only while he must seal. */
function updateSeal() {
  const box = $('seal');
  const show = !!conn?.info && mustSeal();
  box.hidden = !show;
  if (!show) return;
  $('seal-text').textContent = adjournment.sealed
    ? t('web-seal-written', { move: adjournment.sealed })
    : t('web-seal-now');
}

// ---- the physical procedure: his own board ----------------------------------------------

function needsPhysical() {
  if (conn.physical()) return false;
  tell(t('web-not-physical'), 'error');
  return true;
}

/** Sends an event of his own board; then says what his move still needs, or that his board
 * now shows the game again after he made his opponent's move on it. */
async function boardSend(msg) {
  const wasInOrder = boardOf(conn, mySide())?.matches;
  const ok = await send(msg);
  if (ok) await afterOwnStep(wasInOrder);
  return ok;
}

async function afterOwnStep(wasInOrder = null) {
  if (!conn.physical()) return;
  await conn.refresh();
  const me = mySide();
  if (boardOf(conn, me)?.matches && wasInOrder === false) {
    tell(t('web-board-in-order'));
  } else if (turnOf(conn) === me) {
    const status = madeStatus(conn, me);
    if (status) tell(madeText(status), status.made ? 'question' : 'info');
  }
}

function squareCommand(action, args) {
  if (needsPhysical()) return;
  const sq = parseSquare(args);
  if (!sq) {
    tell(t('web-say-which-square'), 'error');
    return;
  }
  if (action === 'lift') return actions.lift(sq);
  if (action === 'remove') return actions.remove(sq);
  return actions.place(sq);
}

/** Presses the clock; then the command line has the focus (the button may be gone), and the
 * move it completed is said by its event. */
async function pressClock() {
  if (mustSeal()) {
    await sealStop();
    return;
  }
  if (needsPhysical()) return;
  await send({ type: 'press_clock' });
  if (document.activeElement === $('press-clock')) $('command').focus();
}

/** What his move still needs (or which move of his opponent his board still lacks), the
 * touch-move obligation and the piece in his hand; read from a fresh state, since the
 * events do not carry the boards. */
async function sayStatus() {
  if (needsPhysical()) return;
  await conn.refresh();
  const me = mySide();
  const parts = [];
  if (turnOf(conn) === me) parts.push(madeText(madeStatus(conn, me)));
  else parts.push(t('web-say-turn', { color: colorName(turnOf(conn)), mine: 'no' }));
  const ob = obligationText(conn);
  if (ob) parts.push(ob);
  const hand = handOf(boardOf(conn, me));
  parts.push(hand
    ? t('web-board-hand', { piece: coloredPiece(hand.piece), square: squareName(hand.from) })
    : t('web-hand-empty'));
  parts.push(t('web-board-matches', { matches: boardOf(conn, me)?.matches ? 'yes' : 'no' }));
  tell(sentences(parts));
}

/** A corrected announcement (F7) is simply announced again: the server takes the correction
 * while the opponent's clock has not started, and says why not otherwise. */
async function correct(rest) {
  if (!rest) {
    tell(t('web-say-correct-how'), 'error');
    return;
  }
  const err = await announce(rest);
  if (err) tell(errorText(err), 'error');
}

/** The help topics: the message of the words that ask for each (`hilfe uhr`, `help clock`)
 * and the message that answers. */
const HELP_TOPICS = [
  ['web-cmd-help-moves', 'web-help-moves'],
  ['web-cmd-help-clock', 'web-help-clock'],
  ['web-cmd-help-board', 'web-help-board'],
  ['web-cmd-help-game', 'web-help-game'],
  ['web-cmd-help-tactile', 'web-help-tactile'],
  ['web-cmd-help-computer', 'web-help-computer'],
];

/** "hilfe": the topics in one short sentence; "hilfe uhr": that topic. */
function help(args = []) {
  if (args.length) {
    const topic = HELP_TOPICS.find(([asks]) => wordsOf(asks).includes(args[0]));
    if (!topic) {
      tell(t('web-help-which', { word: args[0] }), 'error');
      return;
    }
    tell(t(topic[1]));
    return;
  }
  tell(sentences([t('web-help'), talk?.available() ? t('web-voice-hint') : null]));
}

async function announce(text) {
  try {
    await conn.request({ type: 'announce', text });
  } catch (err) {
    return err;
  }
  await afterOwnStep();
  return null;
}

/** Runs one line typed (or heard) by the player. */
async function run(line) {
  const text = line.trim();
  if (!text) return;
  const tokens = lower(text).split(/\s+/);
  if (talk?.question && tokens.length === 1) {
    const pick = voicePick(tokens[0]);
    if (pick !== undefined) return talk.answer(pick);
  }
  if (pending) {
    const { name, args: pendingArgs } = pending;
    pending = null;
    if (extra.yes.includes(tokens[0])) {
      await confirmed(name, pendingArgs);
      return;
    }
    if (extra.no.includes(tokens[0])) {
      tell(t('web-cancelled'));
      return;
    }
    // Anything else is not lost: the question lapses, he is told so, and the line is run
    // (a move is played, or refused with its reason).
    tell(t('web-question-lapsed'));
  }
  const command = commandOf(tokens[0]) ?? (text === '?' ? 'help' : null);
  sayUnheard(command);
  const args = tokens.slice(1);
  const rest = text.split(/\s+/).slice(1).join(' ');
  // Without a game only the help and a new game against the computer.
  if (!conn && command !== 'help' && command !== 'computer') {
    tell(t('web-vi-no-game'), 'error');
    return;
  }
  switch (command) {
    case 'help': return help(args);
    case 'time': return sayTime();
    case 'last': return sayLast(args);
    case 'again': return sayAgain();
    case 'pieces': return sayPieces(args);
    case 'rank': return sayRank(args);
    case 'file': return sayFile(args);
    case 'square': return saySquare(args);
    case 'turn': return sayWho();
    case 'draw': return draw();
    case 'resign': return askConfirm('resign');
    case 'claim': return claim(args, rest);
    case 'adjust': return adjust();
    case 'correct': return correct(rest);
    case 'board': {
      // "brett Eva vier": to that square; plain "brett": where the focus was.
      const sq = args.length ? parseSquare(args) : board.focused;
      if (!sq) {
        tell(t('web-say-which-square'), 'error');
        return;
      }
      return board.focusSquare(sq);
    }
    case 'lift':
    case 'place':
    case 'remove': return squareCommand(command, args);
    case 'press': return pressClock();
    case 'status': return sayStatus();
    case 'warnings': return warnings(args);
    case 'moves': return legalMoves(rest);
    case 'material': return sayMaterial();
    case 'captured': return captured(args);
    case 'seal': return seal(rest);
    case 'premove': return premoveCommand(args, rest);
    case 'sealStop': return sealStop();
    case 'hint': return askAid('hint');
    case 'evaluation': return askAid('eval');
    case 'takeBack': return takeBack();
    case 'computer': return computerCommand(args);
    default: {
      const err = await announce(text);
      if (err?.code === 'not_your_turn' && premoveOn() && !conn.physical()) setPremove(text);
      else if (err) tell(errorText(err), 'error');
    }
  }
}

// ---- against the computer (issue 34) -----------------------------------------------------

/** A confirmed action: its message to the game, or what it runs. */
async function confirmed(name, args) {
  const action = CONFIRM[name];
  if (action.run) await action.run(args);
  else await send(action.msg(args));
}

/** "tipp" (a good move for him) or "bewertung" (who stands better): asked of the computer,
 * answered in one sentence; refused in a game between people (the server says why). */
async function askAid(type) {
  try {
    const answer = await conn.request({ type });
    tell(answer.text);
  } catch (err) {
    tell(errorText(err), 'error');
  }
}

/** "zurück": his last move and the computer's reply go back; the event says which. */
async function takeBack() {
  if (premove) {
    premove = null;
    tell(t('web-premove-dropped'));
  }
  await send({ type: 'take_back' });
}

/** Kept over the page's reload into a new game: the sentence that says it was created. */
const NEW_GAME_KEY = 'hamle-vi-new-game';

/** The first number-like words of a line, within their bounds, as a game's options. */
const NEW_GAME_LIMITS = { minutes: [1, 1440], increment: [0, 3600] };

/** "computer 3", "computer 3 10 5 schwarz": a new game against the computer at that level,
 * with that time (15 minutes and 10 seconds a move unless given), he playing White unless he
 * says black. While a game of this page is still going on, asked first. */
function computerCommand(args) {
  const isNumber = (w) => /^\d+$/.test(w);
  const unknown = args.find((w) => !isNumber(w) && !extra.white.includes(w) && !extra.black.includes(w));
  if (unknown) {
    tell(t('web-say-unknown-word', { word: unknown }), 'error');
    return undefined;
  }
  const [level, minutes = 15, increment = 10] = args.filter(isNumber).map(Number);
  if (!(level >= 1 && level <= 8)) {
    tell(t('web-vi-which-level'), 'error');
    return undefined;
  }
  for (const [name, value] of [['minutes', minutes], ['increment', increment]]) {
    const [min, max] = NEW_GAME_LIMITS[name];
    if (value < min || value > max) {
      tell(t('web-lobby-number-range', { min, max }), 'error');
      return undefined;
    }
  }
  const color = args.some((w) => extra.black.includes(w)) ? 'black' : 'white';
  const options = { level, minutes, increment, color };
  if (conn && conn.status !== 'over') {
    askConfirm('newGame', options);
    return undefined;
  }
  return newGame(options);
}

/** The form "Neue Partie gegen den Computer" (shown while the page has no game): checked as
 * the lobby checks its numbers, a field in error named and focused. */
async function newGameForm(e) {
  e.preventDefault();
  for (const field of $('new-game-form').querySelectorAll('[aria-invalid]')) field.removeAttribute('aria-invalid');
  const values = {};
  for (const [name, [min, max]] of Object.entries(NEW_GAME_LIMITS)) {
    const field = $(`new-game-${name}`);
    const n = Number(field.value.trim());
    if (!/^\d+$/.test(field.value.trim()) || n < min || n > max) {
      field.setAttribute('aria-invalid', 'true');
      field.focus();
      tell(t('web-lobby-field-error', {
        field: document.querySelector(`label[for="new-game-${name}"]`).textContent,
        problem: t('web-lobby-number-range', { min, max }),
      }), 'error');
      return;
    }
    values[name] = n;
  }
  await newGame({ level: Number($('new-game-level').value), color: $('new-game-color').value, ...values });
}

/** Creates the game (he is the visually impaired player of `color`, the computer the other
 * side) and opens it: on this page if it had no game, else by opening the new game's link. */
async function newGame({ level, minutes, increment, color }) {
  const computer = color === 'white' ? 'black' : 'white';
  const body = {
    time_control: { base_seconds: minutes * 60, increment_seconds: increment },
    [color]: { visually_impaired: true },
    [computer]: { engine: { level } },
    languages: { [color]: lang(), arbiter: lang(), spectator: lang() },
  };
  let created;
  try {
    const response = await fetch('/api/games', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': lang() },
      body: JSON.stringify(body),
    });
    created = await response.json();
    if (!response.ok) {
      tell(created.message || t('web-failed'), 'error');
      return;
    }
  } catch {
    tell(t('web-failed'), 'error');
    return;
  }
  const link = { game: created.id, token: created.tokens[color] };
  const hash = `game=${encodeURIComponent(link.game)}&token=${encodeURIComponent(link.token)}`;
  const said = t('web-vi-new-game-created', { level, color: colorName(color) });
  if (conn) {
    // This page's game goes on without him; the page opens the new one and says so.
    sessionStorage.setItem(NEW_GAME_KEY, said);
    location.hash = hash;
    location.reload();
    return;
  }
  history.replaceState(null, '', `${location.pathname}${location.search}#${hash}`);
  $('new-game').hidden = true;
  $('command').focus();
  tell(said);
  startGame(link);
}

/** The page without a game: the form for a new game against the computer, and what to do. */
function noGame() {
  $('new-game').hidden = false;
  tellImportant(t('web-vi-no-game'), 'info');
}

// ---- voice input by push-to-talk (voice.js) --------------------------------------------

/** The answer a word or key gives to the recogniser's question: 0 yes, 1 and 2 the other
 * candidates offered (by their numbers 1-3), null no; undefined for anything else. */
function voicePick(word) {
  if (extra.yes.includes(word) || word === lower(t('voice-word-yes')) || word === lower(t('web-voice-key-yes'))) return 0;
  if (word === lower(t('voice-word-no')) || word === lower(t('web-voice-key-no'))) return null;
  if (['1', '2', '3'].includes(word)) return Number(word) - 1;
  return undefined;
}

/** A command heard (`voice_result` `command`): run as if typed. */
function voiceCommand(name) {
  switch (name) {
    case 'time': return sayTime();
    case 'draw': return draw();
    case 'resign': return askConfirm('resign');
    case 'repeat': return sayAgain();
    default: return undefined;
  }
}

/** "Yes" or "no" heard clearly while the page waits for one (draw, resign, a claim). */
function voiceConfirm(word) {
  if (!pending) return false;
  const { name, args } = pending;
  pending = null;
  if (word === 'yes') confirmed(name, args);
  else tell(t('web-cancelled'));
  return true;
}

function setupTalk() {
  const button = $('talk');
  talk = new PushToTalk(conn, {
    tell,
    t,
    mute: (on) => voice.setMuted(on),
    command: voiceCommand,
    confirm: voiceConfirm,
    error: (err) => tell(errorText(err), 'error'),
    pressed: (on) => button.setAttribute('aria-pressed', on ? 'true' : 'false'),
  });
  button.addEventListener('click', () => talk.toggle());
  // The talk key works anywhere on the page; a question's keys where no text is typed.
  document.addEventListener('keydown', (e) => {
    if (e.key === 'F2' && !e.repeat) {
      e.preventDefault();
      talk.toggle();
      return;
    }
    const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement;
    if (!talk.question || typing || e.ctrlKey || e.altKey || e.metaKey || e.key.length !== 1) return;
    const pick = voicePick(lower(e.key));
    if (pick !== undefined) {
      e.preventDefault();
      talk.answer(pick);
    }
  });
}

/** Shows the talk button and its hint when the server has a recogniser. */
function showTalk() {
  const on = talk.available();
  $('talk').hidden = !on;
  $('talk-hint').hidden = !on;
}

/** Speech input: every alternative, best first; the first the server takes is the move. */
async function runHeard(alternatives) {
  if (alternatives.length === 0) {
    tell(t('web-heard-nothing'));
    return;
  }
  tell(t('web-heard', { text: alternatives[0] }));
  const first = lower(alternatives[0]).split(/\s+/)[0];
  if (commandOf(first) || pending) {
    await run(alternatives[0]);
    return;
  }
  let firstError = null;
  for (const alt of alternatives) {
    const err = await announce(alt);
    if (!err) return;
    if (!['not_understood', 'illegal_move', 'ambiguous_move'].includes(err.code)) {
      tell(errorText(err), 'error');
      return;
    }
    firstError ??= err;
  }
  tell(errorText(firstError), 'error');
}

// ---- how moves are said, the board's layout, the reader's pace (the settings) ---------

/** The page's settings, kept in the browser: their keys and values. */
const SETTINGS = {
  rate: { key: 'hamle-vi-reader-rate', values: Object.keys(RATES), fallback: 'normal' },
  style: { key: 'hamle-vi-move-style', values: ['short', 'full', 'san', 'nato'], fallback: 'short' },
  layout: { key: 'hamle-vi-board-layout', values: ['own', 'white'], fallback: 'own' },
  order: { key: 'hamle-vi-square-order', values: ['square', 'piece'], fallback: 'square' },
  premove: { key: 'hamle-vi-premove', values: ['on', 'off'], fallback: 'on' },
};

function setting(name) {
  const s = SETTINGS[name];
  const v = localStorage.getItem(s.key);
  return s.values.includes(v) ? v : s.fallback;
}

function readerRate() {
  return setting('rate');
}

/** The choices (radio buttons) and the checkbox of the settings section, each kept when
 * changed. The section is shown only once they hold the kept values. (Not selects: Orca read
 * out every select's value when the page opened.) */
function setupSettings() {
  for (const [name, id] of [['rate', 'reader-rate'], ['style', 'move-style'], ['layout', 'board-layout'], ['order', 'square-order']]) {
    for (const radio of document.querySelectorAll(`input[name="${id}"]`)) {
      radio.checked = radio.value === setting(name);
      radio.addEventListener('change', () => {
        if (!radio.checked) return;
        localStorage.setItem(SETTINGS[name].key, radio.value);
        if (name === 'layout' && conn?.info) board.setOrientation(boardSide());
        board.render();
      });
    }
  }
  const box = $('premove-on');
  box.checked = premoveOn();
  box.addEventListener('change', () => {
    localStorage.setItem(SETTINGS.premove.key, box.checked ? 'on' : 'off');
    if (!box.checked && premove) premove = null;
  });
}

/** The side the board is seen from: his own, or always White's. */
function boardSide() {
  return setting('layout') === 'white' ? 'white' : mySide();
}

/** A move as the player chose to hear it: the Appendix words (short, or full with the origin
 * square), SAN, or the squares in the NATO alphabet ("Echo zwei Echo vier"). */
function movePhrase(m) {
  switch (setting('style')) {
    case 'full': return m.full || m.short || m.san;
    case 'san': return m.san;
    case 'nato': {
      const nato = (sq) => t('web-nato-square', { file: sq[0], rank: rankName(sq[1]) });
      const role = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight' }[m.uci[4]];
      return t('web-nato-move', { from: nato(m.uci.slice(0, 2)), to: nato(m.uci.slice(2, 4)), promotion: role ? pieceName(role) : 'none' });
    }
    default: return m.short || m.san;
  }
}

/** "3, Weiß: Bauer David vier" in the chosen style. */
function line(m) {
  return moveLine(m, movePhrase(m));
}

// ---- the board's exploring keys and the game's positions ----------------------------------

/** The position shown while he steps through the game (a ply: 0 the start), null: the game
 * as it stands. */
let viewPly = null;

function fenAt(ply) {
  return ply === 0 ? conn.info?.start_fen : conn.moves[ply - 1]?.fen;
}

/** The board's own keys beside the piece, rank and scan keys: M the legal moves from the
 * square (Shift: the captures), A the pieces around it, O the square, Z the last move (Shift:
 * the last capture), C the time, Shift+1-8 a file, comma and full stop a move back and on
 * (Shift: the start, the game as it stands). */
function exploreKey(e, sq) {
  if (e.ctrlKey || e.altKey || e.metaKey) return false;
  const shift = e.shiftKey;
  if (shift && /^Digit[1-8]$/.test(e.code)) {
    board.focusSquare(`${FILES[Number(e.code.slice(5)) - 1]}${sq[1]}`);
    return true;
  }
  if (e.code === 'Comma' || e.key === ',') {
    stepHistory(shift ? 'start' : -1);
    return true;
  }
  if (e.code === 'Period' || e.key === '.') {
    stepHistory(shift ? 'end' : 1);
    return true;
  }
  switch (e.key.toLowerCase()) {
    case 'm': legalFrom(sq, shift); return true;
    case 'a': sayAround(sq); return true;
    case 'o': tell(board.describe(sq)); return true;
    case 'z': if (shift) sayLastCapture(); else sayLastMove(); return true;
    case 'c': sayTime(); return true;
    default: return false;
  }
}

/** M (Shift: only captures): asked of the server, which knows the rules. */
async function legalFrom(sq, captures) {
  try {
    const answer = await conn.request({ type: 'legal_moves', text: sq, captures });
    tell(answer.text);
  } catch (err) {
    tell(errorText(err), 'error');
  }
}

/** A: what stands on the squares around `sq`, clockwise from the one ahead. */
function sayAround(sq) {
  const f = FILES.indexOf(sq[0]);
  const r = Number(sq[1]);
  const ahead = boardSide() === 'black' ? -1 : 1;
  const steps = [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1]];
  const pieces = board.pieces;
  const found = steps
    .map(([df, dr]) => [f + df * ahead, r + dr * ahead])
    .filter(([nf, nr]) => nf >= 0 && nf < 8 && nr >= 1 && nr <= 8)
    .map(([nf, nr]) => `${FILES[nf]}${nr}`)
    .filter((s) => pieces.get(s));
  tell(found.length
    ? t('web-say-around', { square: squareName(sq), pieces: list(found.map((s) => describeSquare(pieces, s, setting('order') === 'piece'))) })
    : t('web-say-around-empty', { square: squareName(sq) }));
}

function sayLastMove() {
  const m = conn.moves.at(-1);
  tell(m ? line(m) : t('web-say-no-moves'));
}

/** Shift+Z: the last move that captured (the server's SAN marks it). */
function sayLastCapture() {
  const m = [...conn.moves].reverse().find((x) => (x.san ?? '').includes('x'));
  tell(m ? t('web-say-last-capture', { move: line(m) }) : t('web-say-no-capture'));
}

/** Comma and full stop: one move back or on; with Shift the start or the game as it stands.
 * The board shows that position, and its squares say what stood there. */
function stepHistory(step) {
  const n = conn.moves.length;
  const from = viewPly ?? n;
  let ply = step === 'start' ? 0 : step === 'end' ? n : from + step;
  if (ply < 0 || ply > n) {
    tell(t(ply < 0 ? 'web-history-at-start' : 'web-history-at-end'));
    return;
  }
  if (!fenAt(ply) && ply !== n) {
    tell(t('web-history-unknown'), 'error');
    return;
  }
  viewPly = ply === n ? null : ply;
  update();
  if (viewPly === null) tell(t('web-history-live'));
  else if (ply === 0) tell(t('web-history-start'));
  else tell(t('web-history-after', { move: line(conn.moves[ply - 1]) }));
}

// ---- the premove: a move typed in his opponent's turn, played as soon as it is his --------

let premove = null;

function premoveOn() {
  return setting('premove') === 'on';
}

function myTurnNow() {
  return conn.status === 'playing' && position().turn === mySide();
}

/** Keeps `text` as his next move (said back); played at once if the turn came meanwhile. */
function setPremove(text) {
  premove = text;
  if (myTurnNow()) playPremove();
  else tell(t('web-premove-set', { move: text }));
}

/** Plays the premove, if any, now that it is his turn; a refusal is said with the move. */
async function playPremove() {
  if (!premove || !myTurnNow()) return;
  const text = premove;
  premove = null;
  const err = await announce(text);
  if (err) tell(t('web-premove-failed', { move: text, reason: errorText(err) }), 'error');
}

/** "vormerken": the premove; "vormerken weg": cancel it; "vormerken Springer Felix drei". */
function premoveCommand(args, rest) {
  if (!args.length) {
    tell(premove ? t('web-premove-is', { move: premove }) : t('web-premove-none'));
  } else if (extra.cancel.includes(args[0]) || extra.off.includes(args[0])) {
    tell(t(premove ? 'web-premove-cancelled' : 'web-premove-none'));
    premove = null;
  } else if (conn.physical()) {
    tell(t('web-premove-physical'), 'error');
  } else if (myTurnNow()) {
    return run(rest);
  } else {
    setPremove(rest);
  }
  return undefined;
}

// ---- events ----------------------------------------------------------------------------

function update() {
  const last = conn.moves.at(-1);
  const mine = conn.physical() ? boardOf(conn, mySide()) : null;
  if (viewPly !== null && fenAt(viewPly)) board.setFen(fenAt(viewPly), conn.moves[viewPly - 1]?.uci);
  else if (mine) board.setPieces(placementPieces(mine.placement), last?.uci, handOf(mine));
  else board.setFen(conn.fen, last?.uci);
  $('status').textContent = conn.online || !conn.wasOnline ? statusText(conn) : t('web-conn-lost');
  renderScoresheet($('scoresheet-body'), conn.moves);
  renderPieces();
  if (conn.status === 'over') $('end-text').textContent = endText();
  $('end').hidden = conn.status !== 'over';
  updateSeal();
}

/** The parts of the page only a game by the physical procedure has. */
function showPhysical() {
  const physical = conn.physical();
  $('press-clock').hidden = !physical;
  $('board-hint').textContent = t(physical ? 'web-vi-board-hint-tactile' : 'web-vi-board-hint');
  $('board-heading').textContent = physical
    ? t('web-vi-own-board', { kind: boardOf(conn, mySide())?.kind ?? 'tactile' })
    : t('web-board-heading');
}

function onEvent(ev) {
  trackAdjournment(ev);
  update();
  if (ev.kind === 'draw_offer') drawOfferBy = ev.by;
  if (ev.kind === 'clock_warnings') {
    warningsOn = ev.on;
    $('warnings').checked = ev.on;
  }
  if (['draw_declined', 'draw_offer_lapsed', 'end'].includes(ev.kind)) drawOfferBy = null;
  // The events replayed on first connecting are the game so far: not news.
  if (!conn.info) return;
  if (ev.kind === 'move') {
    const m = conn.moves.find((x) => x.ply === ev.ply);
    const theirs = ev.color !== conn.side();
    if (theirs) earcons.play(/[+#]$/.test(m.san ?? '') ? 'check' : 'move');
    if (theirs) tellImportant(line(m), 'theirs');
    else tell(line(m), 'mine');
    if (viewPly !== null) {
      viewPly = null;
      update();
      tell(t('web-history-back-live'));
    }
    if (theirs) playPremove();
  } else if (ev.kind === 'end') {
    earcons.play('end');
    tellImportant(endText(), 'end');
    if (premove) {
      premove = null;
      tell(t('web-premove-dropped'));
    }
  } else if (ev.kind === 'adjournment_called' && mustSeal()) {
    // He seals: how, by the command line, said with the arbiter's call.
    tellImportant(sentences([eventText(ev), t('web-vi-seal-how')]), 'question');
  } else {
    const text = eventText(ev);
    if (text) tell(text, 'info');
  }
}

/** The pieces section: one line per side, "Weiß: König Gustav eins, …". */
function renderPieces() {
  const { pieces } = position();
  const items = COLORS.map((color) => {
    const own = ROLES.flatMap((role) => [...pieces]
      .filter(([, p]) => p.color === color && p.role === role)
      .map(([sq]) => sq)
      .sort(bySquare)
      .map((sq) => t('web-piece-on', { piece: pieceName(role), square: squareName(sq) })));
    return t('web-vi-pieces-line', { color: colorName(color), pieces: list(own) });
  });
  $('pieces-list').replaceChildren(...items.map((text) => {
    const li = document.createElement('li');
    li.textContent = text;
    return li;
  }));
}

// ---- the connection --------------------------------------------------------------------

let reconnected = false; // greeted again: the next state is said
let downSince = null; // when the connection was lost (performance.now())
let downReminder = null;

/** How long he waits between two reminders that the connection is still being sought. */
const STILL_DOWN_MS = 20000;

function onConnection(d) {
  if (d.up) {
    clearInterval(downReminder);
    downReminder = null;
    if (d.again && downSince !== null) reconnected = true;
    downSince = null;
    return;
  }
  if (d.final) return; // replaced, a bad link: showConnection says it
  if (d.lost) {
    downSince = performance.now();
    earcons.play('lost');
    tell(t('web-conn-lost'), 'error');
    update();
    clearInterval(downReminder);
    downReminder = setInterval(() => {
      if (!conn.online) tell(t('web-conn-still-down'), 'error');
    }, STILL_DOWN_MS);
  }
}

/** After a reconnection, the state from the server: whose turn and the clocks now, so the time
 * the outage cost is in what he hears. */
function sayReconnected() {
  reconnected = false;
  earcons.play('back');
  const c = conn.clockNow();
  const where = conn.status === 'over' ? endText() : conn.status === 'playing'
    ? t('web-say-turn', { color: colorName(position().turn), mine: position().turn === conn.side() ? 'yes' : 'no' })
    : statusText(conn);
  tell(sentences([
    t('web-conn-back'),
    where,
    conn.status === 'over' ? null : t('web-clocks-now', { white: clockWords(c.white_ms), black: clockWords(c.black_ms) }),
  ]), 'info');
}

async function boardMove(from, to) {
  let role = null;
  if (isPromotion(position().pieces, from, to)) {
    role = await choosePromotion($('promotion'));
    if (!role) {
      board.focusSquare(to);
      return;
    }
  }
  try {
    await conn.request({ type: 'move', uci: uciOf(from, to, role) });
  } catch (err) {
    tell(errorText(err), 'error');
  }
  board.focusSquare(to);
}

async function main() {
  await loadStrings(document.documentElement.lang);
  setupLanguageMenu();
  for (const [name, id] of Object.entries(COMMANDS)) words[name] = wordsOf(id);
  extra.yes = wordsOf('web-cmd-yes');
  extra.no = wordsOf('web-cmd-no');
  extra.claimRepetition = wordsOf('web-cmd-claim-repetition');
  extra.claimFifty = wordsOf('web-cmd-claim-fifty');
  extra.claimTime = wordsOf('web-cmd-claim-time');
  extra.on = wordsOf('web-cmd-on');
  extra.off = wordsOf('web-cmd-off');
  extra.cancel = wordsOf('web-cmd-cancel');
  extra.white = wordsOf('web-cmd-white');
  extra.black = wordsOf('web-cmd-black');
  voice = new Voice(lang(), 'hamle-vi-speech');
  earcons = new Earcons('hamle-vi-earcons');
  const sounds = $('earcons');
  sounds.checked = earcons.enabled;
  sounds.addEventListener('change', () => earcons.setEnabled(sounds.checked));
  delivery = new Delivery({
    write: (text, kinds, parts) => say($('log'), text, KIND_ORDER.find((k) => kinds.includes(k)) ?? 'info', parts),
    join: (parts) => sentences(parts),
    again: (texts) => t('web-meanwhile', { text: sentences(texts) }),
    rate: () => RATES[readerRate()],
  });
  // On opening, the reader reads the page's title and the focused command line first.
  delivery.speaks((document.title.length + focusSpeechChars($('command')) + 30) * RATES[readerRate()]);
  $('command').addEventListener('input', stillTyping);
  // Every key stops the reader (its key echo); so does a new focus, which it then reads.
  document.addEventListener('keydown', () => interrupted(), true);
  document.addEventListener('focusin', (e) => interrupted(focusSpeechChars(e.target) * RATES[readerRate()]), true);
  $('log').addEventListener('said', (e) => voice.speak(e.detail.text));

  const speak = $('speak');
  speak.checked = voice.enabled;
  speak.disabled = !voice.available();
  speak.addEventListener('change', () => {
    voice.setEnabled(speak.checked);
    tell(t(speak.checked ? 'web-speech-on' : 'web-speech-off'));
  });

  const listen = $('listen');
  if (!recognitionClass()) {
    listen.hidden = true;
    $('listen-missing').hidden = false;
  }
  listen.addEventListener('click', async () => {
    listen.setAttribute('aria-pressed', 'true');
    tell(t('web-listening'));
    try {
      await runHeard(await listenOnce(lang()));
    } catch (e) {
      tell(t('web-mic-failed', { reason: e.message }), 'error');
    } finally {
      listen.setAttribute('aria-pressed', 'false');
    }
  });

  board = new BoardView($('board'), {
    interactive: true,
    onMove: (from, to) => (conn?.physical() ? actions.onMove(from, to) : boardMove(from, to)),
    onActivate: (sq) => !!conn?.physical() && actions.onActivate(sq),
    onKey: (key, sq) => !!conn?.physical() && actions.onKey(key, sq),
    onSelect: (sq, text) => {
      earcons.play(sq ? 'select' : 'deselect');
      tell(sq ? t('web-selected', { square: text }) : t('web-deselected'));
    },
    onFocusSquare: (_sq, text) => voice.speak(text, true),
    onEdge: () => {
      earcons.play('edge');
      tell(t('web-board-edge'));
    },
    explore: true,
    grid: true,
    pieceFirst: () => setting('order') === 'piece',
    onExplore: (e, sq) => exploreKey(e, sq),
    onSay: (text) => tell(text),
    side: () => (conn ? mySide() : 'white'),
  });
  // Escape on the board with nothing picked up goes back to the command line.
  $('board').addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !e.defaultPrevented) {
      e.preventDefault();
      if (viewPly !== null) {
        viewPly = null;
        update();
        tell(t('web-history-back-live'));
      }
      $('command').focus();
    }
  });
  setupSettings();
  for (let level = 1; level <= 8; level += 1) {
    const option = document.createElement('option');
    option.value = String(level);
    option.textContent = t('web-new-game-level-option', { level });
    $('new-game-level').append(option);
  }
  $('new-game-form').addEventListener('submit', newGameForm);
  $('command-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const input = $('command');
    const line = input.value;
    input.value = '';
    if (held.length || delivery.hasMissed()) holdUntil(HOLD_ANSWER_MS);
    await run(line);
  });

  const link = seatLink();
  if (link) startGame(link);
  else noGame();
}

/** Connects the page to its game (the link's, or one just created). */
function startGame(link) {
  conn = new GameConnection({ ...link, lang: lang(), captured: capturedOn() });
  $('captured').checked = capturedOn();
  $('captured').addEventListener('change', (e) => setCaptured(e.target.checked));
  actions = boardActions(conn, mySide, {
    send: boardSend,
    say: (text) => tell(text),
    promotion: $('promotion'),
    view: () => board,
  });
  setupTalk();
  $('press-clock').addEventListener('click', pressClock);
  $('seal-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const text = $('seal-move').value.trim();
    if (text) await send({ type: 'seal_move', text });
    else tell(t('web-vi-seal-how'), 'error');
  });
  $('seal-stop').addEventListener('click', sealStop);
  $('act-time').addEventListener('click', sayTime);
  $('act-draw').addEventListener('click', () => {
    draw();
    $('command').focus();
  });
  $('act-resign').addEventListener('click', () => {
    askConfirm('resign');
    $('command').focus();
  });
  runClocks(conn, document);
  $('warnings').addEventListener('change', (e) => setWarnings(e.target.checked));
  showConnection(conn, { status: $('status'), log: $('log') });
  conn.addEventListener('connection', (e) => {
    if (e.detail.up) showTalk();
    onConnection(e.detail);
  });
  let first = true;
  conn.addEventListener('state', () => {
    board.setOrientation(boardSide());
    showPhysical();
    $('title').textContent = playersTitle(conn);
    document.title = `${playersTitle(conn)} – hamle`;
    update();
    if (first) {
      // The greeting is one announcement: connected, his colour, the voice key, whose turn.
      first = false;
      // Short, so that it does not hold his reader's queue: the rest is in `hilfe`.
      const turn = position().turn;
      const created = sessionStorage.getItem(NEW_GAME_KEY);
      sessionStorage.removeItem(NEW_GAME_KEY);
      // Against the computer its move may have come before he did (it plays White at once):
      // said with the greeting, as he would have heard it.
      const them = mySide() === 'white' ? 'black' : 'white';
      const last = conn.moves.at(-1);
      const computersMove = conn.info?.[them]?.engine && last?.color === them && conn.status === 'playing' ? line(last) : null;
      const greeting = sentences([
        created,
        t('web-connected'),
        t('web-vi-ready', { color: colorName(mySide()) }),
        computersMove,
        conn.status === 'over' ? endText()
          : conn.status === 'playing' ? t('web-say-turn', { color: colorName(turn), mine: turn === conn.side() ? 'yes' : 'no' })
            : statusText(conn),
        talk.available() ? t('web-voice-hint-short') : null,
      ]);
      tellImportant(greeting, 'info');
    } else if (reconnected) {
      sayReconnected();
    }
  });
  conn.addEventListener('gameevent', (e) => onEvent(e.detail));
  // His electronic board (issue 33): connected, lost, back, what to put right, a refused
  // board event; the server's sentence, never to be missed.
  conn.addEventListener('other', (e) => {
    const msg = e.detail;
    if (msg.type === 'board_status') tellImportant(msg.text, msg.status === 'refused' ? 'error' : 'info');
  });
  // The settings hold their kept values now: shown (see setupSettings).
  $('settings').hidden = false;
  conn.connect();
}

main();
