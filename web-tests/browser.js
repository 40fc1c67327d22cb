// Debian's Chromium driven by playwright-core, and axe-core on a page.

import { chromium } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';

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

/** axe-core on the page as it is now: the list of violations (WCAG 2.1 A/AA and best practice). */
export async function axeViolations(page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  }));
}
