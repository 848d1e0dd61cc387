import { expect, test } from "../fixtures";
import { newClient, signUpCustomer, uniqueEmail } from "../support/api";
import { pathOf, verifyEmailOf, verifyLinkOf } from "../support/mailbox";
import { SoftAuthenticator } from "../support/soft-authenticator";

// Verified email and passkeys against the running app (docs/architecture/accounts-security.md):
// the signup's mailed link works once and opens the courier application; an email change waits
// for the new address's link; a passkey made by a software authenticator signs in, and its
// answer cannot be replayed. Expiry and the challenges' rules: lib/server/accounts/email-verification.test.ts.

test("the signup's link verifies the email once; the courier application waits for it", async ({ baseURL, customer: { client, email } }) => {
  expect(await (await client.get("/api/account/email")).json()).toEqual({ email, verified: false, pendingEmail: null });
  const early = await client.post("/api/courier/apply");
  expect(early.status()).toBe(403);
  expect((await early.json()).message).toBe("Verify your email address first: we sent you a link (resend it from your account)");
  const link = await verifyLinkOf(client, email);
  const token = new URL(link).searchParams.get("token");
  // Opening the link changes nothing (no GET writes): its page's button confirms.
  expect((await (await newClient(baseURL!)).get(pathOf(link))).status()).toBe(200);
  expect((await client.post("/api/auth/verify-email", { token })).status()).toBe(200);
  const again = await client.post("/api/auth/verify-email", { token });
  expect(again.status()).toBe(400);
  expect((await again.json()).errors).toHaveProperty("token");
  expect(await (await client.get("/api/account/email")).json()).toEqual({ email, verified: true, pendingEmail: null });
  expect((await client.post("/api/account/email/resend")).status()).toBe(409);
  expect((await client.post("/api/courier/apply")).status()).toBe(201);
});

test("an email change is not effective until the new address confirms; then the old address is told", async ({
  baseURL,
  customer: { client, user, email, password },
}) => {
  const wanted = uniqueEmail("changed");
  const answer = await client.put(`/api/users/${user.id}`, { email: wanted });
  expect(answer.status()).toBe(200);
  expect((await answer.json()).email).toBe(email);
  expect((await (await client.get("/api/auth/")).json()).email).toBe(email);
  expect(await (await client.get("/api/account/email")).json()).toEqual({ email, verified: false, pendingEmail: wanted });
  // Not yet: the new address does not sign in.
  const early = await newClient(baseURL!, { "X-Forwarded-For": "10.62.2.1" });
  expect((await early.post("/api/auth/login", { credential: wanted, password })).status()).toBe(401);

  expect((await client.post("/api/account/email/resend")).status()).toBe(200);
  await verifyEmailOf(client, wanted);
  expect((await (await client.get("/api/auth/")).json()).email).toBe(wanted);
  expect((await (await newClient(baseURL!)).post("/api/auth/login", { credential: wanted, password })).status()).toBe(200);
  await expect.poll(async () => (await (await client.get("/dev/mailbox")).text()).includes(`was changed to ${wanted}`), { timeout: 15_000 }).toBe(true);
});

test("a passkey signs in; its answer is not replayed; another account cannot remove it", async ({ baseURL, customer: { client, user, password } }) => {
  const key = new SoftAuthenticator(baseURL!);
  const options = await (await client.post("/api/account/passkeys/options", { password })).json();
  const made = await client.post("/api/account/passkeys", { name: "Soft key", credential: key.create(options) });
  expect(made.status()).toBe(201);
  const { passkey } = await made.json();
  expect(await (await client.get("/api/account/passkeys")).json()).toEqual({ passkeys: [passkey] });

  const browser = await newClient(baseURL!);
  const answer = key.get(await (await browser.post("/api/auth/passkey/options")).json());
  const signedIn = await browser.post("/api/auth/passkey", { credential: answer });
  expect(signedIn.status()).toBe(200);
  expect((await signedIn.json()).id).toBe(user.id);
  expect((await (await browser.get("/api/auth/")).json()).id).toBe(user.id);
  const replayed = await (await newClient(baseURL!)).post("/api/auth/passkey", { credential: answer });
  expect(replayed.status()).toBe(400);

  const { client: stranger } = await signUpCustomer(baseURL!);
  expect((await stranger.del(`/api/account/passkeys/${passkey.id}`)).status()).toBe(404);
  expect((await client.del(`/api/account/passkeys/${passkey.id}`)).status()).toBe(200);
  const gone = await (await newClient(baseURL!)).post("/api/auth/passkey/options");
  expect((await (await newClient(baseURL!)).post("/api/auth/passkey", { credential: key.get(await gone.json()) })).status()).toBe(401);
});
