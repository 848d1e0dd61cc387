import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../lib/demo-accounts";
import { uniqueEmail } from "./api";

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

/** "Rosa (owner)", "Priya (customer)"...: the login page's button of demo account `id`. */
export const demoLabel = (id: number) => DEMO_ACCOUNTS.find((account) => account.id === id)!.label;

export async function demoLogin(page: Page, id: number) {
  await page.goto("/login");
  await page.getByRole("button", { name: `Log in as ${demoLabel(id)}` }).click();
  await page.waitForURL("**/home");
}

/** Signs a fresh customer up through the page's own cookie jar (optionally with an address). */
export async function signUpInBrowser(page: Page, { address = true } = {}) {
  await page.request.get("/api/auth/");
  const xsrf = async () => ({ "XSRF-Token": (await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN")!.value });
  const email = uniqueEmail("browser");
  const signup = await page.request.post("/api/auth/signup", { data: { name: "Casey Customer", credential: email, password: "correct horse" }, headers: await xsrf() });
  const user = (await signup.json()) as { id: number };
  // Signing up issued a token bound to the new session.
  const headers = await xsrf();
  if (address) {
    await page.request.put(`/api/users/${user.id}`, { data: { address: "500 Market St", city: "San Francisco", state: "CA", zip: "94105" }, headers });
  }
  return { user, email, password: "correct horse", headers };
}

/** The cart button in the top bar, whose name carries the item count. */
export const cartButton = (page: Page) => page.getByRole("button", { name: /^Open cart/ });
