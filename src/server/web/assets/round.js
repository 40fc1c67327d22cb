// The round desk: every board of a round (status, clocks, last move) and the alerts that need
// the arbiter, in the order they happened, announced in a live region; start (every board or
// one), pause and resume every
// board; each board's desk one link away. One WebSocket per round (docs/protocol.md).

import { loadStrings, t, lang, sentences } from './i18n.js';
import { setupLanguageMenu, clockDigits } from './ui.js';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.hash.slice(1));
const roundId = params.get('round') || '';
const token = params.get('token') || '';
const boards = new Map();
let open = 0;

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
}

function countAlerts() {
  $('alert-count').textContent = open ? t('web-round-alert-count', { count: open }) : '';
  $('no-alerts').hidden = open > 0;
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
  done.textContent = t('web-round-alert-done');
  done.setAttribute('aria-label', t('web-round-alert-done-label', { text: a.text }));
  done.addEventListener('click', () => {
    const next = li.nextElementSibling || li.previousElementSibling;
    li.remove();
    open -= 1;
    countAlerts();
    (next?.querySelector('button') || $('alerts-heading')).focus?.();
  });
  li.append(text, ' ', deskLink({ board: a.board, game: a.game }), ' ', done);
  $('alert-list').append(li);
  open += 1;
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
    for (const a of msg.alerts) alert(a);
    $('round-status').textContent = t('web-round-connected', { boards: msg.boards.length, alerts: msg.alerts.length });
  } else if (msg.type === 'board') {
    board(msg);
  } else if (msg.type === 'alert') {
    alert(msg);
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
  return [$('start-all'), $('pause-all'), $('resume-all'), $('results-trf'), $('results-csv'), ...document.querySelectorAll('button.start-board')];
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
async function downloadResults(ext) {
  const out = $('results-status');
  out.textContent = '';
  try {
    const response = await fetch(`/api/rounds/${encodeURIComponent(roundId)}/results.${ext}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang() },
    });
    if (!response.ok) {
      const data = await response.json().catch(() => ({}));
      out.textContent = data.message || t('web-failed');
      return;
    }
    const disposition = response.headers.get('content-disposition') || '';
    const name = /filename="([^"]+)"/.exec(disposition)?.[1] || `results.${ext}`;
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
  $('start-all').addEventListener('click', () => everyBoard('start'));
  $('pause-all').addEventListener('click', () => everyBoard('pause'));
  $('resume-all').addEventListener('click', () => everyBoard('resume'));
  $('results-trf').addEventListener('click', () => downloadResults('trf'));
  $('results-csv').addEventListener('click', () => downloadResults('csv'));
  if (!roundId || !token) {
    $('round-status').textContent = t('web-round-no-link');
    for (const b of allButtons()) b.disabled = true;
    return;
  }
  connect();
  setInterval(() => { for (const line of boards.values()) renderClocks(line); }, 1000);
}

main();
