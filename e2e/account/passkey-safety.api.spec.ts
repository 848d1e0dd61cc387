import { randomInt } from "node:crypto";
import { expect, test } from "../fixtures";
import { newClient, type Client } from "../support/api";
import { pathOf, resetLinkOf } from "../support/mailbox";
import { SoftAuthenticator } from "../support/soft-authenticator";

// Adding a passkey needs a fresh confirmation and is mailed; "Log out everywhere" and a password
// reset can take every passkey (docs/architecture/accounts-security.md "Passkeys"), against the
// running app with a software authenticator. The window and the passkey confirmation:
// lib/server/accounts/passkey-confirmation.test.ts.

const from = (baseURL: string) => newClient(baseURL, { "X-Forwarded-For": `10.${randomInt(0, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}` });

async function addPasskey(baseURL: string, client: Client, password: string, name: string) {
  const key = new SoftAuthenticator(baseURL);
  const options = await client.post("/api/account/passkeys/options", { password });
  expect(options.status()).toBe(200);
  const made = await client.post("/api/account/passkeys", { name, credential: key.create(await options.json()) });
  expect(made.status()).toBe(201);
  return key;
}
const signsIn = async (baseURL: string, key: SoftAuthenticator) => {
  const browser = await newClient(baseURL);
  return (await browser.post("/api/auth/passkey", { credential: key.get(await (await browser.post("/api/auth/passkey/options")).json()) })).status();
};

test("adding a passkey needs the account's password (a 400 naming `password` without it or with a wrong one) and mails the account", async ({
  baseURL,
  customer: { client, password },
}) => {
  for (const [body, message] of [
    [undefined, "Enter your password to add a passkey"],
    [{}, "Enter your password to add a passkey"],
    [{ password: "not the password" }, "Password is incorrect"],
  ] as const) {
    // From an address of its own: a wrong password counts against its address's login throttle.
    const refused = await client.post("/api/account/passkeys/options", body, { "X-Forwarded-For": `10.${randomInt(0, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}` });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors).toEqual({ password: message });
  }
  expect((await (await client.get("/api/account/passkeys")).json()).passkeys).toEqual([]);
  await addPasskey(baseURL!, client, password, "Soft key");
  await expect
    .poll(async () => (await (await client.get("/dev/mailbox")).text()).includes("Soft key&quot; was added to your Nosh account"), { timeout: 15_000 })
    .toBe(true);
  expect((await (await client.get("/api/account/passkeys")).json()).passkeys).toHaveLength(1);
});

test('"Log out everywhere" removes every passkey when asked, and keeps them otherwise', async ({ baseURL, customer: { client, email, password } }) => {
  const key = await addPasskey(baseURL!, client, password, "Kept key");
  const kept = await client.post("/api/auth/logout-everywhere");
  expect(kept.status()).toBe(200);
  expect(await kept.json()).toEqual({ message: "Logged out on every device", passkeysRemoved: 0 });
  expect(await signsIn(baseURL!, key)).toBe(200);

  const again = await newClient(baseURL!);
  expect((await again.post("/api/auth/login", { credential: email, password })).status()).toBe(200);
  const removed = await again.post("/api/auth/logout-everywhere", { removePasskeys: true });
  expect(await removed.json()).toEqual({ message: "Logged out on every device", passkeysRemoved: 1 });
  expect(await signsIn(baseURL!, key)).toBe(401);
  expect((await again.post("/api/auth/logout-everywhere", { removePasskeys: "yes" })).status()).toBe(401);
});

test("a password reset's page lists the passkeys; chosen, the reset removes them", async ({ baseURL, customer: { client, email, password } }) => {
  const key = await addPasskey(baseURL!, client, password, "Laptop of mine");
  const stranger = await from(baseURL!);
  expect((await stranger.post("/api/auth/password-reset", { email })).status()).toBe(200);
  const link = await resetLinkOf(stranger, email);
  const page = await (await stranger.get(pathOf(link))).text();
  expect(page).toContain("Laptop of mine");
  expect(page).toContain('aria-label="Passkeys of your account"');
  expect(page).toContain('name="removePasskeys"');
  const token = new URL(link).searchParams.get("token");
  const bad = await stranger.post("/api/auth/password-reset/confirm", { token, password: "a new secret 11", removePasskeys: "all" });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors).toHaveProperty("removePasskeys");
  expect((await stranger.post("/api/auth/password-reset/confirm", { token, password: "a new secret 11", removePasskeys: true })).status()).toBe(200);
  expect(await signsIn(baseURL!, key)).toBe(401);
  const back = await newClient(baseURL!);
  expect((await back.post("/api/auth/login", { credential: email, password: "a new secret 11" })).status()).toBe(200);
  expect((await (await back.get("/api/account/passkeys")).json()).passkeys).toEqual([]);
});
