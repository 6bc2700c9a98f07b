import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** Runs axe on the page as it is now and fails with every violation's rule and first targets. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  // Next streams metadata, and re-renders it after a server action: let the <title> settle first.
  await page.waitForFunction(() => document.title !== "", undefined, { timeout: 5_000 }).catch(() => undefined);
  // Our pages hold no frames, so axe runs in the page itself (legacy mode: no second page to merge
  // frames' results in), and gathers only violations: a long incident page in 2 s instead of 6.
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] }).analyze();
  const report = violations.map((v) => {
    const targets = v.nodes.slice(0, 5).map((n) => `    ${JSON.stringify(n.target)}`);
    if (v.nodes.length > 5) targets.push(`    … and ${v.nodes.length - 5} more`);
    return `${v.id} (${v.impact ?? "?"}, ${v.nodes.length} nodes): ${v.help}\n${targets.join("\n")}`;
  });
  expect(violations.length, `axe violations on ${label}:\n${report.join("\n")}`).toBe(0);
}
