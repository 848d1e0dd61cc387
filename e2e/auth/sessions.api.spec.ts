import { expect, test } from "../fixtures";
import { newClient, signUpCustomer, type Client } from "../support/api";

// Sessions: logout ends this session only, "log out everywhere" and a password change
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
  test("logout ends this session only: its copied cookie is refused, the other device stays in", async ({ baseURL, customer: { client, email, password } }) => {
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

  test("log out everywhere ends every session, this one included", async ({ baseURL, customer: { client, email, password } }) => {
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

  test("a password change ends every other session and the caller's previous cookie, keeping the caller in", async ({
    baseURL,
    customer: { client, user, email, password },
  }) => {
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
  test("a mutating call from another site's Origin is 403 and changes nothing, even with the token", async ({ customer: { client, user } }) => {
    const foreign = await client.put(`/api/users/wallet/${user.id}`, { amount: 10 }, { Origin: "https://evil.example" });
    expect(foreign.status()).toBe(403);
    expect(await foreign.json()).toMatchObject({ message: expect.stringMatching(/cross-site/i) });
    const marked = await client.put(`/api/users/wallet/${user.id}`, { amount: 10 }, { "Sec-Fetch-Site": "cross-site" });
    expect(marked.status()).toBe(403);
    const opaque = await client.put(`/api/users/wallet/${user.id}`, { amount: 10 }, { Origin: "null" });
    expect(opaque.status()).toBe(403);
    expect((await (await client.get("/api/auth/")).json()).wallet).toBe(user.wallet);
  });

  test("same-origin browsers and clients without Origin (curl, the contract's QA clients) pass", async ({ baseURL, customer: { client, user } }) => {
    const origin = new URL(baseURL!).origin;
    expect((await client.put(`/api/users/wallet/${user.id}`, { amount: 1 }, { Origin: origin, "Sec-Fetch-Site": "same-origin" })).status()).toBe(200);
    expect((await client.put(`/api/users/wallet/${user.id}`, { amount: 1 })).status()).toBe(200);
    expect((await (await client.get("/api/auth/")).json()).wallet).toBeCloseTo(user.wallet + 2, 2);
  });

  test("the contract's GET logout cannot be triggered from another site", async ({ customer: { client } }) => {
    expect((await client.get("/api/auth/logout", { "Sec-Fetch-Site": "cross-site" })).status()).toBe(403);
    expect((await client.get("/api/auth/")).status()).toBe(200);
  });

  test("reads from another site are not refused (links into the shop keep working)", async ({ api: client }) => {
    expect((await client.get("/api/restaurants/", { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" })).status()).toBe(200);
  });
});

test.describe("the Origin check counts scheme and port", () => {
  test("a mutating call from https:// or another port of this host is 403; this exact origin passes", async ({ baseURL, customer: { client, user } }) => {
    const own = new URL(baseURL!);
    const otherPort = `${own.protocol}//${own.hostname}:${Number(own.port) + 7}`;
    for (const origin of [`https://${own.host}`, otherPort]) {
      const refused = await client.put(`/api/users/wallet/${user.id}`, { amount: 10 }, { Origin: origin });
      expect(refused.status(), origin).toBe(403);
      expect(await refused.json()).toMatchObject({ message: "Cross-site request refused" });
    }
    expect((await (await client.get("/api/auth/")).json()).wallet).toBe(user.wallet);
    expect((await client.put(`/api/users/wallet/${user.id}`, { amount: 10 }, { Origin: own.origin })).status()).toBe(200);
    expect((await (await client.get("/api/auth/")).json()).wallet).toBeCloseTo(user.wallet + 10, 2);
  });
});

test.describe("the anti-forgery token is bound to the session", () => {
  const XSRF = "XSRF-TOKEN";

  /** PUT /api/users/wallet/{id} by plain fetch with exactly these cookies and header, as an attacker who planted them would. */
  async function topUp(baseURL: string, userId: number, session: string, token: string) {
    return fetch(`${baseURL}/api/users/wallet/${userId}`, {
      method: "PUT",
      headers: { cookie: `${SESSION}=${session}; ${XSRF}=${token}`, "XSRF-Token": token, "content-type": "application/json" },
      body: JSON.stringify({ amount: 5 }),
    });
  }

  test("a token taken before login is refused after login, and changes nothing", async ({ baseURL, api: client }) => {
    const before = await client.xsrf();
    const email = `bound-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const signup = await client.post("/api/auth/signup", { name: "Bound Token", credential: email, password: "correct horse battery" });
    expect(signup.status()).toBe(201);
    const user = (await signup.json()) as { id: number; wallet: number };
    const after = await client.xsrf();
    expect(after).not.toBe(before);

    const session = await sessionCookie(client);
    const stale = await topUp(baseURL!, user.id, session, before);
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ message: expect.stringMatching(/anti-forgery/) });
    expect((await (await client.get("/api/auth/")).json()).wallet).toBe(user.wallet);
    expect((await topUp(baseURL!, user.id, session, after)).status).toBe(200);
  });

  test("user A's token is refused on user B's session even with the cookie and header both set", async ({ baseURL, customer: a }) => {
    const b = await signUpCustomer(baseURL!);
    const bSession = await sessionCookie(b.client);
    const forged = await topUp(baseURL!, b.user.id, bSession, await a.client.xsrf());
    expect(forged.status).toBe(403);
    expect((await (await b.client.get("/api/auth/")).json()).wallet).toBe(b.user.wallet);
    // The refusal hands B's browser a token for B's session, never A's.
    const reissued = forged.headers.getSetCookie().find((line) => line.startsWith(`${XSRF}=`));
    expect(reissued).toBeDefined();
    expect(reissued).not.toContain(await a.client.xsrf());
  });

  test("logout rotates the token: the old one no longer passes, the new one does", async ({ baseURL, customer: { client, email, password } }) => {
    const signedIn = await client.xsrf();
    expect((await client.get("/api/auth/logout")).status()).toBe(200);
    const loggedOut = await client.xsrf();
    expect(loggedOut).not.toBe(signedIn);
    const login = (token: string) =>
      fetch(`${baseURL}/api/auth/login`, {
        method: "POST",
        headers: { cookie: `${XSRF}=${token}`, "XSRF-Token": token, "content-type": "application/json" },
        body: JSON.stringify({ credential: email, password }),
      });
    expect((await login(signedIn)).status).toBe(403);
    expect((await login(loggedOut)).status).toBe(200);
  });

  test("every call that starts or ends a session sets a new token in the same answer", async ({ customer: { client, user, email, password } }) => {
    const steps: [string, () => Promise<import("@playwright/test").APIResponse>][] = [
      ["password change", () => client.put(`/api/users/${user.id}/password`, { current_password: password, new_password: "brand new pass 2" })],
      ["logout", () => client.get("/api/auth/logout")],
      ["login", () => client.post("/api/auth/login", { credential: email, password: "brand new pass 2" })],
      ["logout everywhere", () => client.post("/api/auth/logout-everywhere")],
      ["guest", () => client.post("/api/auth/guest")],
      ["demo", () => client.post("/api/users/demo/1")],
    ];
    for (const [name, step] of steps) {
      const before = await client.xsrf();
      const response = await step();
      expect(response.status(), name).toBeLessThan(300);
      const set = response.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith(`${XSRF}=`));
      expect(set, name).toHaveLength(1);
      expect(await client.xsrf(), name).not.toBe(before);
    }
    expect((await client.get("/api/auth/")).status()).toBe(200);
  });
});
