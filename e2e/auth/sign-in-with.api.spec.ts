import { request as requests, type APIRequestContext } from "@playwright/test";
import { expect, test } from "../fixtures";
import { uniqueEmail } from "../support/api";
import { googleAnswerFor } from "../support/sign-in-stand-in";

// Sign in with Google's callback (docs/architecture/accounts-security.md "Google and Apple"),
// against the local stand-in over HTTP: the answer's state must be the browser's cookie's and an
// open flow's, taken once; the ID token's audience, issuer and signature are checked by
// openid-client. A refused answer signs nobody in and sends the browser to the login page
// saying so. The browser's side: sign-in-with.journey.spec.ts.

const contexts: APIRequestContext[] = [];
const context = async (baseURL: string) => {
  const ctx = await requests.newContext({ baseURL });
  contexts.push(ctx);
  return ctx;
};
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((ctx) => ctx.dispose()));
});

/** Opens the callback as the browser would (without following the redirect): where it sends the browser. */
async function openAnswer(ctx: APIRequestContext, url: string): Promise<string> {
  const response = await ctx.get(url, { maxRedirects: 0 });
  expect(response.status()).toBe(303);
  const location = new URL(response.headers().location!);
  return location.pathname + location.search;
}
const signedInEmail = async (ctx: APIRequestContext) => {
  const response = await ctx.get("/api/auth/");
  return response.status() === 200 ? ((await response.json()) as { email: string }).email : null;
};

test("an answer signs in once; replayed, with or without the browser's state cookie, or in another browser, it signs nobody in", async ({ baseURL }) => {
  const email = uniqueEmail("google");
  const browser = await context(baseURL!);
  const answer = await googleAnswerFor(browser, { email, firstName: "Gia" });
  const state = new URL(answer).searchParams.get("state")!;
  expect(await openAnswer(browser, answer)).toBe("/orders");
  expect(await signedInEmail(browser)).toBe(email);

  // The same browser again: its state cookie went with the first answer.
  expect(await openAnswer(browser, answer)).toBe("/login?signIn=failed");
  // The cookie put back by hand: the flow was taken once.
  const replay = await fetch(answer, { headers: { cookie: `nosh_sign_in=${state}` }, redirect: "manual" });
  expect(replay.status).toBe(303);
  expect(new URL(replay.headers.get("location")!).search).toBe("?signIn=failed");
  // Another browser (an attacker handed the victim's answer): no cookie, no sign-in.
  const other = await context(baseURL!);
  expect(await openAnswer(other, answer)).toBe("/login?signIn=failed");
  expect(await signedInEmail(other)).toBeNull();
});

test("a forged state is refused, even with a cookie that matches it", async ({ baseURL }) => {
  const ctx = await context(baseURL!);
  const email = uniqueEmail("forged");
  const answer = await googleAnswerFor(ctx, { email });
  const code = new URL(answer).searchParams.get("code")!;
  const forged = `/api/auth/oidc/google/callback?state=forged-state&code=${code}`;
  const withCookie = await fetch(new URL(forged, baseURL), { headers: { cookie: "nosh_sign_in=forged-state" }, redirect: "manual" });
  expect(new URL(withCookie.headers.get("location")!).search).toBe("?signIn=failed");
  expect(await openAnswer(ctx, forged)).toBe("/login?signIn=failed");
  expect(await signedInEmail(ctx)).toBeNull();
});

for (const [token, what] of [
  ["audience", "for another app (a wrong audience)"],
  ["issuer", "from another issuer"],
  ["signature", "signed by a key the issuer never published"],
] as const) {
  test(`an ID token ${what} is refused and signs nobody in`, async ({ baseURL }) => {
    const ctx = await context(baseURL!);
    const email = uniqueEmail(`bad-${token}`);
    const answer = await googleAnswerFor(ctx, { email, token });
    expect(await openAnswer(ctx, answer)).toBe("/login?signIn=failed");
    expect(await signedInEmail(ctx)).toBeNull();
    // No account was made for the email: the same person, with a good token, is new.
    const again = await context(baseURL!);
    expect(await openAnswer(again, await googleAnswerFor(again, { email, account: `${email}-again` }))).toBe("/orders");
    expect(await signedInEmail(again)).toBe(email);
  });
}

test("a provider that is not offered, or not a provider, answers 404", async ({ baseURL }) => {
  const ctx = await context(baseURL!);
  await ctx.get("/api/auth/");
  const token = decodeURIComponent((await ctx.storageState()).cookies.find((cookie) => cookie.name === "XSRF-TOKEN")!.value);
  const response = await ctx.post("/api/auth/oidc/facebook", { data: {}, headers: { "XSRF-Token": token } });
  expect(response.status()).toBe(404);
  expect((await ctx.get("/api/auth/oidc/facebook/callback?state=x", { maxRedirects: 0 })).status()).toBe(404);
});
