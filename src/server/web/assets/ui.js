// What every page shares: the language menu, the message log (a live region), clocks and
// the words for moves, seats and errors.

import { t } from './i18n.js';
import { colorName } from './chess.js';

/** Keeps the seat link's fragment when the reader switches the page language. */
export function setupLanguageMenu() {
  for (const a of document.querySelectorAll('a[data-lang]')) {
    if (a.dataset.lang === document.documentElement.lang) a.setAttribute('aria-current', 'true');
    a.addEventListener('click', (e) => {
      e.preventDefault();
      const url = new URL(location.href);
      url.searchParams.set('lang', a.dataset.lang);
      location.assign(url.toString());
    });
  }
}

/** Appends a line to a log region (role=log, aria-live polite) and keeps the last 200.
 * `parts`: the sentences the line was made of, when several were said as one line (kept in
 * `data-parts` for the tests; a screen reader reads the line). */
export function say(log, text, kind = 'info', parts = null) {
  if (!text) return;
  const p = document.createElement('p');
  p.textContent = text;
  if (parts && parts.length > 1) p.dataset.parts = JSON.stringify(parts);
  p.className = `msg-${kind}`;
  log.append(p);
  while (log.children.length > 200) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
  log.dispatchEvent(new CustomEvent('said', { detail: { text, kind } }));
}

/** 14:05 (or 1:02:03) for the eye. */
export function clockDigits(ms) {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** "14 Minuten und 5 Sekunden" for the ear (server.ftl's clock-time). */
export function clockWords(ms) {
  const total = Math.floor(ms / 1000);
  return t('clock-time', { minutes: Math.floor(total / 60), seconds: total % 60 });
}

/** A move for the log: "1, Weiß: Bauer Eva vier" (`said`: the move in other words). */
export function moveLine(move, said = move.short || move.san) {
  return t('web-move-line', { number: move.number ?? Math.ceil(move.ply / 2), color: colorName(move.color), move: said });
}

/** The sentence for a refused request. */
export function errorText(err) {
  if (err && err.code === 'unknown_type') return t('web-not-offered');
  if (err && err.message) return err.message;
  // Not sent (the connection is down), or sent and the connection broke before the answer.
  if (err && err.code === 'game_unavailable') return t(err.lost ? 'web-conn-lost-answer' : 'web-not-sent-offline');
  return t('web-failed');
}

/** Text of an event that is not a move (pause, resume, clock_set, end, or a newer kind). */
export function eventText(ev) {
  return ev.text || '';
}

/**
 * The rules profile's start and arbiter's choices from the form of `_rules-choices.html`
 * (lobby and round creation), as the `rules` fields of the request.
 */
export function rulesChoices() {
  const $ = (id) => document.getElementById(id);
  return {
    wait_for_start: $('rules-wait-start').checked,
    default_time_seconds: Math.max(0, Math.round(Number($('rules-default-time').value) * 60)) || 0,
    vi_illegal: $('rules-vi-illegal').value,
    after_fix: $('rules-after-fix').value,
    touch_stops_clock: $('rules-touch-stops').checked,
  };
}

/** The rules choices of a game's state (`state.rules`) as sentences for the arbiter. */
export function rulesLines(rules) {
  return [
    rules.wait_for_start
      ? t('web-rules-shown-start-wait', { minutes: Math.round(rules.default_time_ms / 60000) })
      : t('web-rules-shown-start-move'),
    t('web-rules-shown-vi-illegal', { choice: rules.vi_illegal }),
    t('web-rules-shown-after-fix', { choice: rules.after_fix }),
    t('web-rules-shown-touch', { stops: rules.touch_stops_clock ? 'yes' : 'no' }),
  ];
}

/** The game's status line: whose turn, paused, or the result. */
export function statusText(conn) {
  if (conn.status === 'over') return t('web-status-over', { result: conn.result ?? '' });
  if (conn.status === 'waiting') return t('web-status-waiting');
  if (conn.status === 'paused') return t('web-status-paused');
  return t('web-status-turn', { color: colorName(conn.turn) });
}

/** Shows clocks in elements `[data-clock=white|black]` inside `root`, updating every 250 ms. */
export function runClocks(conn, root) {
  const render = () => {
    const c = conn.clockNow();
    for (const color of ['white', 'black']) {
      const el = root.querySelector(`[data-clock="${color}"]`);
      if (!el) continue;
      const digits = el.querySelector('.digits');
      digits.textContent = clockDigits(color === 'white' ? c.white_ms : c.black_ms);
      el.classList.toggle('running', c.running === color);
    }
  };
  render();
  setInterval(render, 250);
  return render;
}

/** Names for the players heading: "Anna (Weiß) – Berk (Schwarz)". */
export function playersTitle(conn) {
  const name = (color) => conn.player(color)?.name || colorName(color);
  return t('web-players', { white: name('white'), black: name('black') });
}

/** Wires a connection's state to the common parts of a page. */
export function showConnection(conn, { status, log }) {
  conn.addEventListener('connection', (e) => {
    const d = e.detail;
    if (d.up) {
      status.textContent = statusText(conn);
    } else if (d.code === 4409) {
      say(log, t('web-conn-replaced'), 'error');
    } else if (d.code === 4401) {
      say(log, t('web-bad-link'), 'error');
    } else if (!d.final) {
      status.textContent = t('web-conn-lost');
    }
  });
  conn.addEventListener('servererror', (e) => say(log, errorText(e.detail), 'error'));
}

/** The move list as a scoresheet table body: one row per move number (a game set up with
 * Black to move begins with an empty White cell, at the position's move number). */
export function renderScoresheet(tbody, moves) {
  tbody.replaceChildren();
  const rows = [];
  for (const m of moves) {
    const number = m.number ?? Math.ceil(m.ply / 2);
    if (!rows.length || rows[rows.length - 1].number !== number) rows.push({ number, white: null, black: null });
    rows[rows.length - 1][m.color === 'black' ? 'black' : 'white'] = m;
  }
  for (const row of rows) {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = String(row.number);
    tr.append(th);
    for (const m of [row.white, row.black]) {
      const td = document.createElement('td');
      if (m) {
        td.textContent = m.san;
        td.title = m.short || m.san;
      }
      tr.append(td);
    }
    tbody.append(tr);
  }
}

/** Starts a page: reads the seat link or explains what is missing. */
export function missingLink(log) {
  say(log, t('web-bad-link'), 'error');
}
