// The lobby: create a game with its options (POST /api/games) and hand out one link per seat.

import { loadStrings, t, lang } from './i18n.js';
import { colorName } from './chess.js';
import { setupLanguageMenu } from './ui.js';

const $ = (id) => document.getElementById(id);
const SEATS = ['white', 'black', 'white_assistant', 'black_assistant', 'arbiter', 'spectator'];

function player(color) {
  const vi = $(`${color}-vi`).checked;
  return {
    name: $(`${color}-name`).value.trim(),
    visually_impaired: vi,
    board: $(`${color}-board`).value,
    assistant: $(`${color}-assistant`).checked,
  };
}

/** The page for a seat: the visually impaired player's, the board, the assistant's, the arbiter's. */
function pageFor(seat, state) {
  if (seat === 'white' || seat === 'black') return state[seat].visually_impaired ? '/vi' : '/board';
  if (seat.endsWith('_assistant')) return '/assistant';
  if (seat === 'arbiter') return '/arbiter';
  return '/board';
}

function seatLabel(seat, state) {
  const side = seat.startsWith('white') ? 'white' : seat.startsWith('black') ? 'black' : null;
  return t('web-link-label', {
    seat: t('web-seat-name', { seat }),
    name: side ? state[side].name || colorName(side) : '-',
    lang: t('web-lang-name', { lang: state.languages[seat] }),
  });
}

function showLinks(created) {
  const list = $('link-list');
  list.replaceChildren();
  for (const seat of SEATS) {
    const token = created.tokens[seat];
    if (!token) continue;
    const seatLang = created.state.languages[seat] ?? lang();
    const url = new URL(pageFor(seat, created.state), location.origin);
    url.searchParams.set('lang', seatLang);
    url.hash = `game=${encodeURIComponent(created.id)}&token=${encodeURIComponent(token)}`;
    const li = document.createElement('li');
    li.dataset.seat = seat;
    const label = seatLabel(seat, created.state);
    const a = document.createElement('a');
    a.href = url.toString();
    a.textContent = label;
    a.target = '_blank';
    a.rel = 'noopener';
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.textContent = t('web-copy');
    copy.setAttribute('aria-label', t('web-copy-link', { seat: label }));
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(url.toString());
        $('lobby-status').textContent = t('web-copied', { seat: label });
      } catch {
        $('lobby-status').textContent = t('web-copy-failed');
      }
    });
    li.append(a, ' ', copy);
    list.append(li);
  }
  $('game-id').textContent = t('web-game-created', { id: created.id });
  $('links').hidden = false;
  $('links-heading').focus();
}

/** The start position as typed, spaces tidied; empty means the initial position. */
function startFen() {
  return $('start-fen').value.trim().split(/\s+/).join(' ');
}

/** Marks the start position field as refused (or no longer): the sentence in the alert below
 * the form also describes the field, so it is read again when the focus lands there. */
function markFen(invalid) {
  const field = $('start-fen');
  if (invalid) {
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', 'fen-hint lobby-error');
  } else {
    field.removeAttribute('aria-invalid');
    field.setAttribute('aria-describedby', 'fen-hint');
  }
}

async function create(e) {
  e.preventDefault();
  const error = $('lobby-error');
  error.textContent = '';
  markFen(false);
  const languages = {};
  for (const seat of SEATS) languages[seat] = $(`lang-${seat}`).value;
  const body = {
    time_control: {
      base_seconds: Math.round(Number($('base-minutes').value) * 60),
      increment_seconds: Math.round(Number($('increment-seconds').value)),
    },
    white: player('white'),
    black: player('black'),
    languages,
    rules: { edition: $('rules-edition').value, flag: $('rules-flag').value, procedure: $('rules-procedure').value },
  };
  const fen = startFen();
  if (fen) body.fen = fen;
  $('create').disabled = true;
  try {
    const headers = { 'content-type': 'application/json', 'accept-language': lang() };
    // A server started with --require-token creates games only with the organiser's token.
    const token = $('organiser-token').value.trim();
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch('/api/games', { method: 'POST', headers, body: JSON.stringify(body) });
    const data = await response.json();
    if (!response.ok) {
      error.textContent = data.message || t('web-failed');
      // Only a refused start position carries a `detail` with `invalid_setting`
      // (docs/protocol.md): the field gets the focus, the sentence says why.
      if (data.code === 'invalid_setting' && data.detail) {
        markFen(true);
        $('start-fen').focus();
      }
      return;
    }
    showLinks(data);
  } catch {
    error.textContent = t('web-failed');
  } finally {
    $('create').disabled = false;
  }
}

async function main() {
  await loadStrings(document.documentElement.lang);
  setupLanguageMenu();
  // A visually impaired player usually plays on a tactile board.
  for (const color of ['white', 'black']) {
    $(`${color}-vi`).addEventListener('change', (e) => {
      $(`${color}-board`).value = e.target.checked ? 'tactile' : 'normal';
    });
  }
  for (const seat of SEATS) $(`lang-${seat}`).value = lang();
  $('create-form').addEventListener('submit', create);
}

main();
