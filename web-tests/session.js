// What every browser test shares: where screenshots go, one browser context per seat with its
// script errors collected, and axe-core runs recorded per page and state.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { launch, axeViolations } from './browser.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Screenshots go to docs/screenshots when HAMLE_SCREENSHOTS=1, else to a temporary folder. */
export function screenshotDir() {
  const dir = process.env.HAMLE_SCREENSHOTS === '1' ? resolve(here, '../docs/screenshots') : mkdtempSync(join(tmpdir(), 'hamle-shots-'));
  mkdirSync(dir, { recursive: true });
  return dir;
}

export class Session {
  constructor() {
    this.browser = null;
    this.pages = {}; // lobby, blind, sighted, assistant, arbiter
    this.axeRuns = [];
  }

  async launch() {
    this.browser = await launch();
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
    await page.goto(url);
    return page;
  }
}
