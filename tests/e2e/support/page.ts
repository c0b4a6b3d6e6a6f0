import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** Opens a page and waits until React has hydrated it and the network is quiet. */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator('[data-hydrated="true"]').waitFor();
  await page.waitForLoadState("networkidle");
}

/** axe-core's serious and critical violations, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
