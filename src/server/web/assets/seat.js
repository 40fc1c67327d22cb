// The pages of the sighted seats: the sighted player (`/board`, also the spectator's), the
// assistant (`/assistant`) and the arbiter (`/arbiter`). Which parts a page has is read from
// its markup: `data-page` on <body> and the elements present.

import { loadStrings, t, lang } from './i18n.js';
import { colorName, isPromotion, parseFen } from './chess.js';
import { GameConnection, seatLink } from './conn.js';
import {
  say, setupLanguageMenu, moveLine, errorText, eventText, statusText, showConnection, playersTitle,
  runClocks, renderScoresheet, clockWords,
} from './ui.js';
import { BoardView, choosePromotion, uciOf } from './boardview.js';
import { Voice } from './speech.js';

const $ = (id) => document.getElementById(id);
const page = document.body.dataset.page;

let conn;
let board;
let voice;
let announced = null; // the last move of the other side, to repeat

function tell(text, kind = 'info') {
  say($('log'), text, kind);
}

function canMove() {
  return ['white', 'black', 'white_assistant', 'black_assistant'].includes(conn.seat);
}

function update() {
  const last = conn.moves.at(-1);
  board.setFen(conn.fen, last?.uci);
  $('status').textContent = statusText(conn);
  const sheet = $('scoresheet-body');
  if (sheet) renderScoresheet(sheet, conn.moves);
  updateArbiter();
}

/** Shows (and speaks, if chosen) the move the other side announced. */
function showAnnounced(move, again = false) {
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
  voice?.speak(move.short || move.san, again);
}

function repeat() {
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
  $('resume').disabled = conn.status !== 'paused';
  const over = conn.status === 'over';
  for (const el of document.querySelectorAll('#clock-form button, #end-form button')) el.disabled = over;
  const seats = $('seats');
  if (seats && conn.info) {
    seats.replaceChildren();
    for (const seat of conn.info.seats) {
      const li = document.createElement('li');
      const side = seat.startsWith('white') ? 'white' : seat.startsWith('black') ? 'black' : null;
      const player = side ? conn.info[side] : null;
      li.textContent = t('web-seat-line', {
        seat: t('web-seat-name', { seat }),
        name: player?.name || '-',
        lang: t('web-lang-name', { lang: conn.info.languages[seat] ?? 'de' }),
        vi: player?.visually_impaired && (seat === 'white' || seat === 'black') ? 'yes' : 'no',
      });
      seats.append(li);
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
  $('pause').addEventListener('click', () => request({ type: 'pause' }));
  $('resume').addEventListener('click', () => request({ type: 'resume' }));
  $('clock-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const minutes = Number($('clock-minutes').value) || 0;
    const seconds = Number($('clock-seconds').value) || 0;
    await request({ type: 'set_clock', color: $('clock-color').value, remaining_ms: (minutes * 60 + seconds) * 1000 });
  });
  const confirmBox = $('end-confirm');
  $('end-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const result = $('end-result');
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
    await request({ type: 'end', result: $('end-result').value });
    $('end-submit').focus();
  });
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
    }
  });

  const link = seatLink();
  if (!link) {
    tell(t('web-bad-link'), 'error');
    return;
  }
  conn = new GameConnection({ ...link, lang: lang() });
  showConnection(conn, { status: $('status'), log: $('log') });
  runClocks(conn, document);
  let first = true;
  conn.addEventListener('state', () => {
    board.opts.interactive = canMove();
    if ($('actions')) $('actions').hidden = !['white', 'black'].includes(conn.seat) || conn.status === 'over';
    board.setOrientation(conn.side() ?? 'white');
    $('title').textContent = playersTitle(conn);
    document.title = `${playersTitle(conn)} – hamle`;
    for (const color of ['white', 'black']) {
      const label = document.querySelector(`[data-clock="${color}"] .who`);
      if (label) label.textContent = conn.player(color)?.name ? `${colorName(color)}, ${conn.player(color).name}` : colorName(color);
    }
    update();
    if (first) {
      first = false;
      tell(t('web-seat-ready', { seat: t('web-seat-name', { seat: conn.seat }) }));
      const theirs = [...conn.moves].reverse().find((m) => m.color !== conn.side());
      if ($('announced')) showAnnounced(theirs ?? null);
    }
  });
  conn.addEventListener('gameevent', (e) => onEvent(e.detail));

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
