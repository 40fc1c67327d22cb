// Earcons: short sounds the page plays itself (WebAudio, no files), whatever the screen reader
// is saying, so that no opponent's move, check, edge of the board or pick-up goes unnoticed.
// Each sound is a few tones of a sine wave; each play is also dispatched as an `earcon` event on
// the document (detail: the sound's name), which the browser tests listen for. The reader can
// turn them off (remembered in localStorage).

/** name -> [frequency Hz, duration s] tones, one after the other. */
const SOUNDS = {
  move: [[660, 0.07], [880, 0.09]], // the opponent moved
  check: [[880, 0.08], [880, 0.08], [1175, 0.12]], // check
  edge: [[220, 0.08]], // the edge of the board
  select: [[520, 0.06]], // a piece picked up
  deselect: [[390, 0.06]], // put back
  end: [[523, 0.12], [392, 0.12], [262, 0.25]], // the game is over
  lost: [[330, 0.12], [262, 0.2]], // the connection is lost
  back: [[262, 0.1], [392, 0.14]], // connected again
};

export class Earcons {
  /** `key`: the localStorage key of the on/off choice (default on). */
  constructor(key) {
    this.key = key;
    let stored = null;
    try {
      stored = localStorage.getItem(key);
    } catch {
      stored = null;
    }
    this.enabled = stored !== 'off';
    this.ctx = null;
    // Browsers start audio only after a gesture: the first key or click wakes it.
    const wake = () => this.context()?.resume?.().catch(() => {});
    document.addEventListener('keydown', wake, { capture: true });
    document.addEventListener('pointerdown', wake, { capture: true });
  }

  setEnabled(on) {
    this.enabled = on;
    try {
      localStorage.setItem(this.key, on ? 'on' : 'off');
    } catch {
      // private mode: the choice holds for this page only
    }
  }

  context() {
    if (this.ctx) return this.ctx;
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    try {
      this.ctx = new Ctx();
    } catch {
      this.ctx = null;
    }
    return this.ctx;
  }

  /** Plays a sound by name (when on); dispatches `earcon` either way it is played. */
  play(name) {
    const tones = SOUNDS[name];
    if (!tones || !this.enabled) return;
    document.dispatchEvent(new CustomEvent('earcon', { detail: name }));
    const ctx = this.context();
    if (!ctx) return;
    let at = ctx.currentTime + 0.01;
    for (const [freq, dur] of tones) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + dur);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + dur + 0.02);
      at += dur + 0.03;
    }
  }
}
