import fs from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { z } from "zod";

export const SCREENSHOTS = path.resolve("test-results/screenshots");

// Screenshots are for a person to look at; on CI nobody does, and they cost about a fifth of
// the browser tests' time. AFTERMATH_SCREENSHOTS=1 or 0 overrides the CI default either way.
const asked = z.enum(["0", "1"]).optional().parse(process.env.AFTERMATH_SCREENSHOTS);
export const keepsScreenshots: boolean = asked === undefined ? !process.env.CI : asked === "1";

export async function lookAt(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string | null> {
  if (!keepsScreenshots) return null;
  await fs.mkdir(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  return file;
}
