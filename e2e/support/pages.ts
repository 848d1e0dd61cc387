import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Fails on any serious or critical accessibility violation of the page as it is now. */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`), label).toEqual([]);
}

/** The visible in-page alert carrying this text (Next's route announcer is an alert too). */
export const alertWith = (page: Page, text: string | RegExp) => page.getByRole("alert").filter({ hasText: text });

export async function openMenu(page: Page) {
  await page.getByRole("button", { name: "Open menu" }).click();
  return page.getByRole("navigation", { name: "Main menu" });
}

export async function demoLogin(page: Page, id: number) {
  await page.goto("/login");
  await page.getByRole("button", { name: `Log in as Demo user ${id}` }).click();
  await page.waitForURL("**/home");
}
