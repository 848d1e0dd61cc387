import { expect, test } from "../fixtures";
import { newClient, sameSession, signUpCustomer, uniqueEmail, uniquePhone } from "../support/api";
import { waitText } from "@/lib/contract/testing/wait-text";

test.describe("GET /api/auth/", () => {
  test("answers 401 with the contract's body when nobody is signed in", async ({ api: client }) => {
    const response = await client.get("/api/auth/");
    expect(response.status()).toBe(401);
    expect(await response.json()).toMatchObject({ errors: { message: "Unauthorized" } });
  });

  test("sets a random readable XSRF-TOKEN cookie (SameSite=Lax, Path=/)", async ({ baseURL }) => {
    // Clients that each ask (the suite's other clients on the shared servers copy one anonymous token: support/api.ts).
    const client = await newClient(baseURL!, {}, { ownToken: true });
    const cookies = (await client.ctx.storageState()).cookies;
    const xsrf = cookies.find((c) => c.name === "XSRF-TOKEN")!;
    // 256 random bits and their HMAC bound to the session (none yet): lib/edge/xsrf-token.ts.
    expect(xsrf.value).toMatch(/^[0-9a-f]{64}\.[0-9a-f]{64}$/);
    expect(xsrf).toMatchObject({ httpOnly: false, sameSite: "Lax", path: "/" });
    const other = await newClient(baseURL!, {}, { ownToken: true });
    expect(await other.xsrf()).not.toBe(await client.xsrf());
  });
});

test.describe("anti-forgery (double submit)", () => {
  test("a mutating call without the XSRF-Token header is 403 and changes nothing", async ({ api: client }) => {
    const email = uniqueEmail("csrf");
    const refused = await client.ctx.post("/api/auth/signup", { data: { name: "Mallory", credential: email, password: "long enough pass" } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toHaveProperty("message");
    const wrong = await client.post("/api/auth/signup", { name: "Mallory", credential: email, password: "long enough pass" }, { "XSRF-Token": "0".repeat(64) });
    expect(wrong.status()).toBe(403);
    // The account was never created: signing up now succeeds with that email.
    expect((await client.post("/api/auth/signup", { name: "Mallory", credential: email, password: "long enough pass" })).status()).toBe(201);
  });

  test("login and guest need the header too", async ({ api: client }) => {
    expect((await client.ctx.post("/api/auth/login", { data: { credential: "a@b.co", password: "x" } })).status()).toBe(403);
    expect((await client.ctx.post("/api/auth/guest")).status()).toBe(403);
    expect((await client.ctx.post("/api/users/demo/1")).status()).toBe(403);
  });
});

test.describe("POST /api/auth/signup", () => {
  test("creates a signed-in account whose wallet the server sets to 999.99", async ({ api: client }) => {
    const email = uniqueEmail("signup");
    const response = await client.post("/api/auth/signup", {
      name: "Ada Byron Lovelace",
      credential: email,
      password: "correct horse",
      wallet: 1_000_000,
      restaurantOwner: true,
    });
    expect(response.status()).toBe(201);
    const user = await response.json();
    expect(user).toMatchObject({ firstName: "Ada", lastName: "Lovelace", email, wallet: 999.99, restaurantOwner: false, guestAccount: false });
    expect(Object.keys(user).sort()).toEqual(
      [
        "id",
        "firstName",
        "lastName",
        "email",
        "phoneNumber",
        "address",
        "city",
        "state",
        "zip",
        "wallet",
        "profileImage",
        "restaurantOwner",
        "courier",
        "guestAccount",
        "deliveryInstructions",
        "lat",
        "lng",
        "avoidAllergens",
        "language",
      ].sort(),
    );
    const session = (await client.ctx.storageState()).cookies.find((c) => c.name === "nosh_session")!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(await (await client.get("/api/auth/")).json()).toMatchObject({ id: user.id, email });
  });

  test("accepts the signup form's snake_case fields and a phone with dashes", async ({ api: client }) => {
    const phone = uniquePhone();
    const dashed = `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`;
    const response = await client.post("/api/auth/signup", { first_name: "Grace", last_name: "Hopper", phone_number: dashed, password: "correct horse" });
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({ firstName: "Grace", lastName: "Hopper", phoneNumber: phone, email: null });
  });

  for (const [body, field, message] of [
    [{ name: "A", credential: "", password: "long enough" }, "credential", "Please enter a valid email or phone number"],
    [{ name: "A", credential: "a@example", password: "long enough" }, "credential", "Invalid email"],
    [{ name: "A", credential: "555-12", password: "long enough" }, "credential", "Invalid phone number"],
    [{ name: "A", credential: "a@example.com", password: "short" }, "password", "Password must be at least 8 characters"],
    [{ name: "", credential: "a@example.com", password: "long enough" }, "name", "Please enter your name"],
    [{ name: "A", credential: "a@example.com", password: 12345678 }, "password", undefined],
  ] as const) {
    test(`refuses ${JSON.stringify(body)} naming ${field}`, async ({ api: client }) => {
      const response = await client.post("/api/auth/signup", body);
      expect(response.status()).toBe(400);
      const json = await response.json();
      expect(json.errors).toHaveProperty(field);
      if (message) expect(json.errors[field]).toBe(message);
      expect(typeof json.message).toBe("string");
    });
  }

  test("an email or phone already in use is 409 naming the field", async ({ customer: { email }, api: client }) => {
    const response = await client.post("/api/auth/signup", { name: "Copy Cat", credential: email.toUpperCase(), password: "correct horse" });
    expect(response.status()).toBe(409);
    expect(await response.json()).toEqual({ message: "Email is already in use", errors: { email: "Email is already in use" } });
  });
});

test.describe("POST /api/auth/login", () => {
  test("logs in by email and by phone with or without dashes, each time with a fresh session", async ({ baseURL }) => {
    const phone = uniquePhone();
    const { email, password, user, client: first } = await signUpCustomer(baseURL!, { phoneNumber: phone });
    const firstCookie = await first.cookie("nosh_session");
    const seen = new Set([firstCookie]);
    for (const credential of [email, phone, `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`]) {
      const client = await newClient(baseURL!);
      const response = await client.post("/api/auth/login", { credential, password });
      expect(response.status(), credential).toBe(200);
      expect((await response.json()).id).toBe(user.id);
      const cookie = await client.cookie("nosh_session");
      expect(seen.has(cookie)).toBe(false);
      seen.add(cookie);
    }
    const byField = await (await newClient(baseURL!)).post("/api/auth/login", { phone_number: phone, password });
    expect(byField.status()).toBe(200);
  });

  test("a wrong password and an unknown account get the same answer", async ({ baseURL, customer: { email } }) => {
    const client = await newClient(baseURL!, { "X-Forwarded-For": `10.1.${Math.floor(Math.random() * 250)}.1` });
    const wrong = await client.post("/api/auth/login", { credential: email, password: "not the password" });
    const unknown = await client.post("/api/auth/login", { credential: uniqueEmail("ghost"), password: "not the password" });
    expect(wrong.status()).toBe(401);
    expect(unknown.status()).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(await wrong.json()).toEqual({ message: "Invalid credentials", errors: { credential: "Invalid credentials" } });
  });

  test("invalid credentials are 400 under the field that was sent", async ({ api: client }) => {
    const response = await client.post("/api/auth/login", { email: "nobody@nowhere", password: "x" });
    expect(response.status()).toBe(400);
    expect((await response.json()).errors).toEqual({ email: "Invalid email" });
  });

  test("failures hold back their own address with growing waits, never the account's owner elsewhere", async ({ baseURL, customer: { email, password } }) => {
    const attacker = await newClient(baseURL!, { "X-Forwarded-For": `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
    for (let i = 0; i < 4; i++) expect((await attacker.post("/api/auth/login", { credential: email, password: "wrong wrong" })).status()).toBe(401);
    // The fourth failure from this address costs a wait: even the right password waits it out.
    const held = await attacker.post("/api/auth/login", { credential: email, password });
    expect(held.status()).toBe(429);
    expect(Number(held.headers()["retry-after"])).toBeGreaterThan(0);
    // For how long: the same wait as Retry-After, in words.
    const wait = Number(held.headers()["retry-after"]);
    expect((await held.json()).message).toBe(`Too many failed login attempts. Try again in ${waitText(wait)}.`);
    // Five wrong passwords used to lock the account everywhere for 15 minutes: the owner's
    // address has not failed, so the right password works there.
    const owner = await newClient(baseURL!, { "X-Forwarded-For": `10.3.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
    expect((await owner.post("/api/auth/login", { credential: email, password })).status()).toBe(200);
  });

  test("repeated failures from one address are throttled across accounts", async ({ baseURL }) => {
    const address = `10.4.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const client = await newClient(baseURL!, { "X-Forwarded-For": address });
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await client.post("/api/auth/login", { credential: uniqueEmail("spray"), password: "guess guess" })).status());
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(401));
    expect(statuses[8]).toBe(429);
  });
});

test.describe("logout, guests and demo accounts", () => {
  test("logout ends the session and the old cookie stops working", async ({ baseURL, customer: { client } }) => {
    const replay = await sameSession(client, baseURL!);
    const logout = await client.get("/api/auth/logout");
    expect(logout.status()).toBe(200);
    expect(await logout.json()).toHaveProperty("message");
    expect((await client.get("/api/auth/")).status()).toBe(401);
    expect((await replay.get("/api/auth/")).status()).toBe(401);
  });

  test("guest login creates a guest with an empty wallet", async ({ api: client }) => {
    const response = await client.post("/api/auth/guest");
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({ guestAccount: true, wallet: 0, email: null });
    expect((await (await client.get("/api/auth/")).json()).guestAccount).toBe(true);
  });

  test("a guest who signs up becomes that same account, now full", async ({ api: client }) => {
    const guest = await (await client.post("/api/auth/guest")).json();
    const response = await client.post("/api/auth/signup", { name: "Former Guest", credential: uniqueEmail("guest"), password: "correct horse" });
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({ id: guest.id, guestAccount: false, wallet: 999.99 });
  });

  test("each of the eight demo accounts (owners, customers, couriers) logs in", async ({ baseURL }) => {
    for (const id of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const client = await newClient(baseURL!);
      const response = await client.post(`/api/users/demo/${id}`);
      expect(response.status(), `demo ${id}`).toBe(200);
      const user = await response.json();
      expect(user.id).toBe(id);
      expect(user.phoneNumber).toMatch(/^\d{10}$/);
      expect((await (await client.get("/api/auth/")).json()).id).toBe(id);
    }
  });

  test("demo login refuses other accounts and junk ids", async ({ customer: { user }, api: client }) => {
    expect((await client.post(`/api/users/demo/${user.id}`)).status()).toBe(404);
    const junk = await client.post("/api/users/demo/abc");
    expect(junk.status()).toBe(400);
    expect((await junk.json()).errors).toHaveProperty("id");
  });
});

test.describe("error shape and headers", () => {
  test("a body that is not JSON, or not an object, is a 400 with a message", async ({ api: client }) => {
    const bad = await client.ctx.post("/api/auth/login", {
      headers: { "XSRF-Token": await client.xsrf(), "Content-Type": "application/json" },
      data: Buffer.from("{not json"),
    });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toEqual({ message: "Request body must be valid JSON" });
    const array = await client.post("/api/auth/login", [1, 2]);
    expect(array.status()).toBe(400);
  });

  for (const path of ["/", "/login", "/api/auth/", "/no-such-page"]) {
    test(`security headers on ${path}`, async ({ baseURL }) => {
      const response = await (await newClient(baseURL!)).get(path);
      const headers = response.headers();
      expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBeTruthy();
      expect(headers["x-powered-by"]).toBeUndefined();
    });
  }
});

test("an unknown API path is a JSON 404", async ({ api: client }) => {
  for (const response of [await client.get("/api/nope"), await client.post("/api/no/such/thing", {})]) {
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ message: "No such API endpoint" });
  }
});

test("the contract's paths with a trailing slash are answered directly, without a redirect", async ({ api: client }) => {
  const signup = await client.ctx.post("/api/auth/signup", {
    data: { name: "Slash Test", credential: `slash-${Date.now()}@example.com`, password: "correct horse" },
    headers: { "XSRF-Token": await client.xsrf() },
    maxRedirects: 0,
  });
  expect(signup.status()).toBe(201);
  const listed = await client.ctx.get("/api/restaurants/?limit=1", { maxRedirects: 0 });
  expect(listed.status()).toBe(200);
  expect((await listed.json()).restaurants).toHaveLength(1);
  const created = await client.ctx.post("/api/orders/", {
    data: { restaurant_id: 2, items: [{ menu_item_id: (await (await client.get("/api/menu-items?restaurantId=2&limit=1")).json())[0].id, quantity: 1 }] },
    headers: { "XSRF-Token": await client.xsrf() },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(201);
  const page = await client.ctx.get("/login/", { maxRedirects: 0 });
  expect(page.status()).toBe(308);
  expect(page.headers()["location"]).toMatch(/\/login$/);
});
