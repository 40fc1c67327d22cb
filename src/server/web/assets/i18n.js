// Fluent messages in the browser: formats the JSON trees served at /web/i18n/<lang>.json
// (built by the server from locales/<lang>/*.ftl), so every sentence a page builds comes from
// the same Fluent sources as the server's own.

let messages = {};
let plural = new Intl.PluralRules('en');
let current = 'en';
let squares = { files: [], ranks: [] };

/** Loads the messages of `lang` ("de", "tr" or "en"). */
export async function loadStrings(lang) {
  const response = await fetch(`/web/i18n/${encodeURIComponent(lang)}.json`);
  if (!response.ok) throw new Error(`strings for ${lang}: ${response.status}`);
  const data = await response.json();
  messages = data.messages;
  squares = data.squares ?? { files: [], ranks: [] };
  current = data.lang;
  plural = new Intl.PluralRules(current);
}

/** The words moves take for each file (a-h) and rank (1-8), lower case: `{files, ranks}`. */
export function squareWords() {
  return squares;
}

/** The language of the loaded messages. */
export function lang() {
  return current;
}

/** Whether message `id` exists. */
export function has(id) {
  return Object.hasOwn(messages, id);
}

/** Formats message `id` with `args` (strings or numbers). */
export function t(id, args = {}) {
  if (!has(id)) {
    console.error(`missing message ${id}`);
    return id;
  }
  return resolve(messages[id], args, 0).replace(/\s+/g, ' ').trim();
}

/** Sentences said one after the other, as the language puts them (message `sentences`). */
export function sentences(parts) {
  const said = parts.filter((p) => p);
  return said.length ? said.reduce((first, next) => t('sentences', { first, next })) : '';
}

function resolve(pattern, args, depth) {
  if (typeof pattern === 'string') return pattern;
  if (depth > 8) return '';
  return pattern.map((part) => resolvePart(part, args, depth)).join('');
}

function resolvePart(part, args, depth) {
  if (typeof part === 'string') return part;
  if ('var' in part) {
    const value = args[part.var];
    return value === undefined || value === null ? `{$${part.var}}` : String(value);
  }
  if ('lit' in part) return part.lit;
  if ('msg' in part) return has(part.msg) ? resolve(messages[part.msg], args, depth + 1) : part.msg;
  if ('sel' in part) {
    const value = selectorValue(part.sel, args, depth);
    const chosen = part.variants.find(([key]) => matches(key, value)) ?? part.variants[part.default];
    return resolve(chosen[1], args, depth + 1);
  }
  return '';
}

function selectorValue(sel, args, depth) {
  if ('var' in sel) return args[sel.var];
  if ('lit' in sel) return sel.lit;
  return resolvePart(sel, args, depth + 1);
}

function matches(key, value) {
  if (value === undefined || value === null) return false;
  if (String(value) === key) return true;
  const n = typeof value === 'number' ? value : Number(value);
  if (typeof value === 'string' && (value.trim() === '' || Number.isNaN(n))) return false;
  if (Number.isNaN(n)) return false;
  if (/^-?\d+(\.\d+)?$/.test(key)) return Number(key) === n;
  return plural.select(n) === key;
}
