import { describe, expect, it } from "vitest";
import { parseCredential, signupSchema, loginSchema } from "@/lib/contract/accounts/auth-rules";
import { waitText } from "@/lib/contract/testing/wait-text";
import { setUpTestDatabase, walletCentsOf } from "../platform/testing/db";
import { english } from "@/lib/contract/testing/in-english";

// The users and sessions data layer against a real, migrated SQLite file.

setUpTestDatabase({ SIGNUP_MAX_PER_ADDRESS: "1000", HASH_THREADS: "2" });
const users = await import("./users");
const { db } = await import("../platform/db");

const signupInput = (over: Record<string, unknown> = {}) =>
  signupSchema.parse({ name: "Ada Lovelace", credential: `ada${Math.random()}@example.com`, password: "correct horse", ...over });
const ledgerSum = async (userId: number) => (await db.walletTransaction.aggregate({ where: { userId }, _sum: { amountCents: true } }))._sum.amountCents ?? 0;

describe("signUp", () => {
  it("creates the account with a 999.99 wallet recorded in the ledger", async () => {
    const user = await users.signUp(signupInput(), null, "test");
    expect(users.userToJson(user)).toMatchObject({ firstName: "Ada", lastName: "Lovelace", wallet: 999.99, guestAccount: false });
    expect(users.userToJson(user)).not.toHaveProperty("passwordHash");
    expect(await ledgerSum(user.id)).toBe(99_999);
    expect(await walletCentsOf(db, user.id)).toBe(99_999);
  });

  it("refuses an email or phone already in use with 409 naming the field", async () => {
    const input = signupInput({ credential: "415-555-0101" });
    await users.signUp(input, null, "test");
    await expect(users.signUp(signupInput({ credential: "4155550101" }), null, "test")).rejects.toMatchObject({
      status: 409,
      errors: { phoneNumber: "Phone number is already in use" },
    });
  });

  it("turns a guest into the full account, keeping its id and orders", async () => {
    const guest = await users.createGuest("test");
    expect(guest).toMatchObject({ guestAccount: true, walletCents: 0 });
    await db.order.create({ data: { userId: guest.id, restaurantName: "Somewhere" } });
    const full = await users.signUp(signupInput(), guest, "test");
    expect(full.id).toBe(guest.id);
    expect(full).toMatchObject({ guestAccount: false, walletCents: 99_999 });
    expect(full.sessionVersion).toBe(guest.sessionVersion + 1);
    expect(await db.order.count({ where: { userId: guest.id } })).toBe(1);
    expect(await ledgerSum(guest.id)).toBe(99_999);
    expect(await walletCentsOf(db, guest.id)).toBe(99_999);
  });
});

describe("logIn", () => {
  const login = (credential: string, password: string) => loginSchema.parse({ credential, password });

  it("accepts email or phone, with or without dashes", async () => {
    const email = `grace${Date.now()}@example.com`;
    const created = await users.signUp(signupInput({ credential: email, phoneNumber: "212-555-0199" }), null, "test");
    expect((await users.logIn(login(email.toUpperCase(), "correct horse"), "a1")).id).toBe(created.id);
    expect((await users.logIn(login("2125550199", "correct horse"), "a1")).id).toBe(created.id);
    expect((await users.logIn(login("212-555-0199", "correct horse"), "a1")).id).toBe(created.id);
  });

  it("answers a wrong password and an unknown account the same way", async () => {
    const email = `hopper${Date.now()}@example.com`;
    await users.signUp(signupInput({ credential: email }), null, "test");
    const wrong = await users.logIn(login(email, "wrong password"), "a2").catch((e: unknown) => e);
    const unknown = await users.logIn(login(`nobody${Date.now()}@example.com`, "wrong password"), "a2").catch((e: unknown) => e);
    expect(wrong).toMatchObject({ status: 401, message: "Invalid credentials", errors: { credential: "Invalid credentials" } });
    expect(unknown).toMatchObject({ status: 401, message: "Invalid credentials", errors: { credential: "Invalid credentials" } });
  });

  it("holds back the address that failed with 429 and Retry-After, never the account", async () => {
    const email = `locked${Date.now()}@example.com`;
    await users.signUp(signupInput({ credential: email }), null, "test");
    for (let i = 0; i < 4; i++) await users.logIn(login(email, "nope nope"), "attacker").catch(() => undefined);
    const locked = await users.logIn(login(email, "correct horse"), "attacker").catch((e: unknown) => e);
    expect(locked).toMatchObject({ status: 429 });
    const wait = Number((locked as { headers: Record<string, string> }).headers["Retry-After"]);
    expect(wait).toBeGreaterThan(0);
    // The message says for how long.
    expect((locked as Error).message).toBe(`Too many failed login attempts. Try again in ${waitText(wait)}.`);
    expect((await users.logIn(login(email, "correct horse"), "owner")).email).toBe(email);
  });

  it("never logs a guest in by credential", () => {
    expect(english(parseCredential("Guest"))).toEqual({ error: "Invalid phone number" });
  });
});

describe("sessions and demo accounts", () => {
  it("demo login finds demo accounts only", async () => {
    const demo = await db.user.create({ data: { firstName: "Demo", demoAccount: true } });
    const plain = await users.signUp(signupInput(), null, "test");
    expect((await users.findDemoUser(demo.id)).id).toBe(demo.id);
    await expect(users.findDemoUser(plain.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe("changePassword", () => {
  it("checks the current password, throttled per (user, address) like a login; a wait changes nothing", async () => {
    const user = await users.signUp(signupInput({ password: "correct horse" }), null, "test");
    const wrong = () => users.changePassword(user, user.id, { currentPassword: "not it", newPassword: "new horse staple" }, "203.0.113.8");
    await expect(wrong()).rejects.toMatchObject({ status: 400, errors: { currentPassword: "Current password is incorrect" } });
    for (let i = 0; i < 3; i++) await expect(wrong()).rejects.toMatchObject({ status: 400 });
    const before = await db.user.findUniqueOrThrow({ where: { id: user.id }, omit: { passwordHash: false } });
    await expect(users.changePassword(user, user.id, { currentPassword: "correct horse", newPassword: "new horse staple" }, "203.0.113.8")).rejects.toMatchObject({
      status: 429,
    });
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id }, omit: { passwordHash: false } })).toEqual(before);
    // Logins are counted apart: the account still signs in from that address.
    await expect(users.logIn(loginSchema.parse({ credential: user.email, password: "correct horse" }), "203.0.113.8")).resolves.toMatchObject({ id: user.id });
    const changed = await users.changePassword(user, user.id, { currentPassword: "correct horse", newPassword: "new horse staple" }, "198.51.100.10");
    expect(changed.sessionVersion).toBe(user.sessionVersion + 1);
  });
});
