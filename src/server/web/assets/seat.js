// The pages of the sighted seats: the sighted player (`/board`, also the spectator's), the
// assistant (`/assistant`) and the arbiter (`/arbiter`). Which parts a page has is read from
// its markup: `data-page` on <body> and the elements present. In a game by the physical
// procedure each page also shows both boards at the table (`state.table`): a player makes his
// moves (and his opponent's) on his own board and presses the clock, repeats the announced
// move in his words; an assistant works on both boards, starts his player's clock once the
// move is made and reports the opponent's touch; the arbiter rules on touch reports, sees the
// illegal moves (7.4) and sets a board right. The arbiter's desk (docs/protocol.md, "Scoresheets,
// diverging boards and adjournment"): the boards compared square by square, the ruling with its
// steps and the override, both scoresheets, the exports, the adjournment and its envelope; the
// sealer writes his sealed move here.

import { loadStrings, t, lang } from './i18n.js';
import { colorName, coloredPiece, isPromotion, parseFen, squareName } from './chess.js';
import { GameConnection, seatLink } from './conn.js';
import {
  say, setupLanguageMenu, moveLine, errorText, eventText, statusText, showConnection, playersTitle,
  runClocks, renderScoresheet, clockWords, rulesLines,
} from './ui.js';
import { BoardView, choosePromotion, uciOf } from './boardview.js';
import { Voice } from './speech.js';
import {
  boardActions, boardOf, boardHeading, boardShows, boardStateText, handOf, madeStatus, madeText, obligationText,
  pieceOfLetter, placementPieces, turnOf,
} from './table.js';

const $ = (id) => document.getElementById(id);
const page = document.body.dataset.page;

let conn;
let board;
let voice;
let announced = null; // the last move of the other side, to repeat
let announcedWords = null; // the other side's announcement (physical procedure), in our words
const tableViews = {}; // the boards at the table, by side
let touchReport = null; // the touch reported and not yet ruled on
const absent = new Map(); // side -> the default_time_over event of a player not arrived since
const illegalMoves = []; // the illegal_move events (Art. 7.4)
const desk = {
  divergence: null, // the boards_diverged event of the open case
  caseOpen: false,
  ruling: null, // the arbiter's ruled event
  adjournment: null, // the adjournment_called event until the sealed move is opened
  adjourned: false,
  sealed: null, // the sealed move's text (the sealer's side only)
};

function tell(text, kind = 'info') {
  say($('log'), text, kind);
}

function canMove() {
  return ['white', 'black', 'white_assistant', 'black_assistant'].includes(conn.seat);
}

function isAssistant() {
  return conn.seat === 'white_assistant' || conn.seat === 'black_assistant';
}

/** The visually impaired player's assistant (D.2.10.1-6), not a sighted player's (D.2.10.1-2). */
function isViAssistant() {
  return isAssistant() && !!conn.player(conn.side())?.visually_impaired;
}

/** Whether this seat puts events on `color`'s board: a player on his own, an assistant on both. */
function mayUseBoard(color) {
  if (conn.seat === 'white' || conn.seat === 'black') return conn.seat === color;
  return isAssistant();
}

/** The other side's announcement stands only while the table still has it (`table.announced`,
 * read after the event): a ruling that took the position back, an illegal move or the end
 * voids it; the box then shows the opponent's last move of the game (not said again). */
function dropStaleAnnouncement() {
  if (!announcedWords || !conn.info || conn.info.seq < announcedWords.seq) return;
  if (conn.status !== 'over' && (conn.info.table?.announced ?? null) === announcedWords.uci) return;
  announcedWords = null;
  if ($('announced')) {
    const theirs = [...conn.moves].reverse().find((m) => m.color !== conn.side());
    showAnnounced(theirs ?? null, false, true);
  }
}

/** What can no longer be done after the end: the announcement, the repetition. */
function updateEnded() {
  const over = conn.status === 'over';
  for (const el of document.querySelectorAll('#repeat, #command-form input, #command-form button')) {
    if (!$('repeat') && el.closest('#command-form')) continue;
    el.disabled = over;
  }
}

function update() {
  dropStaleAnnouncement();
  updateEnded();
  const last = conn.moves.at(-1);
  board.setFen(conn.fen, last?.uci);
  $('status').textContent = statusText(conn);
  const sheet = $('scoresheet-body');
  if (sheet) renderScoresheet(sheet, conn.moves);
  updateArbiter();
  updateTable();
  updateDesk();
  updateSeal();
  updateAttention();
  updateKeepSheet();
  updateAssistActions();
}

// ---- the physical procedure: both boards, the clock, repetition, touch reports ---------

function setupTable() {
  for (const color of ['white', 'black']) {
    const el = $(`board-${color}`);
    if (!el) continue;
    const actions = boardActions(conn, color, {
      send: (msg) => request(msg),
      say: (text) => tell(text),
      promotion: $('promotion'),
      view: () => tableViews[color],
    });
    tableViews[color] = new BoardView(el, {
      orientation: color,
      interactive: false,
      onMove: actions.onMove,
      onActivate: actions.onActivate,
      onKey: actions.onKey,
      onSelect: (sq, text) => tell(sq ? t('web-selected', { square: text }) : t('web-deselected')),
    });
  }
  $('press-clock')?.addEventListener('click', pressClock);
  $('talking-clock')?.addEventListener('click', () => request({ type: 'talking_clock' }));
  $('warnings')?.addEventListener('change', async (e) => {
    const on = e.target.checked;
    if (!(await request({ type: 'clock_warnings', on }))) e.target.checked = !on;
  });
  $('repeat-form')?.addEventListener('submit', async (e) => {
    e.preventDefault();
    const text = $('repeat-text').value.trim();
    if (text) await request({ type: 'repeat_move', text });
  });
  $('touch-form')?.addEventListener('submit', async (e) => {
    e.preventDefault();
    const square = $('touch-square').value.trim().toLowerCase();
    if (!/^[a-h][1-8]$/.test(square)) {
      tell(t('web-touch-which'), 'error');
      return;
    }
    if (await request({ type: 'report_touch', square })) $('touch-square').value = '';
  });
  $('touch-uphold')?.addEventListener('click', () => ruling({ type: 'rule_touch', upheld: true }));
  $('touch-reject')?.addEventListener('click', () => ruling({ type: 'rule_touch', upheld: false }));
  $('touch-release')?.addEventListener('click', () => askArbiter({ type: 'release_touch' }, $('touch-release')));
  for (const color of ['white', 'black']) {
    $(`restore-${color}`)?.addEventListener('click', () => ruling({ type: 'restore_board', board: color }));
  }
}

/** Presses the clock. Pressed by its button, the focus then goes to the square last focused
 * on the board of the side that pressed (his screen reader says it): the button is disabled
 * or hidden until his next move, and the board is where that move is made. */
async function pressClock() {
  const fromButton = document.activeElement === $('press-clock');
  const ok = await request({ type: 'press_clock' });
  if (!ok || !fromButton) return;
  const stuck = document.activeElement === $('press-clock') || document.activeElement === document.body;
  const view = tableViews[conn.side()];
  if (stuck && view) view.focusSquare(view.focused);
}

function definition(list, term, value) {
  if (!value) return;
  const dt = document.createElement('dt');
  dt.textContent = term;
  const dd = document.createElement('dd');
  dd.textContent = value;
  list.append(dt, dd);
}

function updateTable() {
  const section = $('table');
  if (!section || !conn?.info) return;
  const physical = conn.physical();
  section.hidden = !physical;
  if ($('physical')) $('physical').hidden = !physical || !canMove();
  if ($('arbiter-table')) $('arbiter-table').hidden = !physical;
  if (!physical) return;
  const last = conn.moves.at(-1);
  // Boards are put right while the game is paused for diverging boards (F8 / D.2.9).
  const interactive = conn.status === 'playing' || conn.info.pause_reason === 'boards_differ';
  for (const color of ['white', 'black']) {
    const b = boardOf(conn, color);
    const view = tableViews[color];
    if (!b || !view) continue;
    view.opts.interactive = interactive && mayUseBoard(color);
    view.setPieces(placementPieces(b.placement), last?.uci, handOf(b));
    $(`board-${color}-heading`).textContent = boardHeading(conn, color);
    const state = $(`board-${color}-state`);
    state.textContent = boardStateText(conn, color);
    // Red only for a board that really differs: a move under way, or the opponent's move not
    // yet made on it, is the normal course of a move.
    state.classList.toggle('error', boardShows(b) === 'differs');
  }
  $('table-hint').textContent = t(canMove() ? 'web-table-hint' : 'web-table-hint-view');
  const table = conn.info.table;
  const info = $('table-info');
  info.replaceChildren();
  definition(info, t('web-table-announced'), announcedWords ? announcedWords.said : table.announced ?? '');
  definition(info, t('web-table-obligation'), obligationText(conn));
  definition(info, t('web-table-illegal'), t('web-illegal-counts', { white: table.illegal_moves.white, black: table.illegal_moves.black }));
  updatePhysical();
  updateArbiterTable();
}

/** The player's and the assistant's part: the clock (only once the move is made, for the
 * visually impaired player's assistant), the talking clock and the touch report. */
function updatePhysical() {
  const box = $('physical');
  if (!box || box.hidden) return;
  const side = conn.side();
  const vi = !!conn.player(side)?.visually_impaired;
  const press = $('press-clock');
  // The clock: the player himself; of the assistants only the visually impaired player's.
  press.hidden = isAssistant() && !isViAssistant();
  press.textContent = isAssistant() ? t('web-press-clock-for', { color: colorName(side) }) : t('web-press-clock');
  $('talking-clock').hidden = !isViAssistant();
  $('warnings-box').hidden = !isViAssistant();
  $('touch-form').hidden = !isViAssistant();
  // Nothing at the table works after the end.
  const over = conn.status === 'over';
  for (const el of box.querySelectorAll('#talking-clock, #warnings, #repeat-form input, #repeat-form button, #touch-form input, #touch-form button')) el.disabled = over;
  const status = $('made-status');
  const mine = turnOf(conn) === side && conn.status === 'playing';
  if (vi && mine) {
    const made = madeStatus(conn, side);
    // The assistant relays the opponent's move to his player's board: said as his task.
    status.textContent = made?.behind && isAssistant()
      ? t('web-made-behind-assistant', { color: colorName(made.behind.color), board: colorName(side), move: made.behind.words })
      : madeText(made);
    press.disabled = !made?.made;
  } else {
    status.textContent = mine ? obligationText(conn) : '';
    press.disabled = conn.status !== 'playing' || !mine;
  }
}

function updateArbiterTable() {
  const box = $('arbiter-table');
  if (!box || box.hidden) return;
  const rules = conn.info.rules;
  $('touch-report-text').textContent = touchReport ? touchReport.text : t('web-arbiter-no-report');
  $('touch-rule').hidden = !touchReport || conn.status === 'over';
  // A touch that was not deliberate is released (D.2.3 / Art. 4.2-4.3), also after the fact.
  const touched = conn.info.table.touched ?? [];
  $('touch-obligation').textContent = obligationText(conn) || t('web-arbiter-no-touch');
  $('touch-release').disabled = touched.length === 0 || conn.status === 'over';
  $('illegal-rule').textContent = t('web-arbiter-illegal-rule', {
    penalty: clockWords(rules.illegal_penalty_ms),
    limit: rules.illegal_moves_lose_at,
  });
  const counts = conn.info.table.illegal_moves;
  $('illegal-counts').textContent = t('web-illegal-counts', { white: counts.white, black: counts.black });
  const list = $('illegal-list');
  list.replaceChildren();
  for (const ev of illegalMoves) {
    const li = document.createElement('li');
    li.textContent = ev.text;
    list.append(li);
  }
  for (const color of ['white', 'black']) {
    const b = boardOf(conn, color);
    const button = $(`restore-${color}`);
    button.disabled = !b || b.matches || conn.status === 'over';
  }
}

/** Follows the events of the table: announcements to repeat, touch reports, illegal moves. */
function trackTable(ev) {
  const side = conn.side();
  switch (ev.kind) {
    case 'announce':
      if (!ev.by.startsWith(side ?? '-') || !canMove()) {
        announcedWords = ev;
        if (conn.info) showAnnouncement(ev);
      }
      break;
    case 'move':
      announcedWords = null;
      touchReport = null;
      break;
    case 'touch_reported':
      touchReport = ev;
      break;
    case 'touch_ruled':
    case 'end':
      touchReport = null;
      break;
    case 'illegal_move':
    case 'illegal_announced':
      illegalMoves.push(ev);
      break;
    case 'default_time_over':
      absent.set(ev.color, ev);
      break;
    case 'arrived':
      absent.delete(ev.color);
      break;
    default:
  }
}

/** The other side's announcement, shown and (if chosen) spoken, ready to be repeated. */
function showAnnouncement(ev) {
  const box = $('announced');
  if (!box) return;
  box.replaceChildren();
  const strong = document.createElement('strong');
  strong.textContent = ev.said;
  box.append(strong);
  voice?.speak(ev.said);
  const input = $('repeat-text');
  if (input && document.activeElement !== input) input.value = ev.said;
}

/** Shows (and speaks, if chosen) the move the other side announced. */
function showAnnounced(move, again = false, quiet = false) {
  const box = $('announced');
  if (!box) return;
  if (!move) {
    box.textContent = t('web-say-no-opponent-move');
    return;
  }
  announced = move;
  const who = colorName(move.color);
  box.replaceChildren();
  const strong = document.createElement('strong');
  strong.textContent = move.short || move.san;
  const full = document.createElement('span');
  full.className = 'full';
  full.textContent = t('web-announced-full', { color: who, move: move.full || move.san, san: move.san });
  box.append(strong, ' ', full);
  if (!quiet) voice?.speak(move.short || move.san, again);
}

function repeat() {
  if (conn?.physical() && canMove()) {
    const words = announcedWords?.said ?? announced?.short ?? announced?.san;
    if (words) request({ type: 'repeat_move', text: words });
    else tell(t('web-say-no-opponent-move'));
    return;
  }
  if (announced) {
    showAnnounced(announced, true);
    tell(t('web-repeated', { move: announced.short || announced.san }));
  } else {
    tell(t('web-say-no-opponent-move'));
  }
}

/** Shows the opponent's standing draw offer to a player, with accept and decline. */
function drawOffer(ev) {
  const box = $('draw-offer');
  if (!box) return;
  const mine = conn.side();
  if (ev.kind === 'draw_offer' && mine && !ev.by.startsWith(mine) && ['white', 'black'].includes(conn.seat)) {
    $('draw-text').textContent = ev.text;
    box.hidden = false;
  } else if (['draw_declined', 'draw_offer_lapsed', 'end', 'move'].includes(ev.kind)) {
    box.hidden = true;
  }
}

function onEvent(ev) {
  trackTable(ev);
  trackDesk(ev);
  update();
  drawOffer(ev);
  if (ev.kind === 'end' && $('actions')) $('actions').hidden = true;
  if (!conn.info) return; // the game so far, replayed on connecting
  if (ev.kind === 'move') {
    const m = conn.moves.find((x) => x.ply === ev.ply);
    tell(moveLine(m), ev.color === conn.side() ? 'mine' : 'theirs');
    if (ev.color !== conn.side() && conn.side()) showAnnounced(m);
    else if (!conn.side()) showAnnounced(m);
  } else {
    const text = eventText(ev);
    if (text) tell(text, ev.kind === 'end' ? 'end' : 'info');
  }
}

async function request(msg, doneId) {
  try {
    await conn.request(msg);
    if (doneId) tell(t(doneId));
    return true;
  } catch (err) {
    tell(errorText(err), 'error');
    return false;
  }
}

async function boardMove(from, to) {
  let role = null;
  if (isPromotion(parseFen(conn.fen).pieces, from, to)) {
    role = await choosePromotion($('promotion'));
    if (!role) return;
  }
  await request({ type: 'move', uci: uciOf(from, to, role) });
}

// ---- the arbiter's tools ---------------------------------------------------------------

function updateArbiter() {
  const pause = $('pause');
  if (!pause) return;
  pause.disabled = conn.status !== 'playing';
  $('start').disabled = conn.status !== 'waiting';
  // A result is corrected only after the end.
  $('correct-submit').disabled = conn.status !== 'over';
  // Resuming waits for the case to be ruled and the boards put right, and an adjourned game
  // resumes when the sealed move is opened.
  $('resume').disabled = conn.status !== 'paused' || desk.caseOpen || desk.adjourned
    || conn.info?.pause_reason === 'boards_differ' || conn.info?.pause_reason === 'adjourned';
  const over = conn.status === 'over';
  for (const el of document.querySelectorAll('#clock-form button, #end-form button')) el.disabled = over;
  const seats = $('seats');
  if (seats && conn.info) {
    seats.replaceChildren();
    for (const seat of conn.info.seats) {
      const li = document.createElement('li');
      const side = seat.startsWith('white') ? 'white' : seat.startsWith('black') ? 'black' : null;
      const player = side ? conn.info[side] : null;
      // An assistant is listed as the assistant of his player, not under the player's name.
      li.textContent = t(seat.endsWith('_assistant') ? 'web-seat-line-assistant' : 'web-seat-line', {
        seat: t('web-seat-name', { seat }),
        name: player?.name || '-',
        lang: t('web-lang-name', { lang: conn.info.languages[seat] ?? 'de' }),
        vi: player?.visually_impaired && (seat === 'white' || seat === 'black') ? 'yes' : 'no',
      });
      seats.append(li);
    }
    const shown = $('rules-shown');
    if (shown && conn.info.rules) {
      shown.replaceChildren(...rulesLines(conn.info.rules).map((line) => {
        const li = document.createElement('li');
        li.textContent = line;
        return li;
      }));
    }
    const tc = conn.info.time_control;
    $('time-control').textContent = t('web-time-control', {
      base: clockWords(tc.base_ms),
      increment: Math.round(tc.increment_ms / 1000),
    });
  }
}

function setupArbiter() {
  if (!$('pause')) return;
  $('start').addEventListener('click', () => request({ type: 'start' }));
  $('pause').addEventListener('click', () => request({ type: 'pause' }));
  $('resume').addEventListener('click', () => request({ type: 'resume' }));
  $('clock-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const minutes = Number($('clock-minutes').value) || 0;
    const seconds = Number($('clock-seconds').value) || 0;
    await ruling({ type: 'set_clock', color: $('clock-color').value, remaining_ms: (minutes * 60 + seconds) * 1000 });
  });
  const confirmBox = $('end-confirm');
  $('end-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const result = $('end-result');
    if ($('end-how').value === 'forfeit') {
      // A forfeit is shown by the server before it is applied (refused once a move was made).
      askArbiter({ type: 'forfeit', result: result.value }, $('end-submit'));
      return;
    }
    $('end-confirm-text').textContent = t('web-end-confirm', { result: result.options[result.selectedIndex].text });
    confirmBox.hidden = false;
    $('end-yes').focus();
  });
  $('end-no').addEventListener('click', () => {
    confirmBox.hidden = true;
    tell(t('web-cancelled'));
    $('end-submit').focus();
  });
  $('end-yes').addEventListener('click', async () => {
    confirmBox.hidden = true;
    await ruling({ type: 'end', result: $('end-result').value });
    $('end-submit').focus();
  });
  $('correct-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const reason = $('correct-reason').value.trim();
    if (!reason) {
      tell(t('error-reason-required'), 'error');
      $('correct-reason').focus();
      return;
    }
    askArbiter({
      type: 'correct_result',
      result: $('correct-result').value,
      forfeit: $('correct-forfeit').checked,
      reason,
    }, $('correct-submit'), () => { $('correct-reason').value = ''; });
  });
  $('arbiter-no').addEventListener('click', () => {
    $('arbiter-confirm').hidden = true;
    const back = arbiterAsked?.from;
    arbiterAsked = null;
    tell(t('web-cancelled'));
    back?.focus();
  });
  $('arbiter-yes').addEventListener('click', async () => {
    $('arbiter-confirm').hidden = true;
    const asked = arbiterAsked;
    arbiterAsked = null;
    if (!asked) return;
    if (await request(asked.msg)) {
      noteUsed(asked.msg);
      asked.done?.();
    }
    asked.from?.focus();
  });
}

/** A ruling with the arbiter's note (the note field's text, if any). */
function withNote(msg) {
  const note = $('ruling-note')?.value.trim();
  return note ? { ...msg, note } : msg;
}

/** The note went with a ruling that was applied: the field is emptied for the next one. */
function noteUsed(msg) {
  if (msg.note && $('ruling-note')) $('ruling-note').value = '';
}

/** One of the arbiter's rulings applied at once, with his note. */
async function ruling(msg) {
  const sent = withNote(msg);
  const ok = await request(sent);
  if (ok) noteUsed(sent);
  return ok;
}

/** The ruling shown by the server and waiting for the arbiter's confirmation (a touch
 *  released, a forfeit, a result corrected): the message to send again, confirmed, the
 *  control to go back to, and what to do once it is applied. */
let arbiterAsked = null;

/** Asks the server what `msg` would do (its `confirm`, nothing changed yet) and shows it;
 *  **Apply the ruling** sends it confirmed, **Cancel** leaves everything as it was. */
async function askArbiter(msg, from, done) {
  const sent = withNote(msg);
  let reply;
  try {
    reply = await conn.request(sent);
  } catch (err) {
    tell(errorText(err), 'error');
    return;
  }
  if (reply?.type !== 'confirm') return;
  arbiterAsked = { msg: { ...sent, confirmed: true }, from, done };
  $('arbiter-confirm-text').textContent = reply.message;
  $('arbiter-confirm').hidden = false;
  tell(reply.message);
  $('arbiter-yes').focus();
}

// ---- the arbiter's desk: diverging boards, reconciliation, scoresheets, exports, adjournment

/** An HTTP request of this game with the seat's token. */
function api(path) {
  return fetch(`/api/games/${encodeURIComponent(conn.gameId)}/${path}`, {
    headers: { authorization: `Bearer ${conn.token}`, 'accept-language': lang() },
  });
}

/** The refusal of an HTTP request as a sentence (the server's message, else a general one). */
async function httpError(response) {
  try {
    return (await response.json()).message || t('web-failed');
  } catch {
    return t('web-failed');
  }
}

let sheetsTimer = null;

function trackDesk(ev) {
  switch (ev.kind) {
    case 'boards_diverged':
      desk.divergence = ev;
      desk.caseOpen = true;
      desk.ruling = null;
      break;
    case 'ruled':
      desk.ruling = ev;
      break;
    case 'reconciled':
      desk.caseOpen = false;
      break;
    case 'adjournment_called':
      desk.adjournment = ev;
      desk.adjourned = false;
      desk.sealed = null;
      break;
    case 'move_sealed':
      if (ev.sealed) desk.sealed = ev.sealed;
      break;
    case 'adjourned':
      desk.adjourned = true;
      if (conn.info) loadEnvelope();
      break;
    case 'seal_opened':
      desk.adjournment = null;
      desk.adjourned = false;
      if (conn.info) loadEnvelope();
      break;
    case 'end':
      desk.adjournment = null;
      break;
    default:
  }
  if ($('desk') && conn.info && (ev.kind.startsWith('sheet_') || ev.kind === 'move' || ev.kind === 'ruled')) loadSheetsSoon();
  if ($('incidents') && conn.info) loadIncidentsSoon();
  if ($('own-sheet') && conn.info && (ev.kind.startsWith('sheet_') || ev.kind === 'ruled')) loadOwnSheetSoon();
}

// ---- keeping one's own scoresheet (a player; the VI player's assistant keeps his) -------

/** Whether this seat keeps its side's scoresheet: a player his own, the visually impaired
 *  player's assistant his player's (D.2.10.3). */
function keepsSheet() {
  return conn.seat === 'white' || conn.seat === 'black' || isViAssistant();
}

let sheetTyped = false;

/** The next entry to write: the last move of the game (the one just played), unless the
 *  keeper already chose another. */
function updateKeepSheet() {
  const box = $('keep-sheet');
  if (!box || !conn.info) return;
  box.hidden = !keepsSheet();
  if (box.hidden || sheetTyped) return;
  const last = conn.moves.at(-1);
  if (last) {
    $('keep-number').value = String(last.number);
    $('keep-side').value = last.color;
  } else if (!$('keep-number').value) {
    $('keep-number').value = '1';
    $('keep-side').value = 'white';
  }
}

let ownSheetTimer = null;

function loadOwnSheetSoon() {
  clearTimeout(ownSheetTimer);
  ownSheetTimer = setTimeout(loadOwnSheet, 100);
}

/** The side's scoresheet as it stands (the server's text in its language), apart from the
 *  game's record. */
async function loadOwnSheet() {
  const pre = $('own-sheet');
  if (!pre || !keepsSheet()) return;
  try {
    const response = await api(`sheets/${conn.side()}`);
    pre.textContent = response.ok ? await response.text() : await httpError(response);
  } catch {
    pre.textContent = t('web-failed');
  }
}

/** The visually impaired player's assistant claims on time for him (D.2.10.5). */
function updateAssistActions() {
  const box = $('assist-actions');
  if (!box || !conn.info) return;
  box.hidden = !isViAssistant();
  $('assist-time').disabled = conn.status === 'over';
}

function setupKeepSheet() {
  $('assist-time')?.addEventListener('click', () => request({ type: 'claim_time' }));
  const form = $('keep-sheet-form');
  if (!form) return;
  const slot = () => ({ number: Number($('keep-number').value), side: $('keep-side').value });
  const valid = () => {
    const { number } = slot();
    if (Number.isInteger(number) && number >= 1) return true;
    tell(t('web-keep-number-needed'), 'error');
    $('keep-number').focus();
    return false;
  };
  for (const id of ['keep-number', 'keep-side']) {
    $(id).addEventListener('change', () => { sheetTyped = true; });
  }
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!valid()) return;
    const text = $('keep-text').value.trim();
    if (!text) {
      tell(t('web-keep-entry-needed'), 'error');
      $('keep-text').focus();
      return;
    }
    const ok = await request({ type: 'write_sheet', ...slot(), text, draw_offer: $('keep-draw').checked });
    if (ok) {
      // On to the next entry: Black's move of the same number, else White's of the next.
      const { number, side } = slot();
      $('keep-number').value = String(side === 'white' ? number : number + 1);
      $('keep-side').value = side === 'white' ? 'black' : 'white';
      $('keep-text').value = '';
      $('keep-draw').checked = false;
      sheetTyped = true;
      loadOwnSheetSoon();
    }
    $('keep-text').focus();
  });
  $('keep-strike').addEventListener('click', async () => {
    if (!valid()) return;
    if (await request({ type: 'strike_sheet', ...slot() })) loadOwnSheetSoon();
  });
  for (const button of document.querySelectorAll('[data-export="own-brf"]')) {
    button.addEventListener('click', () => download(`sheets/${conn.side()}/brf`));
  }
}

// ---- the arbiter's incident record and what needs him (issue 18) ----------------------

let incidentsTimer = null;

function loadIncidentsSoon() {
  clearTimeout(incidentsTimer);
  incidentsTimer = setTimeout(loadIncidents, 150);
}

/** The incident record, derived by the server from the stored log (so it survives a reload). */
async function loadIncidents() {
  const list = $('incidents');
  if (!list) return;
  const response = await api('incidents.json').catch(() => null);
  if (!response?.ok) return;
  const lines = await response.json();
  fillList(list, lines.length ? lines.map((l) => l.text) : [t('web-incidents-none')]);
}

/** What needs the arbiter now, at the top of his page: each item a link to its place. */
function updateAttention() {
  const list = $('attention-list');
  if (!list || !conn.info) return;
  const items = [];
  if (conn.status === 'waiting') items.push([t('web-attention-waiting'), 'controls-heading']);
  if (conn.status !== 'over') for (const ev of absent.values()) items.push([ev.text, 'controls-heading']);
  if (touchReport && conn.status !== 'over') items.push([t('web-attention-touch'), 'touch-heading']);
  if (desk.caseOpen) items.push([t('web-attention-case'), 'divergence-heading']);
  if (desk.adjournment && !desk.adjourned) items.push([t('web-attention-adjourn'), 'adjourn-heading']);
  if (desk.adjourned) items.push([t('web-attention-adjourned'), 'adjourn-heading']);
  if (conn.status === 'paused' && !desk.caseOpen && !desk.adjourned) items.push([t('web-attention-paused'), 'controls-heading']);
  list.replaceChildren();
  if (!items.length) {
    const li = document.createElement('li');
    li.textContent = t('web-attention-none');
    list.append(li);
    return;
  }
  for (const [text, target] of items) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `#${target}`;
    a.textContent = text;
    li.append(a);
    list.append(li);
  }
}

function pieceWord(letter) {
  return letter ? coloredPiece(pieceOfLetter(letter)) : t('web-desk-empty');
}

function fillList(list, items) {
  list.replaceChildren();
  for (const text of items) {
    const li = document.createElement('li');
    li.textContent = text;
    list.append(li);
  }
}

function updateDesk() {
  if (!$('desk') || !conn?.info) return;
  const over = conn.status === 'over';
  $('divergence').hidden = !conn.physical();
  $('divergence-text').textContent = desk.caseOpen ? desk.divergence?.text ?? '' : t('web-desk-no-case');
  fillList($('divergence-list'), desk.caseOpen && desk.divergence
    ? desk.divergence.differences.map((d) => t('web-desk-difference', {
      board: colorName(d.board),
      square: squareName(d.square),
      found: pieceWord(d.found),
      expected: pieceWord(d.expected),
    }))
    : []);
  $('compare-boards').disabled = desk.caseOpen || over;
  $('reconcile').disabled = !desk.caseOpen || over;
  $('undo-ruling').disabled = !desk.ruling || over;
  // The override needs an open case; nothing works after the end.
  for (const el of document.querySelectorAll('#override-form button, #override-ply')) el.disabled = !desk.caseOpen || over;
  for (const el of document.querySelectorAll('#restore-white, #restore-black')) el.disabled = over;
  // Each step names its board: a case has steps for both.
  fillList($('steps-list'), desk.ruling
    ? desk.ruling.steps.map((step) => t('web-desk-step', { board: colorName(step.board), text: step.text }))
    : []);
  fillList($('ruling-log'), desk.ruling ? desk.ruling.log : []);
  const a = desk.adjournment;
  $('adjourn-text').textContent = desk.adjourned
    ? t('web-desk-adjourned')
    : a ? t('web-desk-adjourn-called', { color: colorName(a.sealer) }) : t('web-desk-no-adjournment');
  $('adjourn').disabled = !!a || over;
  $('open-sealed').disabled = !desk.adjourned;
}

function loadSheetsSoon() {
  clearTimeout(sheetsTimer);
  sheetsTimer = setTimeout(loadSheets, 100);
}

async function loadSheets() {
  for (const color of ['white', 'black']) {
    const pre = $(`sheet-${color}`);
    try {
      const response = await api(`sheets/${color}`);
      pre.textContent = response.ok ? await response.text() : await httpError(response);
    } catch {
      pre.textContent = t('web-failed');
    }
  }
}

async function loadEnvelope() {
  const dl = $('envelope');
  if (!dl) return;
  dl.replaceChildren();
  const response = await api('envelope').catch(() => null);
  if (!response?.ok) return;
  const env = await response.json();
  definition(dl, t('web-envelope-status'), t('web-envelope-state', { status: env.status }));
  definition(dl, t('web-envelope-sealer'), t('web-envelope-move', { color: colorName(env.sealer), number: env.move_number }));
  definition(dl, t('web-envelope-times'), t('web-envelope-clocks', { white: clockWords(env.white_ms), black: clockWords(env.black_ms) }));
  if (env.sealed_move) definition(dl, t('web-envelope-sealed'), env.sealed_move);
  if (env.resume_at_ms) definition(dl, t('web-envelope-resume'), new Date(env.resume_at_ms).toLocaleString(lang()));
}

/** Downloads an export (PGN, a scoresheet as text or BRF) with the seat's token. */
async function download(path) {
  const status = $('export-status');
  // A round's board (its desk opened from the round desk): the report the arbiter signs
  // comes from the round, with the board in its header and its name.
  const hash = new URLSearchParams(location.hash.slice(1));
  const [round, board] = [hash.get('round'), hash.get('board')];
  const fromRound = path === 'incidents' && round && /^\d+$/.test(board ?? '');
  const response = await (fromRound
    ? fetch(`/api/rounds/${encodeURIComponent(round)}/boards/${board}/incidents`, {
      headers: { authorization: `Bearer ${conn.token}`, 'accept-language': lang() },
    })
    : api(path)).catch(() => null);
  if (!response?.ok) {
    status.textContent = response ? await httpError(response) : t('web-failed');
    return;
  }
  const blob = await response.blob();
  const ext = path.endsWith('brf') ? 'brf' : path.startsWith('pgn') ? 'pgn' : 'txt';
  const given = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const name = given ?? `${conn.gameId}-${path.replace(/[/?=]/g, '-')}.${ext}`.replace('-brf.brf', '.brf');
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  status.textContent = t('web-export-done', { name });
}

function setupDesk() {
  if (!$('desk')) return;
  $('compare-boards').addEventListener('click', () => request({ type: 'compare_boards' }));
  $('reconcile').addEventListener('click', () => askRuling({ type: 'reconcile' }, $('reconcile')));
  $('undo-ruling').addEventListener('click', () => askRuling({ type: 'undo_ruling' }, $('undo-ruling')));
  $('override-form').addEventListener('submit', (e) => {
    e.preventDefault();
    // No default: the arbiter names the half-move himself.
    const field = $('override-ply');
    const ply = field.value.trim() === '' ? NaN : Number(field.value);
    if (!Number.isInteger(ply) || ply < 0) {
      tell(t('web-desk-override-empty'), 'error');
      field.focus();
      return;
    }
    askRuling({ type: 'reconcile', ply }, field);
  });
  $('ruling-no').addEventListener('click', () => {
    $('ruling-confirm').hidden = true;
    const back = rulingAsked?.from;
    rulingAsked = null;
    tell(t('web-cancelled'));
    back?.focus();
  });
  $('ruling-yes').addEventListener('click', async () => {
    $('ruling-confirm').hidden = true;
    const asked = rulingAsked;
    rulingAsked = null;
    if (!asked) return;
    if (await request(asked.msg)) noteUsed(asked.msg);
    asked.from?.focus();
  });
  for (const button of document.querySelectorAll('[data-export]')) {
    button.addEventListener('click', () => download(button.dataset.export));
  }
  $('adjourn-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const at = $('adjourn-at').value ? new Date($('adjourn-at').value).getTime() : null;
    request({ type: 'call_adjournment', ...(at ? { resume_at_ms: at } : {}) });
  });
  $('open-sealed').addEventListener('click', () => request({ type: 'open_sealed' }));
}

/** The ruling shown and waiting for the arbiter's confirmation: the message to send again
 *  (confirmed, with the consequence he was shown) and the control to go back to. */
let rulingAsked = null;

/** A ruling (`reconcile`, `undo_ruling`) is first shown with its consequence (the server's
 *  `confirm`); it is applied only when the arbiter confirms that consequence. */
async function askRuling(asked, from) {
  const msg = withNote(asked);
  let reply;
  try {
    reply = await conn.request(msg);
  } catch (err) {
    tell(errorText(err), 'error');
    return;
  }
  if (reply?.type !== 'confirm') return;
  rulingAsked = {
    msg: { ...msg, confirmed: true, ...(reply.ruling ? { take_back: reply.ruling.take_back } : {}) },
    from,
  };
  $('ruling-confirm-text').textContent = reply.message;
  $('ruling-confirm').hidden = false;
  tell(reply.message);
  $('ruling-yes').focus();
}

/** The sealed move (Appendix A): the sealer (or the visually impaired player's assistant). */
function updateSeal() {
  const box = $('seal');
  if (!box || !conn?.info) return;
  const a = desk.adjournment;
  const sealer = !!a && !desk.adjourned && a.sealer === conn.side()
    && (conn.seat === a.sealer || isViAssistant());
  box.hidden = !sealer;
  if (!sealer) return;
  $('seal-text').textContent = desk.sealed ? t('web-seal-written', { move: desk.sealed }) : t('web-seal-now');
  // The sealed move is read in the sealer's language (his scoresheet's).
  $('seal-hint').textContent = t('web-seal-hint', {
    color: colorName(a.sealer),
    lang: t('web-lang-name', { lang: conn.info.languages[a.sealer] ?? 'de' }),
  });
}

function setupSeal() {
  if (!$('seal')) return;
  $('seal-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const text = $('seal-move').value.trim();
    if (text) await request({ type: 'seal_move', text });
  });
  $('seal-stop').addEventListener('click', () => request({ type: 'seal_stop_clock' }));
}

// ---- a player's own actions: offer a draw, resign, claim on time ----------------------

const ACTIONS = {
  'act-offer': { action: 'offer', msg: { type: 'offer_draw', confirmed: true } },
  'act-resign': { action: 'resign', msg: { type: 'resign', confirmed: true } },
  'act-time': { action: 'time', msg: { type: 'claim_time' } },
};

function setupActions() {
  const box = $('act-confirm');
  if (!box) return;
  let chosen = null;
  for (const [id, a] of Object.entries(ACTIONS)) {
    $(id).addEventListener('click', () => {
      chosen = id;
      $('act-confirm-text').textContent = t('web-act-confirm', { action: a.action });
      box.hidden = false;
      $('act-yes').focus();
    });
  }
  $('act-no').addEventListener('click', () => {
    box.hidden = true;
    tell(t('web-cancelled'));
    $(chosen).focus();
  });
  $('act-yes').addEventListener('click', async () => {
    box.hidden = true;
    await request(ACTIONS[chosen].msg);
    $(chosen).focus();
  });
}

// ---- start -----------------------------------------------------------------------------

async function main() {
  await loadStrings(document.documentElement.lang);
  setupLanguageMenu();
  if ($('speak')) {
    voice = new Voice(lang(), `hamle-${page}-speech`);
    const speak = $('speak');
    speak.checked = voice.enabled;
    speak.disabled = !voice.available();
    speak.addEventListener('change', () => {
      voice.setEnabled(speak.checked);
      tell(t(speak.checked ? 'web-speech-on' : 'web-speech-off'));
    });
  }
  board = new BoardView($('board'), {
    interactive: false,
    onMove: boardMove,
  });
  setupArbiter();
  setupActions();
  $('repeat')?.addEventListener('click', repeat);
  $('draw-accept')?.addEventListener('click', () => request({ type: 'accept_draw' }));
  $('draw-decline')?.addEventListener('click', () => request({ type: 'decline_draw' }));
  document.addEventListener('keydown', (e) => {
    if (!$('repeat') || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest?.('input, select, textarea, dialog')) return;
    if (e.key === 'r' || e.key === 'R') {
      e.preventDefault();
      repeat();
    } else if ((e.key === 'c' || e.key === 'C') && conn?.physical() && $('physical') && !$('physical').hidden
      && !$('press-clock').hidden && !$('press-clock').disabled) {
      e.preventDefault();
      pressClock();
    }
  });

  const link = seatLink();
  if (!link) {
    tell(t('web-bad-link'), 'error');
    return;
  }
  conn = new GameConnection({ ...link, lang: lang() });
  setupTable();
  setupDesk();
  setupSeal();
  setupKeepSheet();
  showConnection(conn, { status: $('status'), log: $('log') });
  runClocks(conn, document);
  let first = true;
  conn.addEventListener('state', () => {
    // By the physical procedure moves are made on the boards at the table.
    board.opts.interactive = canMove() && !conn.physical();
    if (conn.physical()) {
      $('board-heading').textContent = t('web-table-game');
      $('board-hint').textContent = t('web-table-game-hint');
    }
    if ($('actions')) $('actions').hidden = !['white', 'black'].includes(conn.seat) || conn.status === 'over';
    board.setOrientation(conn.side() ?? 'white');
    $('title').textContent = playersTitle(conn);
    document.title = `${playersTitle(conn)} – hamle`;
    for (const color of ['white', 'black']) {
      const label = document.querySelector(`[data-clock="${color}"] .who`);
      if (label) label.textContent = conn.player(color)?.name ? `${colorName(color)}, ${conn.player(color).name}` : colorName(color);
    }
    update();
    // A move taken back by a ruling is no longer "announced": show the opponent's last move
    // of the game as it stands (without saying it again).
    if (!first && $('announced') && announced
      && !conn.moves.some((m) => m.ply === announced.ply && m.uci === announced.uci)) {
      const theirs = [...conn.moves].reverse().find((m) => m.color !== conn.side());
      announced = null;
      showAnnounced(theirs ?? null, false, true);
    }
    if (first) {
      first = false;
      if ($('desk')) {
        loadSheets();
        loadIncidents();
      }
      if ($('own-sheet')) {
        updateKeepSheet();
        loadOwnSheet();
        if (desk.adjourned || conn.info.pause_reason === 'adjourned') loadEnvelope();
      }
      tell(t('web-seat-ready', { seat: t('web-seat-name', { seat: conn.seat }) }));
      const theirs = [...conn.moves].reverse().find((m) => m.color !== conn.side());
      if ($('announced')) showAnnounced(theirs ?? null);
    }
  });
  conn.addEventListener('gameevent', (e) => onEvent(e.detail));
  // The player's electronic board (issue 33): what the server says of it, as it says it.
  conn.addEventListener('other', (e) => {
    const msg = e.detail;
    if (msg.type === 'board_status') tell(msg.text, msg.status === 'refused' ? 'error' : 'info');
  });

  const form = $('command-form');
  form?.addEventListener('submit', async (e) => {
    e.preventDefault();
    const input = $('command');
    const text = input.value.trim();
    if (!text) return;
    input.value = '';
    await request({ type: 'announce', text });
  });
  conn.connect();
}

main();
