// The lobby: create a game with its options (POST /api/games) and hand out one link per seat.
// A refused setting is said in the words on the form (the field's label, then why) and the
// focus goes to that field; each link's name says whose seat and which page it opens. Either
// side may be played by the computer at a level from 1 to 8 (issue 34): that side's other
// fields are then disabled (its seat gets no link).

import { loadStrings, t, lang } from './i18n.js';
import { rulesChoices, setupLanguageMenu } from './ui.js';

const $ = (id) => document.getElementById(id);
const SEATS = ['white', 'black', 'white_assistant', 'black_assistant', 'arbiter', 'spectator'];

/** The fields of a side that a person has and the computer does not. */
const PERSON_FIELDS = ['vi', 'board', 'assistant'];

/** The level of the computer playing `color`, or null for a person. */
function computerLevel(color) {
  const v = $(`${color}-played-by`).value;
  return v === 'person' ? null : Number(v);
}

function player(color) {
  const level = computerLevel(color);
  if (level !== null) {
    const name = $(`${color}-name`).value.trim();
    return { ...(name ? { name } : {}), engine: { level } };
  }
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

/** "Weiß, Anna: Seite für sehbehinderte Spieler (Deutsch)": whose seat, which page. */
function seatLabel(seat, state) {
  const side = seat.startsWith('white') ? 'white' : seat.startsWith('black') ? 'black' : null;
  const name = side ? state[side].name : '';
  const page = pageFor(seat, state).slice(1);
  const args = {
    seat: t('web-seat-name', { seat }),
    name,
    page: t('web-page-name', { page: seat === 'spectator' ? 'spectator' : page }),
    lang: t('web-lang-name', { lang: state.languages[seat] }),
  };
  return t(name ? 'web-link-page-named' : 'web-link-page', args);
}

/** The form's field for a setting the server names (`detail` of `invalid_setting`). */
const FIELDS = {
  'time_control.base_seconds': 'base-minutes',
  'time_control.increment_seconds': 'increment-seconds',
  'white.name': 'white-name',
  'black.name': 'black-name',
  'white.board': 'white-board',
  'black.board': 'black-board',
  'rules.edition': 'rules-edition',
  'rules.flag': 'rules-flag',
  'rules.procedure': 'rules-procedure',
  'rules.failover': 'rules-failover',
  fen: 'start-fen',
};
for (const color of ['white', 'black']) {
  FIELDS[`${color}.engine`] = `${color}-played-by`;
  FIELDS[`${color}.visually_impaired`] = `${color}-vi`;
  FIELDS[`${color}.assistant`] = `${color}-assistant`;
}
for (const seat of SEATS) FIELDS[`languages.${seat}`] = `lang-${seat}`;

/** The words on the form for a field: its label's text, after its group's (the fieldset's
 * legend: "Weiß, Name"), as the reader finds them. */
function labelOf(id) {
  const label = document.querySelector(`label[for="${id}"]`)?.textContent.trim() ?? id;
  const legend = $(id).closest('fieldset')?.querySelector('legend')?.textContent.trim();
  return legend ? t('web-lobby-field-in', { group: legend, field: label }) : label;
}

/** Says what is wrong with a field in the alert below the form, in the field's own words,
 * marks it invalid (the alert also describes it) and moves the focus there. */
function refuseField(id, problem) {
  $('lobby-error').textContent = t('web-lobby-field-error', { field: labelOf(id), problem });
  const field = $(id);
  field.setAttribute('aria-invalid', 'true');
  const hint = field.dataset.hint ?? field.getAttribute('aria-describedby') ?? '';
  field.dataset.hint = hint;
  field.setAttribute('aria-describedby', `${hint} lobby-error`.trim());
  field.focus();
}

/** Clears every field's mark from an earlier refusal. */
function clearRefusals() {
  for (const field of document.querySelectorAll('[aria-invalid="true"]')) {
    field.removeAttribute('aria-invalid');
    if (field.dataset.hint) field.setAttribute('aria-describedby', field.dataset.hint);
    else field.removeAttribute('aria-describedby');
    delete field.dataset.hint;
  }
}

/** A number within [min, max] in a number field, else null. */
function numberIn(id, min, max) {
  const text = $(id).value.trim();
  if (!/^\d+([.,]\d+)?$/.test(text)) return null;
  const n = Number(text.replace(',', '.'));
  return n >= min && n <= max ? n : null;
}

/** The form's own checks (the server checks again): the first field in error, or null. */
function checkForm() {
  const ranges = [['base-minutes', 1, 1440], ['increment-seconds', 0, 3600]];
  for (const [id, min, max] of ranges) {
    if (numberIn(id, min, max) === null) return { id, problem: t('web-lobby-number-range', { min, max }) };
  }
  return null;
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

async function create(e) {
  e.preventDefault();
  const error = $('lobby-error');
  error.textContent = '';
  clearRefusals();
  const wrong = checkForm();
  if (wrong) {
    refuseField(wrong.id, wrong.problem);
    return;
  }
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
    rules: { edition: $('rules-edition').value, flag: $('rules-flag').value, procedure: $('rules-procedure').value, failover: $('rules-failover').value, ...rulesChoices() },
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
      // `invalid_setting` names the setting in `field` (docs/protocol.md): the sentence says
      // it in the form's words (for the start position, the server's sentence says why).
      const id = data.code === 'invalid_setting' ? FIELDS[data.field] : null;
      if (id === 'start-fen') refuseField(id, data.message);
      else if (id?.endsWith('-played-by')) refuseField(id, t('web-lobby-computer-one'));
      else if (id) refuseField(id, t(id.endsWith('-name') ? 'web-lobby-name-refused' : 'web-lobby-field-refused'));
      else {
        error.textContent = data.message || t('web-failed');
        error.focus();
      }
      return;
    }
    showLinks(data);
  } catch {
    error.textContent = t('web-failed');
    error.focus();
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
  // Played by a person or by the computer at a level (issue 34): the computer's side has no
  // person's fields, so they are disabled and skipped by the Tab key.
  for (const color of ['white', 'black']) {
    const select = $(`${color}-played-by`);
    for (let level = 1; level <= 8; level += 1) {
      const option = document.createElement('option');
      option.value = String(level);
      option.textContent = t('web-lobby-computer-level', { level });
      select.append(option);
    }
    select.addEventListener('change', () => {
      const computer = computerLevel(color) !== null;
      for (const field of PERSON_FIELDS) $(`${color}-${field}`).disabled = computer;
      $(`lang-${color}_assistant`).disabled = computer;
      // A game against the computer goes on by itself after a restart of the server (the
      // server sets it so): nobody else is there to resume it.
      const any = computerLevel('white') !== null || computerLevel('black') !== null;
      if (any) $('rules-failover').value = 'continue';
      $('rules-failover').disabled = any;
    });
  }
  $('create-form').addEventListener('submit', create);
}

main();
