// Debian's Chromium driven by playwright-core, and axe-core on a page.

import { chromium } from 'playwright-core';
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

/** The axe-core this suite declares (package.json), injected into the page as it is. */
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
 * rules included, and best practice). Run in the page itself (injected once a document): the
 * pages have no frames, and @axe-core/playwright's builder opened a blank page for every run
 * to finish it there (4 s a run against 0.5 s here on two cores). */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ([rules, tags]) => {
      if (document.querySelector('iframe, frame')) throw new Error('a frame: axe must be run across frames');
      const results = await axe.run(document, { rules, runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
    },
    [EXPERIMENTAL, AXE_TAGS],
  );
  return violations.map((v) => ({ ...v, nodes: v.nodes.slice(0, 5) }));
}
