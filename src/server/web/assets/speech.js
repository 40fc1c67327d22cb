// Optional speech in the browser (Web Speech API): the page's own voice for those who do not
// use a screen reader, and microphone input that hands on every recognition alternative.

const VOICE_LANG = { de: 'de-DE', tr: 'tr-TR', en: 'en-GB' };

export class Voice {
  constructor(lang, storageKey) {
    this.lang = lang;
    this.key = storageKey;
    this.enabled = localStorage.getItem(storageKey) === 'on';
    this.muted = false;
    this.held = [];
  }

  /** Silent while the microphone listens (push-to-talk): what was being said stops, and what
   * comes meanwhile is said once unmuted. */
  setMuted(on) {
    this.muted = on;
    if (on && this.available()) speechSynthesis.cancel();
    if (!on) {
      const held = this.held;
      this.held = [];
      for (const text of held) this.speak(text);
    }
  }

  available() {
    return 'speechSynthesis' in window;
  }

  setEnabled(on) {
    this.enabled = on;
    localStorage.setItem(this.key, on ? 'on' : 'off');
    if (!on && this.available()) speechSynthesis.cancel();
  }

  /** Speaks `text` (if enabled), interrupting what was being said when `interrupt`. */
  speak(text, interrupt = false) {
    if (!this.enabled || !this.available() || !text) return;
    if (this.muted) {
      this.held.push(text);
      return;
    }
    if (interrupt) speechSynthesis.cancel();
    const u = new SpeechSynthesisUtterance(text);
    u.lang = VOICE_LANG[this.lang] || this.lang;
    const voice = speechSynthesis.getVoices().find((v) => v.lang.toLowerCase().startsWith(this.lang));
    if (voice) u.voice = voice;
    speechSynthesis.speak(u);
  }
}

/** The browser's speech recognition class, if it has one. */
export function recognitionClass() {
  return window.SpeechRecognition || window.webkitSpeechRecognition || null;
}

/**
 * Listens once; resolves with every alternative heard (best first), or rejects with the
 * recognition error code ("no-speech", "not-allowed", …).
 */
export function listenOnce(lang) {
  const Recognition = recognitionClass();
  return new Promise((resolve, reject) => {
    if (!Recognition) {
      reject(new Error('unsupported'));
      return;
    }
    const r = new Recognition();
    r.lang = VOICE_LANG[lang] || lang;
    r.interimResults = false;
    r.continuous = false;
    r.maxAlternatives = 5;
    let done = false;
    r.onresult = (e) => {
      done = true;
      const result = e.results[0];
      const alternatives = [];
      for (let i = 0; i < result.length; i++) {
        const text = result[i].transcript.trim();
        if (text && !alternatives.includes(text)) alternatives.push(text);
      }
      resolve(alternatives);
    };
    r.onerror = (e) => {
      done = true;
      reject(new Error(e.error || 'error'));
    };
    r.onend = () => {
      if (!done) resolve([]);
    };
    r.start();
  });
}
