import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The page needs no sideways scroll at the viewport's width. */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${label}: sideways scroll`).toBeLessThanOrEqual(0);
}
