/**
 * The accessibility check of a screen: axe-core, run in the page as it is, against WCAG 2.0 and 2.1 A and
 * AA and axe's best practices. A serious or critical violation fails the test (softly, so one run lists every
 * screen's), naming the rule, its impact, the elements and what to do. With A11Y_REPORT=/path/report.jsonl every
 * screen's violations of any impact are appended to that file, one JSON line a screen; `npx tsx
 * tests/e2e/a11y-summary.ts /path/report.jsonl` turns it into the table of counts by rule.
 */
import { appendFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The impacts that fail a test; moderate and minor ones are reported only. */
const FAILING = new Set(['serious', 'critical']);

/** One violated rule on one screen, as the report keeps it. */
export interface ReportedViolation {
  id: string;
  impact: string;
  help: string;
  /** How many elements break it. */
  nodes: number;
  targets: string[];
  /** For colour contrast: each distinct pair of colours, with its ratio and the ratio required. */
  colours?: string[];
  /** axe's account of what is wrong, for the first elements. */
  why: string[];
}

/** One line of the A11Y_REPORT file. */
export interface ScreenReport {
  screen: string;
  url: string;
  viewport: string;
  violations: ReportedViolation[];
}

/**
 * Waits for every finite animation and transition on the page to end (a modal fading in, a drawer sliding), so that
 * colours are checked as they settle, not halfway through a fade. Endless ones (loaders) are not waited for.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** The distinct colour pairs behind colour-contrast failures: '#868e96 on #ffffff: 3.32, needs 4.5'. */
function contrastPairs(nodes: { any: { data?: unknown }[] }[]): string[] {
  const pairs = new Set<string>();
  for (const node of nodes) {
    for (const check of node.any) {
      const data = check.data as {
        fgColor?: string;
        bgColor?: string;
        contrastRatio?: number;
        expectedContrastRatio?: string;
      };
      if (data?.fgColor)
        pairs.add(`${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}, needs ${data.expectedContrastRatio}`);
    }
  }
  return [...pairs];
}

/**
 * Runs axe on the page as it is now (the caller has waited for the screen's content) and fails the test, softly,
 * when any rule of serious or critical impact is broken; `screenName` names the screen in the message and the report.
 * `exclude` leaves out parts of the page that the app does not draw itself (a third-party widget), each with its
 * reason at the call.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  screenName: string,
  { exclude = [] }: { exclude?: string[] } = {},
): Promise<void> {
  await settleAnimations(page);
  let builder = new AxeBuilder({ page }).withTags(A11Y_TAGS).options({ resultTypes: ['violations'] });
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();

  const reported: ReportedViolation[] = violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    nodes: v.nodes.length,
    targets: v.nodes.map((node) => node.target.join(' ')),
    ...(v.id === 'color-contrast' && { colours: contrastPairs(v.nodes) }),
    why: [...new Set(v.nodes.slice(0, 3).map((node) => node.failureSummary ?? ''))],
  }));
  const reportFile = process.env.A11Y_REPORT;
  if (reportFile) {
    const size = page.viewportSize();
    const line: ScreenReport = {
      screen: screenName,
      url: new URL(page.url()).pathname,
      viewport: size ? `${size.width}x${size.height}` : 'unknown',
      violations: reported,
    };
    appendFileSync(reportFile, `${JSON.stringify(line)}\n`);
  }

  const failing = reported
    .filter((v) => FAILING.has(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.slice(0, 8).join(' | ')}`);
  expect.soft(failing, `${screenName}: serious or critical accessibility violations`).toEqual([]);
}
