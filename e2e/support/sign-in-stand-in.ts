import type { Page } from "@playwright/test";
import type { RequestContext } from "./http-client";
import { xsrfToken } from "./xsrf";

// The local Google and Apple stand-in (server/sign-in-stand-in.mjs, served by the host on
// localhost while the tests browse 127.0.0.1): its sign-in page, filled as the person a test chooses.

export type StandInPerson = {
  email: string;
  /** Who the provider says signs in (the ID token's subject); default: the email. Two accounts, one email: an attacker. */
  account?: string;
  firstName?: string;
  lastName?: string;
  /** Whether the provider verified the email (default true). */
  verified?: boolean;
  /** Apple's "Hide my email": a private relay address instead. */
  hide?: boolean;
  /** The ID token as issued, or broken: for another app, from another issuer, signed by an unknown key. */
  token?: "none" | "audience" | "issuer" | "signature";
};

/** Fills the stand-in's page in the browser (the page is on it) and signs in. */
export async function signInAtStandIn(page: Page, person: StandInPerson) {
  await page.getByLabel("Email", { exact: true }).fill(person.email);
  if (person.account) await page.getByLabel(/^Account/).fill(person.account);
  if (person.firstName) await page.getByLabel("First name").fill(person.firstName);
  if (person.lastName) await page.getByLabel("Last name").fill(person.lastName);
  if (person.verified === false) await page.getByLabel("Email verified").uncheck();
  if (person.hide) await page.getByLabel("Hide my email").check();
  if (person.token) await page.getByLabel("ID token").selectOption(person.token);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Over HTTP (`ctx`: a request context on the app): starts a Google sign-in, goes through the
 * stand-in's page as `person` and stops at the provider's answer: the callback URL with its code
 * and state, not opened yet.
 */
export async function googleAnswerFor(ctx: RequestContext, person: StandInPerson): Promise<string> {
  await ctx.get("/api/auth/");
  const start = await ctx.post("/api/auth/oidc/google", { data: { next: "/orders" }, headers: { "XSRF-Token": await xsrfToken(ctx) } });
  if (start.status() !== 200) throw new Error(`start: ${start.status()} ${await start.text()}`);
  const signInPage = await ctx.get(((await start.json()) as { url: string }).url);
  const action = (await signInPage.text()).match(/<form method="post" action="([^"]+)"/)?.[1];
  if (!action) throw new Error(`no sign-in form at ${signInPage.url()}`);
  const form: Record<string, string> = {
    email: person.email,
    account: person.account ?? "",
    firstName: person.firstName ?? "",
    lastName: person.lastName ?? "",
    token: person.token ?? "none",
  };
  if (person.verified !== false) form.verified = "on";
  let response = await ctx.post(new URL(action.replace(/&amp;/g, "&"), signInPage.url()).href, { form, maxRedirects: 0 });
  for (let hops = 0; hops < 10 && response.status() >= 300 && response.status() < 400; hops++) {
    const next = new URL(response.headers().location!, response.url()).href;
    if (new URL(next).pathname === "/api/auth/oidc/google/callback") return next;
    response = await ctx.get(next, { maxRedirects: 0 });
  }
  throw new Error(`the stand-in never answered the callback: ${response.status()} ${response.url()}`);
}
