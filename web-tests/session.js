// What every browser test shares: where screenshots go, one browser context per seat with its
// script errors collected, and axe-core runs recorded per page and state.

import assert from 'node:assert/strict';
import { before, after } from 'node:test';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { launch, axeViolations } from './browser.js';
import { startServer } from './server.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Screenshots go to docs/screenshots when HAMLE_SCREENSHOTS=1, else to a temporary folder. */
export function screenshotDir() {
  const dir = process.env.HAMLE_SCREENSHOTS === '1' ? resolve(here, '../docs/screenshots') : mkdtempSync(join(tmpdir(), 'hamle-shots-'));
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** With HAMLE_WEB_LIVE=1 the pages' scripts come from the working tree instead of the binary,
 * so that a change to a script is tried without rebuilding the server (templates and messages
 * still come from the binary); HAMLE_WEB_LIVE_DIR names another folder of scripts (an older
 * version's, to see a test fail on it). */
export async function liveScripts(page) {
  if (process.env.HAMLE_WEB_LIVE !== '1') return;
  const dir = process.env.HAMLE_WEB_LIVE_DIR || resolve(here, '../src/server/web/assets');
  await page.route('**/web/*.js', (route) => {
    const file = new URL(route.request().url()).pathname.split('/').pop();
    route.fulfill({ contentType: 'text/javascript', body: readFileSync(resolve(dir, file), 'utf8') });
  });
}

export class Session {
  constructor() {
    this.browser = null;
    this.pages = {}; // lobby, blind, sighted, assistant, arbiter
    this.axeRuns = [];
  }

  /** Inside a `describe`: a server and a browser before its tests, both closed after them
   * (with a line on how many page states axe checked). `started(server)` gets the server. */
  useServer(started, { note, server = {}, browser = [] } = {}) {
    before(async () => {
      this.server = await startServer(server);
      started(this.server);
      await this.launch(browser);
    });
    after(async () => {
      await this.close();
      await this.server?.stop();
      if (this.axeRuns.length) console.log(`axe ran on ${this.axeRuns.length} page states: ${this.axeRuns.join(', ')}`);
      if (note) console.log(note);
    });
  }

  async launch(args = []) {
    this.browser = await launch(args);
  }

  async close() {
    await this.browser?.close();
  }

  /** axe-core on one page in one state: zero violations. */
  async axe(name, state) {
    const violations = await axeViolations(this.pages[name]);
    this.axeRuns.push(`${name}/${state}`);
    assert.deepEqual(violations, [], `axe on ${name} (${state}): ${JSON.stringify(violations, null, 2)}`);
  }

  async axeAll(state) {
    for (const name of ['blind', 'sighted', 'assistant', 'arbiter']) await this.axe(name, state);
  }

  /** The lines of a page's log (for the blind player: the live region his screen reader
   * reads), a line said as one of several sentences (`data-parts`) as each of them. */
  lines(name = 'blind') {
    return this.pages[name].locator('#log p').evaluateAll((ps) => ps.flatMap((p) => (p.dataset.parts ? JSON.parse(p.dataset.parts) : [p.textContent])));
  }

  /** Waits until a line after the first `since` lines of `name`'s log matches `pattern`;
   * returns that line. */
  async hear(pattern, since = 0, name = 'blind') {
    const ok = await this.pages[name].locator('#log').evaluate(
      (el, [source, flags, from]) =>
        new Promise((done) => {
          const re = new RegExp(source, flags);
          const parts = () => [...el.querySelectorAll('p')].flatMap((p) => (p.dataset.parts ? JSON.parse(p.dataset.parts) : [p.textContent]));
          const check = () => parts().slice(from).some((text) => re.test(text));
          if (check()) return done(true);
          const obs = new MutationObserver(() => {
            if (check()) {
              obs.disconnect();
              done(true);
            }
          });
          obs.observe(el, { childList: true, subtree: true, characterData: true });
          setTimeout(() => {
            obs.disconnect();
            done(false);
          }, 8000);
        }),
      [pattern.source, pattern.flags, since],
    );
    const said = await this.lines(name);
    const others =
      name === 'blind' && this.pages.sighted
        ? ` (the sighted player's log: ${JSON.stringify((await this.lines('sighted')).slice(-4))})`
        : '';
    assert.ok(ok, `${name}'s log never said ${pattern}; it said: ${JSON.stringify(said.slice(-8))}${others}`);
    return said.slice(since).find((l) => pattern.test(l));
  }

  /** The blind player types a line and presses Enter; the live region must then say `expect`
   * (the line is returned). */
  async blindTypes(text, expect) {
    const before = (await this.lines()).length;
    await this.pages.blind.keyboard.type(text);
    await this.pages.blind.keyboard.press('Enter');
    return this.hear(expect, before);
  }

  /** `name` types a line and presses Enter; its live region must then say `expect` (the
   * line is returned). */
  async types(name, text, expect) {
    const before = (await this.lines(name)).length;
    await this.pages[name].keyboard.type(text);
    await this.pages[name].keyboard.press('Enter');
    return this.hear(expect, before, name);
  }

  /** `name` types a line and presses Enter, expecting no answer ("brett" moves the focus). */
  async enters(name, text) {
    await this.pages[name].keyboard.type(text);
    await this.pages[name].keyboard.press('Enter');
  }

  /** `name` presses keys; its live region must then say `expect`. */
  async keys(name, list, expect) {
    const before = (await this.lines(name)).length;
    for (const k of list) await this.pages[name].keyboard.press(k);
    return this.hear(expect, before, name);
  }

  /** The blind player presses keys; the live region must then say `expect`. */
  async blindKeys(keys, expect) {
    const before = (await this.lines()).length;
    for (const k of keys) await this.pages.blind.keyboard.press(k);
    return this.hear(expect, before);
  }

  /** A page in a context of its own, its script errors kept in `page.errors`. */
  async newPage(url) {
    const context = await this.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.errors = errors;
    await liveScripts(page);
    await page.goto(url);
    return page;
  }
}
