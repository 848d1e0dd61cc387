import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SoftAuthenticator } from "@/e2e/support/soft-authenticator";
import { setUpTestDatabase } from "../platform/testing/db";

// Adding a passkey needs a fresh confirmation and tells the account; a password reset can take
// every passkey with the old password (docs/architecture/accounts-security.md "Passkeys"), against
// a real, migrated database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

setUpTestDatabase({ HASH_THREADS: "2" });
const passkeys = await import("./passkeys");
const reset = await import("./password-reset");
const { composeMail } = await import("../mail/message");
const { hashPassword } = await import("../platform/passwords");
const { db } = await import("../platform/db");

const PASSWORD = "kept secret 42";
const ADDRESS = "203.0.113.21";
const passwordHash = await hashPassword(PASSWORD);
const rp = passkeys.relyingParty("http://localhost:3000");
let serial = 0;
const account = () => db.user.create({ data: { firstName: "Pia", email: `pia${++serial}-${Date.now()}@example.com`, passwordHash } });
const challenges = (userId: number) => db.webAuthnChallenge.count({ where: { userId, purpose: "register" } });

/** A passkey added to `user` with the password: its authenticator and row. */
async function withPasskey(user: Awaited<ReturnType<typeof account>>, name = "Laptop") {
  const key = new SoftAuthenticator(rp.origin);
  const saved = await passkeys.registerPasskey(user, { name, credential: key.create(await passkeys.registrationOptions(user, { password: PASSWORD }, rp, ADDRESS)) }, rp);
  return { key, saved };
}

describe("adding a passkey", () => {
  it("needs the account's password: none or a wrong one is a 400 naming `password`, and no challenge is given", async () => {
    const user = await account();
    await expect(passkeys.registrationOptions(user, {}, rp, ADDRESS)).rejects.toMatchObject({
      status: 400,
      errors: { password: "Enter your password to add a passkey" },
    });
    await expect(passkeys.registrationOptions(user, { password: "not it at all" }, rp, ADDRESS)).rejects.toMatchObject({
      status: 400,
      errors: { password: "Password is incorrect" },
    });
    expect(await challenges(user.id)).toBe(0);
    expect(await db.passkey.count({ where: { userId: user.id } })).toBe(0);
  }, 30_000);

  it("with the password, keeps it and mails the account that a passkey was added", async () => {
    const user = await account();
    const { saved } = await withPasskey(user, "Work phone");
    expect(saved).toMatchObject({ name: "Work phone" });
    const row = await db.notification.findFirstOrThrow({ where: { userId: user.id, kind: "passkey_added", channel: "email" } });
    const mail = await composeMail(row);
    expect(mail.to).toBe(user.email);
    expect(mail.text).toContain('A passkey named "Work phone" was added to your Nosh account');
    expect(mail.content.action.href).toMatch(/\/forgot-password$/);
  });

  it(`the confirmation lasts ${passkeys.CONFIRMATION_WINDOW_MINUTES} minutes: a passkey made later is refused`, async () => {
    const user = await account();
    const then = new Date(Date.now() - (passkeys.CONFIRMATION_WINDOW_MINUTES * 60_000 + 1_000));
    const late = new SoftAuthenticator(rp.origin).create(await passkeys.registrationOptions(user, { password: PASSWORD }, rp, ADDRESS, then));
    await expect(passkeys.registerPasskey(user, { name: "Late", credential: late }, rp)).rejects.toMatchObject({
      status: 400,
      errors: { credential: "This passkey request expired or was already used. Try again." },
    });
    expect(await db.passkey.count({ where: { userId: user.id } })).toBe(0);
  });

  it("may be confirmed with one of the account's own passkeys instead, never another account's", async () => {
    const user = await account();
    const { key } = await withPasskey(user);
    const confirmation = { credential: key.get(await passkeys.loginOptions(rp)) };
    const second = new SoftAuthenticator(rp.origin).create(await passkeys.registrationOptions(user, confirmation, rp, ADDRESS));
    expect(await passkeys.registerPasskey(user, { name: "Tablet", credential: second }, rp)).toMatchObject({ name: "Tablet" });
    // The same answer again: its sign-in challenge was taken.
    await expect(passkeys.registrationOptions(user, confirmation, rp, ADDRESS)).rejects.toMatchObject({ status: 400, errors: { credential: expect.any(String) } });

    const stranger = await account();
    const theirs = { credential: key.get(await passkeys.loginOptions(rp)) };
    await expect(passkeys.registrationOptions(stranger, theirs, rp, ADDRESS)).rejects.toMatchObject({
      status: 400,
      errors: { credential: "Confirm with one of your own passkeys" },
    });
    expect(await challenges(stranger.id)).toBe(0);
  });
});

describe("a password reset", () => {
  /** A working reset link's token for `userId` (the row as requestPasswordReset writes it). */
  async function link(userId: number) {
    const token = `token-${userId}-${Math.random()}`;
    const tokenHash = createHash("sha256").update(token).digest("hex");
    await db.passwordReset.create({ data: { userId, tokenHash, expiresAt: new Date(Date.now() + 600_000) } });
    return token;
  }

  it("lists the account's passkeys on its page and, when chosen, removes every one with the old password", async () => {
    const user = await account();
    const { key } = await withPasskey(user, "Laptop");
    await withPasskey(user, "Phone");
    const token = await link(user.id);
    expect((await reset.resetLinkPasskeys(token))?.map((row) => row.name)).toEqual(["Laptop", "Phone"]);
    expect(await reset.resetLinkPasskeys("not-a-token")).toBeNull();

    expect(await reset.resetPassword(token, "brand new secret 7", { removePasskeys: true })).toMatchObject({ userId: user.id, passkeysRemoved: 2 });
    expect(await db.passkey.count({ where: { userId: user.id } })).toBe(0);
    await expect(passkeys.loginWithPasskey(key.get(await passkeys.loginOptions(rp)), rp)).rejects.toMatchObject({ status: 401 });
  });

  it("keeps them when not chosen", async () => {
    const user = await account();
    await withPasskey(user);
    expect(await reset.resetPassword(await link(user.id), "brand new secret 8")).toMatchObject({ passkeysRemoved: 0 });
    expect(await db.passkey.count({ where: { userId: user.id } })).toBe(1);
    expect(await passkeys.removeAllPasskeys(user.id)).toBe(1);
    expect(await db.passkey.count({ where: { userId: user.id } })).toBe(0);
  });
});
