import { randomInt } from "node:crypto";
import { expect, test } from "../fixtures";
import { newClient, uniqueEmail } from "../support/api";
import { pathOf, resetLinkOf } from "../support/mailbox";

// Password reset (docs/architecture/security.md "Password reset") against the running app: the
// same answer for a known and an unknown email, the mailed link (/dev/mailbox) working once, every
// session signed out by it, the account told. The token's hash, expiry, 20 parallel uses and the
// throttle's limits are proven in lib/server/accounts/password-reset.test.ts. Each test speaks
// from an address of its own (TRUST_PROXY is on here).

const address = () => `10.${randomInt(0, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;
const from = (baseURL: string) => newClient(baseURL, { "X-Forwarded-For": address() });

test("asking for a link answers the same for a known and an unknown email; a bad email is a 400 naming it", async ({ baseURL, customer: { email } }) => {
  const known = await (await from(baseURL!)).post("/api/auth/password-reset", { email });
  const unknown = await (await from(baseURL!)).post("/api/auth/password-reset", { email: uniqueEmail("nobody") });
  expect(known.status()).toBe(200);
  expect(unknown.status()).toBe(known.status());
  expect(await unknown.json()).toEqual(await known.json());
  expect(await known.json()).toEqual({ message: "If an account uses that email, we sent it a link to reset the password." });
  const bad = await (await from(baseURL!)).post("/api/auth/password-reset", { email: "not-an-email" });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors).toEqual({ email: "Invalid email" });
});

test("past the limit per email the answer is 429 for a known and an unknown email alike", async ({ baseURL, customer: { email } }) => {
  for (const asked of [email, uniqueEmail("nobody")]) {
    for (let i = 0; i < 5; i++) expect((await (await from(baseURL!)).post("/api/auth/password-reset", { email: asked })).status()).toBe(200);
    const refused = await (await from(baseURL!)).post("/api/auth/password-reset", { email: asked });
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  }
});

test("the mailed link sets a new password once and signs out every session; the account is told", async ({ baseURL, customer: { client, email, password } }) => {
  const phone = await newClient(baseURL!);
  expect((await phone.post("/api/auth/login", { credential: email, password })).status()).toBe(200);
  const stranger = await from(baseURL!);
  expect((await stranger.post("/api/auth/password-reset", { email })).status()).toBe(200);
  const link = await resetLinkOf(stranger, email);
  const token = new URL(link).searchParams.get("token")!;

  expect(await (await stranger.get(pathOf(link))).text()).toContain("Set new password");
  const weak = await stranger.post("/api/auth/password-reset/confirm", { token, password: "short" });
  expect(weak.status()).toBe(400);
  expect((await weak.json()).errors).toEqual({ password: "Password must be at least 8 characters" });

  const used = await stranger.post("/api/auth/password-reset/confirm", { token, password: "brand new pass 9" });
  expect(used.status()).toBe(200);
  const again = await stranger.post("/api/auth/password-reset/confirm", { token, password: "another pass 10" });
  expect(again.status()).toBe(400);
  expect(Object.keys((await again.json()).errors)).toEqual(["token"]);
  expect(await (await stranger.get(pathOf(link))).text()).toContain("Ask for a new link");

  // Every session ended; the new password signs in, the old one no longer does.
  expect((await client.get("/api/auth/")).status()).toBe(401);
  expect((await phone.get("/api/auth/")).status()).toBe(401);
  // From an address of its own: the old password's failure must not count against the address the
  // browser journeys sign in from (the shared servers lock an address out after 8 failures).
  const fresh = await from(baseURL!);
  expect((await fresh.post("/api/auth/login", { credential: email, password })).status()).toBe(401);
  expect((await fresh.post("/api/auth/login", { credential: email, password: "brand new pass 9" })).status()).toBe(200);
  await expect.poll(async () => (await (await fresh.get("/dev/mailbox")).text()).includes("Your password was changed"), { timeout: 15_000 }).toBe(true);
});
