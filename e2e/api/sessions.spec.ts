import { expect, test } from "@playwright/test";
import { newClient, signUpCustomer, type Client } from "../support/api";

// Sessions (issue 8): logout ends this session only, "log out everywhere" and a password change
// end the others, and a copy of an ended session's cookie is refused. Mutating calls from
// another site are refused by Origin / Sec-Fetch-Site on top of the anti-forgery token.
// Lifetimes, cookie attributes in production and "no GET changes state" are in
// production.spec.ts, which runs its own server.

const SESSION = "nosh_session";

async function sessionCookie(client: Client): Promise<string> {
  const value = await client.cookie(SESSION);
  if (!value) throw new Error("no session cookie");
  return value;
}

/** GET /api/auth/ with nothing but a copied session cookie, as an attacker holding it would. */
async function replay(baseURL: string, cookie: string): Promise<number> {
  const response = await fetch(`${baseURL}/api/auth/`, { headers: { cookie: `${SESSION}=${cookie}` } });
  return response.status;
}

async function secondDevice(baseURL: string, email: string, password: string): Promise<Client> {
  const client = await newClient(baseURL);
  expect((await client.post("/api/auth/login", { credential: email, password })).status()).toBe(200);
  return client;
}

test.describe("ending sessions", () => {
  test("logout ends this session only: its copied cookie is refused, the other device stays in", async ({ baseURL }) => {
    const { client, email, password } = await signUpCustomer(baseURL!);
    const phone = await secondDevice(baseURL!, email, password);
    const copied = await sessionCookie(client);
    expect(await replay(baseURL!, copied)).toBe(200);

    expect((await client.get("/api/auth/logout")).status()).toBe(200);
    expect(await replay(baseURL!, copied)).toBe(401);
    expect((await client.get("/api/auth/")).status()).toBe(401);
    expect((await phone.get("/api/auth/")).status()).toBe(200);
    // Logging in again is a new session, unaffected by the old one's revocation.
    expect((await client.post("/api/auth/login", { credential: email, password })).status()).toBe(200);
    expect((await client.get("/api/auth/")).status()).toBe(200);
    expect(await sessionCookie(client)).not.toBe(copied);
  });

  test("log out everywhere ends every session, this one included", async ({ baseURL }) => {
    const { client, email, password } = await signUpCustomer(baseURL!);
    const phone = await secondDevice(baseURL!, email, password);
    const copied = await sessionCookie(client);
    const phoneCookie = await sessionCookie(phone);

    const response = await client.post("/api/auth/logout-everywhere");
    expect(response.status()).toBe(200);
    expect(await response.json()).toHaveProperty("message");
    expect(await replay(baseURL!, copied)).toBe(401);
    expect(await replay(baseURL!, phoneCookie)).toBe(401);
    expect((await phone.get("/api/auth/")).status()).toBe(401);
    // Anonymous callers have nothing to end.
    expect((await (await newClient(baseURL!)).post("/api/auth/logout-everywhere")).status()).toBe(401);
  });

  test("a password change ends every other session and the caller's previous cookie, keeping the caller in", async ({ baseURL }) => {
    const { client, user, email, password } = await signUpCustomer(baseURL!);
    const phone = await secondDevice(baseURL!, email, password);
    const before = await sessionCookie(client);

    expect((await client.put(`/api/users/${user.id}/password`, { current_password: password, new_password: "brand new pass 2" })).status()).toBe(200);
    const after = await sessionCookie(client);
    expect(after).not.toBe(before);
    expect(await replay(baseURL!, after)).toBe(200);
    expect(await replay(baseURL!, before)).toBe(401);
    expect((await phone.get("/api/auth/")).status()).toBe(401);
  });
});

test.describe("cross-site requests", () => {
  test("a mutating call from another site's Origin is 403 and changes nothing, even with the token", async ({ baseURL }) => {
    const { client, user } = await signUpCustomer(baseURL!);
    const foreign = await client.put(`/api/users/wallet/${user.id}`, { amount: 10 }, { Origin: "https://evil.example" });
    expect(foreign.status()).toBe(403);
    expect(await foreign.json()).toMatchObject({ message: expect.stringMatching(/cross-site/i) });
    const marked = await client.put(`/api/users/wallet/${user.id}`, { amount: 10 }, { "Sec-Fetch-Site": "cross-site" });
    expect(marked.status()).toBe(403);
    const opaque = await client.put(`/api/users/wallet/${user.id}`, { amount: 10 }, { Origin: "null" });
    expect(opaque.status()).toBe(403);
    expect((await (await client.get("/api/auth/")).json()).wallet).toBe(user.wallet);
  });

  test("same-origin browsers and clients without Origin (curl, the contract's QA clients) pass", async ({ baseURL }) => {
    const { client, user } = await signUpCustomer(baseURL!);
    const origin = new URL(baseURL!).origin;
    expect((await client.put(`/api/users/wallet/${user.id}`, { amount: 1 }, { Origin: origin, "Sec-Fetch-Site": "same-origin" })).status()).toBe(200);
    expect((await client.put(`/api/users/wallet/${user.id}`, { amount: 1 })).status()).toBe(200);
    expect((await (await client.get("/api/auth/")).json()).wallet).toBeCloseTo(user.wallet + 2, 2);
  });

  test("the contract's GET logout cannot be triggered from another site", async ({ baseURL }) => {
    const { client } = await signUpCustomer(baseURL!);
    expect((await client.get("/api/auth/logout", { "Sec-Fetch-Site": "cross-site" })).status()).toBe(403);
    expect((await client.get("/api/auth/")).status()).toBe(200);
  });

  test("reads from another site are not refused (links into the shop keep working)", async ({ baseURL }) => {
    const client = await newClient(baseURL!);
    expect((await client.get("/api/restaurants/", { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" })).status()).toBe(200);
  });
});
