// Debian's Chromium driven by playwright-core, and axe-core on a page.

import { chromium } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One browser (Playwright gives it a fresh temporary profile); each seat gets its own context.
 * `args`: more Chromium flags (e.g. a file as the microphone). */
export function launch(args = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...args],
    headless: true,
  });
}

/** The axe-core this suite declares (package.json), not the copy @axe-core/playwright pins. */
// ARIA 1.3's aria-rowindextext and aria-colindextext (the blind player's board gives its cells
// no row or column words: their names say the square) are valid; this axe-core predates them.
const AXE_SOURCE = `${readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')}
axe.configure({ checks: [{ id: 'aria-valid-attr', options: { value: ['aria-rowindextext', 'aria-colindextext'] } }] });`;

/** Every WCAG 2.0, 2.1 and 2.2 A/AA tag, and best practice. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The experimental rules of those WCAG tags (axe runs them only when asked): enabled too, so
 * that every WCAG 2.2 A/AA rule runs. */
const EXPERIMENTAL = Object.fromEntries(
  axe.getRules(['experimental'])
    .filter((r) => r.tags.some((tag) => AXE_TAGS.slice(0, 5).includes(tag)))
    .map((r) => [r.ruleId, { enabled: true }]),
);

/** axe-core on the page as it is now: the list of violations (WCAG 2.0-2.2 A/AA, experimental
 * rules included, and best practice). */
export async function axeViolations(page) {
  const results = await new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .options({ rules: EXPERIMENTAL }) // first: options() replaces what withTags() set
    .withTags(AXE_TAGS)
    .analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  }));
}
