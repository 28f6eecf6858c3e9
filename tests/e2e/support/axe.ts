/**
 * Accessibility audits with axe-core (WCAG 2.2 AA). `audit(page, "what is shown")` checks the page as it is now and records
 * every blocking violation as a soft failure, so one test reports all the screens it visits before failing.
 *
 * Blocking: any critical or serious violation of the WCAG 2.0 / 2.1 / 2.2 A and AA rules, and the page-structure rules
 * (one h1, no skipped heading level, content inside landmarks) whose fixes must not regress.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import type { Result } from "axe-core";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Best-practice rules of moderate impact that the layout satisfies (issue 9 item 27): kept blocking. */
const STRUCTURE_RULES = ["page-has-heading-one", "heading-order", "region", "landmark-one-main"];

const BLOCKING_IMPACTS = new Set(["critical", "serious"]);

const isBlocking = (violation: Result) => BLOCKING_IMPACTS.has(violation.impact ?? "") || STRUCTURE_RULES.includes(violation.id);

/**
 * An open row menu is a popup in a portal at the end of <body>, owned by its button inside <main>: its items are not page
 * content outside landmarks, so the region rule's nodes inside a menu are left out (every other rule still checks them).
 */
async function withoutPopupRegions(page: Page, violations: Result[]): Promise<Result[]> {
  const result: Result[] = [];
  for (const violation of violations) {
    if (violation.id !== "region") {
      result.push(violation);
      continue;
    }
    const selectors = violation.nodes.map((node) => String(node.target[0]));
    // In a menu, or the portal that holds one (a dropdown opened from a toolbar is mounted at the end of the body).
    const inPopup = await page.evaluate(
      (list) => list.map((selector) => {
        const node = document.querySelector(selector);
        return Boolean(node?.closest('[role="menu"]') ?? node?.querySelector('[role="menu"]'));
      }),
      selectors,
    );
    const nodes = violation.nodes.filter((_, index) => !inPopup[index]);
    if (nodes.length) result.push({ ...violation, nodes });
  }
  return result;
}

/** One violation in a few readable lines: rule, impact, what it asks, and the first elements at fault with axe's summary. */
function describe(violation: Result): string {
  const nodes = violation.nodes.slice(0, 6).map((node) => {
    const summary = (node.failureSummary ?? "").replace(/\s*\n\s*/g, " ").trim();
    return `    - ${node.target.join(" ")}\n      ${node.html.slice(0, 160)}\n      ${summary}`;
  });
  const more = violation.nodes.length > 6 ? [`    … and ${violation.nodes.length - 6} more`] : [];
  return [`  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length} elements) ${violation.helpUrl}`, ...nodes, ...more].join("\n");
}

/** Runs axe on the page as shown; blocking violations are recorded as a soft failure named after `screen`. */
export async function audit(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    // The WCAG rules, plus the structure rules (best practices) by name rather than every best practice: axe runs faster.
    .options({ rules: Object.fromEntries(STRUCTURE_RULES.map((rule) => [rule, { enabled: true }])) })
    .withTags(WCAG_TAGS)
    .analyze();
  const blocking = await withoutPopupRegions(page, results.violations.filter(isBlocking));
  await test.info().attach(`axe – ${screen}`, { body: JSON.stringify(results.violations, null, 2), contentType: "application/json" });
  expect.soft(blocking.length, `axe – ${screen} (${page.url()}):\n${blocking.map(describe).join("\n")}`).toBe(0);
}
