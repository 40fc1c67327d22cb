// The round desk: every board of a round (status, clocks, last move) and the alerts that need
// the arbiter, in the order they happened, announced in a live region; start (every board or
// one), pause and resume every
// board; each board's desk one link away; a board's seat links issued again and its sheet
// printed again (issue 31). One WebSocket per round (docs/protocol.md).

import { loadStrings, t, lang, sentences } from './i18n.js';
import { setupLanguageMenu, clockDigits } from './ui.js';
import { seatSheet } from './sheets.js';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.hash.slice(1));
const roundId = params.get('round') || '';
const token = params.get('token') || '';
const boards = new Map();
/** The open alerts shown before "Show all" (the boards table stays on the screen). */
const SHOWN = 3;
let showAll = false;

function deskUrl(game, board) {
  const url = new URL('/arbiter', location.origin);
  url.searchParams.set('lang', lang());
  // The round and the board: the board's desk downloads its report by them (issue 31).
  url.hash = `game=${encodeURIComponent(game)}&token=${encodeURIComponent(token)}`
    + `&round=${encodeURIComponent(roundId)}&board=${encodeURIComponent(board)}`;
  return url.toString();
}

function deskLink(line) {
  const a = document.createElement('a');
  a.href = deskUrl(line.game, line.board);
  a.target = '_blank';
  a.rel = 'noopener';
  a.textContent = t('web-round-desk-of', { board: line.board });
  return a;
}

function player(p) {
  return p.visually_impaired ? t('web-round-player-vi', { name: p.name }) : p.name;
}

function statusOf(line) {
  if (line.status === 'paused' && line.pause_reason) return t('web-round-paused-why', { reason: line.pause_reason });
  return t('web-round-status', { status: line.status, result: line.result ?? '' });
}

function lastMove(line) {
  const m = line.last_move;
  return m ? t('web-round-last', { number: m.number, color: m.color, san: m.san }) : '';
}

/** The time left on a clock now (the running one counted down since the line came). */
function remaining(line, color) {
  if (!line.clock) return null;
  const ms = line.clock[`${color}_ms`];
  if (line.clock.running === color && line.status === 'playing') {
    return Math.max(0, ms - (performance.now() - line.received));
  }
  return ms;
}

function row(line) {
  let tr = document.getElementById(`board-${line.board}`);
  if (!tr) {
    tr = document.createElement('tr');
    tr.id = `board-${line.board}`;
    const th = document.createElement('th');
    th.scope = 'row';
    tr.append(th);
    for (let i = 0; i < 7; i++) tr.append(document.createElement('td'));
    $('board-rows').append(tr);
  }
  const cells = tr.children;
  cells[0].textContent = String(line.board);
  cells[1].textContent = player(line.white);
  cells[2].textContent = player(line.black);
  cells[3].textContent = statusOf(line);
  cells[6].textContent = lastMove(line);
  cells[7].replaceChildren(deskLink(line), ...(line.status === 'waiting' ? [' ', startButton(line.board)] : []));
  renderClocks(line);
}

function renderClocks(line) {
  const tr = document.getElementById(`board-${line.board}`);
  if (!tr) return;
  for (const [i, color] of [[4, 'white'], [5, 'black']]) {
    const ms = remaining(line, color);
    tr.children[i].textContent = ms === null ? '' : clockDigits(ms);
  }
}

function sortRows() {
  const rows = [...$('board-rows').children];
  rows.sort((a, b) => Number(a.id.slice(6)) - Number(b.id.slice(6)));
  $('board-rows').append(...rows);
}

function board(line) {
  line.received = performance.now();
  boards.set(line.board, line);
  row(line);
  linksBoardOption(line);
}

/** The board in the "Seat links issued again" menu, in board order. */
function linksBoardOption(line) {
  const select = $('links-board');
  let option = select.querySelector(`option[value="${line.board}"]`);
  if (!option) {
    option = document.createElement('option');
    option.value = String(line.board);
    const after = [...select.options].find((o) => Number(o.value) > line.board);
    select.insertBefore(option, after || null);
  }
  option.textContent = t('web-round-sheet-heading', { board: line.board, white: line.white.name, black: line.black.name });
}

/** What the arbiter is about to do: which links of which board stop working. */
function askLinks() {
  const seat = $('links-seat').value;
  const n = $('links-board').value;
  if (!n) return;
  $('links-status').textContent = '';
  $('links-question').textContent = t('web-round-links-question', {
    board: n,
    seat: seat ? t('web-seat-name', { seat }) : '',
    all: seat ? 'no' : 'yes',
  });
  $('links-confirm').hidden = false;
  $('links-question').focus();
}

function closeQuestion(focus) {
  $('links-confirm').hidden = true;
  if (focus) $('links-issue').focus();
}

/**
 * Issues the links asked for again (POST /api/rounds/{id}/boards/{n}/links) and shows the
 * board's sheet with them, ready to print.
 */
async function issueLinks() {
  const n = $('links-board').value;
  const seat = $('links-seat').value;
  closeQuestion(false);
  const out = $('links-status');
  $('links-issue').disabled = true;
  try {
    const response = await fetch(`/api/rounds/${encodeURIComponent(roundId)}/boards/${encodeURIComponent(n)}/links`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang(), 'content-type': 'application/json' },
      body: JSON.stringify({ seats: seat ? [seat] : [], origin: location.origin }),
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      out.textContent = data.message || t('web-failed');
      $('links-issue').focus();
      return;
    }
    $('links-sheet').replaceChildren(seatSheet(data, data));
    $('links-print').hidden = false;
    out.textContent = t('web-round-links-done', { board: data.board, count: data.seats.length });
    $('links-print').focus();
  } catch {
    out.textContent = t('web-failed');
  } finally {
    $('links-issue').disabled = false;
  }
}

/** Prints the sheet just issued, and nothing else of the desk. */
function printSheet() {
  document.body.classList.add('print-sheet');
  window.print();
  document.body.classList.remove('print-sheet');
}

/** Open alerts, then the history: the counts, the status line, the cap of open ones shown. */
function countAlerts() {
  const open = $('alert-list').children.length;
  const closed = $('history-list').children.length;
  $('alert-count').textContent = open ? t('web-round-alert-count', { count: open }) : '';
  $('no-alerts').hidden = open > 0;
  $('history-count').textContent = t('web-round-history-count', { count: closed });
  $('no-history').hidden = closed > 0;
  [...$('alert-list').children].forEach((li, i) => { li.hidden = !showAll && i >= SHOWN; });
  const more = $('alerts-all');
  more.hidden = open <= SHOWN;
  more.textContent = showAll ? t('web-round-alerts-fewer') : t('web-round-alerts-all', { count: open });
  more.setAttribute('aria-expanded', String(showAll));
  if (boards.size) $('round-status').textContent = t('web-round-connected', { boards: boards.size, open });
}

/** When something happened, as the arbiter's clock on the wall shows it (hours, minutes). */
function clockTime(ms) {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

function timeElement(ms) {
  const el = document.createElement('time');
  el.dateTime = new Date(ms).toISOString();
  el.textContent = clockTime(ms);
  return el;
}

/** An alert's case closed (or the arbiter cleared it): it moves to the history. */
function close(li, atMs, byHand) {
  if (!li || li.parentElement === $('history-list')) return;
  const focused = li.contains(document.activeElement);
  const next = li.nextElementSibling || li.previousElementSibling;
  li.querySelector('button.alert-done')?.remove();
  li.hidden = false;
  const when = document.createElement('span');
  when.className = 'alert-closed';
  when.append(' ', byHand ? t('web-round-alert-cleared', { time: clockTime(atMs) }) : t('web-round-alert-closed', { time: clockTime(atMs) }));
  li.append(when);
  $('history-list').prepend(li);
  countAlerts();
  if (focused) (next?.querySelector('button') || $('alerts-heading')).focus();
}

function alert(a) {
  if (document.querySelector(`[data-alert="${a.game}-${a.seq}"]`)) return;
  const li = document.createElement('li');
  li.dataset.alert = `${a.game}-${a.seq}`;
  li.dataset.kind = a.kind;
  li.className = `alert alert-${a.kind}`;
  const text = document.createElement('span');
  text.className = 'alert-text';
  text.textContent = a.text;
  const done = document.createElement('button');
  done.type = 'button';
  done.className = 'alert-done';
  done.textContent = t('web-round-alert-done');
  done.setAttribute('aria-label', t('web-round-alert-done-label', { text: a.text }));
  done.addEventListener('click', () => close(li, Date.now(), true));
  li.append(timeElement(a.at_ms), ' ', text, ' ', deskLink({ board: a.board, game: a.game }), ' ', done);
  $('alert-list').append(li);
  if (a.closed_at_ms != null) close(li, a.closed_at_ms, false);
  countAlerts();
  if (!a.past) {
    const p = document.createElement('p');
    p.textContent = a.text;
    $('round-live').append(p);
    while ($('round-live').children.length > 50) $('round-live').firstElementChild.remove();
  }
}

function onMessage(msg) {
  if (msg.type === 'round') {
    $('round-name').textContent = t('web-round-name', { event: msg.event || '-', round: msg.round, site: msg.site || '-' });
    $('board-rows').replaceChildren();
    for (const line of msg.boards) board(line);
    sortRows();
    $('alert-list').replaceChildren();
    $('history-list').replaceChildren();
    for (const a of msg.alerts) alert(a);
    countAlerts();
  } else if (msg.type === 'board') {
    board(msg);
  } else if (msg.type === 'alert') {
    alert(msg);
  } else if (msg.type === 'alert_closed') {
    close(document.querySelector(`#alert-list [data-alert="${msg.game}-${msg.seq}"]`), msg.at_ms, false);
  } else if (msg.type === 'error') {
    $('round-status').textContent = msg.message || t('web-failed');
  }
}

let retry = 1000;
function connect() {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new WebSocket(`${scheme}://${location.host}/api/rounds/${encodeURIComponent(roundId)}/ws`);
  let bad = false;
  ws.addEventListener('open', () => {
    retry = 1000;
    ws.send(JSON.stringify({ type: 'hello', token, lang: lang() }));
  });
  ws.addEventListener('message', (e) => {
    const msg = JSON.parse(e.data);
    if (msg.type === 'error' && msg.code === 'bad_token') bad = true;
    onMessage(msg);
  });
  ws.addEventListener('close', () => {
    if (bad) return;
    $('round-status').textContent = t('web-round-reconnecting');
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 15000);
  });
}

/** The buttons that act on every board (and each board's start). */
function allButtons() {
  return [$('start-all'), $('pause-all'), $('resume-all'), $('results-trf'), $('results-csv'), $('results-incidents'), $('links-issue'), ...document.querySelectorAll('button.start-board')];
}

/** A waiting board's own start button (Art. 6.5), in its desk cell. */
function startButton(n) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'start-board';
  b.textContent = t('web-round-start-board', { board: n });
  b.addEventListener('click', () => everyBoard('start', n));
  return b;
}

async function everyBoard(what, only) {
  const out = $('all-result');
  out.textContent = '';
  for (const b of allButtons()) b.disabled = true;
  try {
    const path = only ? `boards/${only}/${what}` : what;
    const response = await fetch(`/api/rounds/${encodeURIComponent(roundId)}/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang() },
    });
    const data = await response.json();
    if (!response.ok) {
      out.textContent = data.message || t('web-failed');
      return;
    }
    const done = data.boards.filter((b) => b.done).length;
    const refused = data.boards.filter((b) => !b.done).map((b) => t('web-round-not-done', { board: b.board, message: b.message }));
    const args = { done, total: data.boards.length };
    const summary = what === 'pause' ? t('web-round-paused', args)
      : what === 'start' ? t('web-round-started', args) : t('web-round-resumed', args);
    out.textContent = sentences([summary, ...refused]);
  } catch {
    out.textContent = t('web-failed');
  } finally {
    for (const b of allButtons()) b.disabled = false;
  }
}

/**
 * Downloads the round's results for the pairing program (`trf`: TRF16 lines, `csv`: the
 * list) with the round's token, saved under the name the server gives.
 */
/** Downloads the round's `path` (`results.trf`, `results.csv`, `incidents`) under the name
 * the server gives it, and says so in the results' status line. */
async function downloadResults(path) {
  const out = $('results-status');
  out.textContent = '';
  try {
    const response = await fetch(`/api/rounds/${encodeURIComponent(roundId)}/${path}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang() },
    });
    if (!response.ok) {
      const data = await response.json().catch(() => ({}));
      out.textContent = data.message || t('web-failed');
      return;
    }
    const disposition = response.headers.get('content-disposition') || '';
    const name = /filename="([^"]+)"/.exec(disposition)?.[1] || path;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(await response.blob());
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    out.textContent = t('web-export-done', { name });
  } catch {
    out.textContent = t('web-failed');
  }
}

async function main() {
  await loadStrings(document.documentElement.lang);
  setupLanguageMenu();
  countAlerts();
  $('alerts-all').addEventListener('click', () => { showAll = !showAll; countAlerts(); });
  $('start-all').addEventListener('click', () => everyBoard('start'));
  $('pause-all').addEventListener('click', () => everyBoard('pause'));
  $('resume-all').addEventListener('click', () => everyBoard('resume'));
  $('results-trf').addEventListener('click', () => downloadResults('results.trf'));
  $('results-csv').addEventListener('click', () => downloadResults('results.csv'));
  $('results-incidents').addEventListener('click', () => downloadResults('incidents'));
  for (const o of $('links-seat').options) if (o.value) o.textContent = t('web-seat-name', { seat: o.value });
  $('links-issue').addEventListener('click', askLinks);
  $('links-yes').addEventListener('click', issueLinks);
  $('links-no').addEventListener('click', () => closeQuestion(true));
  $('links-print').addEventListener('click', printSheet);
  if (!roundId || !token) {
    $('round-status').textContent = t('web-round-no-link');
    for (const b of allButtons()) b.disabled = true;
    return;
  }
  connect();
  setInterval(() => { for (const line of boards.values()) renderClocks(line); }, 1000);
}

main();
