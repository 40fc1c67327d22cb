// A new round: its games from a pairings list or a TRF file (POST /api/rounds), then one
// printable sheet per board with every seat's link as text and as a QR code.

import { loadStrings, t, lang } from './i18n.js';
import { rulesChoices, setupLanguageMenu } from './ui.js';
import { seatSheet } from './sheets.js';

const $ = (id) => document.getElementById(id);

function showSheets(created) {
  $('created-heading').textContent = t('web-round-created', { event: created.event || '-', round: created.round });
  $('desk-link').href = created.desk;
  const sheets = $('seat-sheets');
  sheets.replaceChildren();
  for (const board of created.boards) sheets.append(seatSheet(created, board));
  $('round-created').hidden = false;
  $('created-heading').focus();
}

/**
 * The time control asked for: FIDE's classical control (90 minutes for 40 moves, then 30
 * minutes, 30 seconds a move from move 1), or the minutes and seconds given.
 */
function timeControl() {
  if ($('time-kind').value === 'fide-classical') {
    return { base_seconds: 5400, increment_seconds: 30, moves: 40, then: [{ base_seconds: 1800, increment_seconds: 30 }] };
  }
  return {
    base_seconds: Math.round(Number($('base-minutes').value) * 60),
    increment_seconds: Math.round(Number($('increment-seconds').value)),
  };
}

/** The minutes and seconds fields only count for the simple control. */
function timeKindChanged() {
  const simple = $('time-kind').value === 'simple';
  for (const id of ['base-minutes', 'increment-seconds']) $(id).disabled = !simple;
}

async function create(e) {
  e.preventDefault();
  const error = $('round-error');
  error.textContent = '';
  const number = Math.round(Number($('round-number').value)) || 1;
  const body = {
    event: { name: $('event-name').value.trim(), site: $('event-site').value.trim(), round: String(number) },
    lang: $('round-lang').value,
    origin: $('links-origin').value.trim() || location.origin,
    time_control: timeControl(),
    rules: { procedure: $('rules-procedure').value, ...rulesChoices() },
  };
  const file = $('trf-file').files[0];
  if (file) {
    body.trf = await file.text();
    body.trf_round = number;
  } else {
    body.pairings = $('pairings').value;
  }
  $('create-round').disabled = true;
  try {
    const headers = { 'content-type': 'application/json', 'accept-language': lang() };
    const token = $('organiser-token').value.trim();
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch('/api/rounds', { method: 'POST', headers, body: JSON.stringify(body) });
    const data = await response.json();
    if (!response.ok) {
      error.textContent = data.message || t('web-failed');
      if (data.code === 'invalid_pairings') {
        const field = file ? $('trf-file') : $('pairings');
        field.setAttribute('aria-invalid', 'true');
        field.focus();
      } else if (data.code === 'invalid_setting' && data.field === 'origin') {
        $('links-origin').setAttribute('aria-invalid', 'true');
        $('links-origin').focus();
      }
      return;
    }
    $('pairings').removeAttribute('aria-invalid');
    $('links-origin').removeAttribute('aria-invalid');
    $('trf-file').removeAttribute('aria-invalid');
    showSheets(data);
  } catch {
    error.textContent = t('web-failed');
  } finally {
    $('create-round').disabled = false;
  }
}

async function main() {
  await loadStrings(document.documentElement.lang);
  setupLanguageMenu();
  $('round-lang').value = lang();
  $('links-origin').value = location.origin;
  $('time-kind').addEventListener('change', timeKindChanged);
  $('round-form').addEventListener('submit', create);
  $('print').addEventListener('click', () => window.print());
}

main();
