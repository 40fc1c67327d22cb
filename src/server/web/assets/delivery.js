// What the blind player's screen reader is given, and what it may have cut off
// (docs/screen-reader.md, "The delivery model").
//
// A screen reader reads a polite live region's lines one after the other, and empties its
// queue whenever the player presses a key or the focus moves (Orca: key echo and
// `presentationInterrupt`). The page cannot ask what was said. It can know what it gave the
// reader and when, and every key and focus change it saw, so it keeps a model of the reader's
// queue: each line starts when the reader is done with what came before it (or at once) and
// lasts as long as a voice takes to say it at the player's rate. A line still being said or
// still queued when a key or a focus change comes has been cut off; a line whose end passed
// with no key is heard. Lines that matter (the opponent's move, the end, the greeting) are
// tracked: one cut off is said again ("Inzwischen: …") before anything newer, in one line with
// the next answer or when he pauses, so he hears it although his reader dropped it; one heard
// is forgotten. Each is said again at most once: when the model was pessimistic (his reader is
// faster than his setting says) he hears it twice, never more; a repetition he cuts off
// himself is his choice, as with any speech (`nochmal` and `letzte` say the moves again).
//
// Lines given within COALESCE_MS of each other are one line of the live region: a reader reads
// lines added together in no fixed order, and a move must be heard before the end it caused.

/** Lines told within this many milliseconds of the first are given to the reader as one. */
export const COALESCE_MS = 40;

/** The least time between two lines given to the reader: Orca read an instant reply written
 * a few hundred milliseconds after his own move before that move (seen in the Orca suite).
 * What comes sooner waits, and what waits together is one line. */
export const LINE_GAP_MS = 500;

/** How fast a reader speaks, in milliseconds per character, by the player's setting. */
export const RATES = { slow: 90, normal: 65, fast: 40, fastest: 25 };

/** What a key's echo or a focus change costs before the next queued line begins. */
const KEY_ECHO_MS = 250;
/** A line's fixed cost (the pause a voice makes before and after it). */
const LINE_MS = 250;
/** A line that has never begun within this long is taken as lost (the reader stopped). */
const GIVE_UP_MS = 60000;

export class Delivery {
  /**
   * @param {object} opts {write(text, kinds, parts): puts one line in the live region (made of
   *   the sentences `parts`),
   *   join(texts): one line from several sentences, again(texts): the line that says lines
   *   again ("Inzwischen: …"), rate(): ms per character, now(): milliseconds}
   */
  constructor({ write, join, again, rate = () => RATES.normal, now = () => performance.now(), gapMs = LINE_GAP_MS }) {
    this.write = write;
    this.join = join;
    this.againLine = again;
    this.rate = rate;
    this.now = now;
    this.queueEnd = 0; // when the reader is expected to be done with what it was given
    this.tracked = []; // {texts: what to say again, end}: lines that matter, not yet heard
    this.cut = []; // what to say again, in order
    this.outbox = []; // {text, important, again, kind} given within COALESCE_MS
    this.timer = null;
    this.gapMs = gapMs;
    this.lastWrite = -Infinity;
  }

  /** How long a voice takes to say `text`. */
  duration(text) {
    return LINE_MS + text.length * this.rate();
  }

  /** The reader will speak `ms` of its own (a page being read, a focused control). */
  speaks(ms) {
    this.queueEnd = Math.max(this.queueEnd, this.now()) + ms;
  }

  /** Gives the reader `text`; `important` lines are tracked and said again (as `again`) if cut
   * off. Lines given together are written as one line, after what was cut off before. */
  tell(text, { important = false, again = text, kind = 'info' } = {}) {
    if (!text) return;
    this.outbox.push({ text, important, again, kind });
    if (!this.timer) {
      const wait = Math.max(COALESCE_MS, this.lastWrite + this.gapMs - this.now());
      this.timer = setTimeout(() => this.flush(), wait);
    }
  }

  /** Writes what waits: first what was cut off ("Inzwischen: …"), then the new lines. */
  flush() {
    clearTimeout(this.timer);
    this.timer = null;
    this.settle();
    const parts = [];
    const again = [];
    if (this.cut.length) {
      // Said again once: a repetition he cuts off himself is not said a third time.
      parts.push(this.againLine(this.cut));
      this.cut = [];
    }
    for (const item of this.outbox) {
      parts.push(item.text);
      if (item.important) again.push(item.again);
    }
    const kinds = this.outbox.map((i) => i.kind);
    this.outbox = [];
    if (!parts.length) return;
    const line = parts.length === 1 ? parts[0] : this.join(parts);
    const start = Math.max(this.queueEnd, this.now());
    this.queueEnd = start + this.duration(line);
    if (again.length) this.tracked.push({ texts: again, end: this.queueEnd, given: this.now() });
    this.lastWrite = this.now();
    this.write(line, kinds.length ? kinds : ['info'], parts);
  }

  /** Forgets the tracked lines whose end has passed: they were heard. */
  settle() {
    const now = this.now();
    this.tracked = this.tracked.filter((l) => l.end > now && now - l.given < GIVE_UP_MS);
  }

  /** A key or a focus change at `now`: the reader stops, so every tracked line not yet said
   * to its end was cut off. `speechMs`: what the reader says for it (a key echo, a focused
   * control's name and description). */
  interrupt(speechMs = KEY_ECHO_MS) {
    const now = this.now();
    this.settle();
    for (const l of this.tracked) this.cut.push(...l.texts);
    this.tracked = [];
    this.queueEnd = now + speechMs;
  }

  /** Whether something cut off waits to be said again. */
  hasMissed() {
    return this.cut.length > 0;
  }

  /** Says again now what was cut off (alone), if anything. */
  sayMissed() {
    if (this.cut.length && !this.timer) this.flush();
  }

  /** Drops what was cut off (the player asked for the moves anyway: `nochmal`, `letzte`). */
  dropMissed() {
    this.cut = [];
  }

  /** Whether a line that matters is still being said or waits to be (for tests and `wer`). */
  pending() {
    this.settle();
    return this.tracked.length > 0 || this.outbox.some((i) => i.important);
  }
}

/** What the reader says when `el` gets the focus: its name, role and description, roughly. */
export function focusSpeechChars(el) {
  if (!el || el === document.body) return 0;
  const byIds = (attr) => (el.getAttribute(attr) || '').split(/\s+/).filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  const label = el.getAttribute('aria-label') || byIds('aria-labelledby')
    || (el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent) || el.textContent || '';
  return label.length + byIds('aria-describedby').length + 15;
}
