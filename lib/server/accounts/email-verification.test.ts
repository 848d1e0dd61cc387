import { describe, expect, it } from "vitest";
import { SoftAuthenticator } from "@/e2e/support/soft-authenticator";
import { setUpTestDatabase } from "../platform/testing/db";

// Verified email and passkeys (docs/architecture/accounts-security.md) against a real, migrated
// database: a link works once and expires; an email change is not effective until its link is
// used, then the old address is told; a passkey registers and signs in, and its challenges are
// single-use and expire.

setUpTestDatabase({ EMAIL_VERIFICATION_HOURS: "1" });
const verification = await import("./email-verification");
const passkeys = await import("./passkeys");
const { updateProfile, withWallet } = await import("./users");
const { composeMail } = await import("../mail/message");
const { db } = await import("../platform/db");

let serial = 0;
const { hashPassword } = await import("../platform/passwords");
const PASSWORD = "vera's password 1";
const passwordHash = await hashPassword(PASSWORD);
const account = () => db.user.create({ data: { firstName: "Vera", email: `vera${++serial}-${Date.now()}@example.com`, passwordHash } });
/** Adding a passkey is confirmed with the password (passkey-confirmation.test.ts has the refusals). */
const confirmed = { password: PASSWORD };
const ADDRESS = "203.0.113.9";

/** The token of the newest verification mail to `userId`, and where the mail goes. */
async function mailed(userId: number): Promise<{ token: string; to: string }> {
  const row = await db.notification.findFirstOrThrow({ where: { userId, kind: "email_verification", channel: "email" }, orderBy: { id: "desc" } });
  const mail = await composeMail(row);
  return { token: new URL(mail.content.action.href).searchParams.get("token")!, to: mail.to };
}

describe("email verification links", () => {
  it("work once, for the account's own address", async () => {
    const user = await account();
    await verification.startVerification(user.id, user.email!);
    const { token, to } = await mailed(user.id);
    expect(to).toBe(user.email);
    await expect(verification.requireVerifiedEmail(user.id)).rejects.toMatchObject({ status: 403 });
    expect(await verification.confirmVerification(token)).toEqual({ userId: user.id, email: user.email });
    expect(await verification.emailStatus(user.id)).toEqual({ email: user.email, verified: true, pendingEmail: null });
    await expect(verification.requireVerifiedEmail(user.id)).resolves.toBeUndefined();
    await expect(verification.confirmVerification(token)).rejects.toMatchObject({
      status: 400,
      errors: { token: "This verification link is invalid or has expired. Send a new one from your account." },
    });
  });

  it("expire (EMAIL_VERIFICATION_HOURS), and a newer link kills the older", async () => {
    const user = await account();
    const then = new Date(Date.now() - 2 * 3_600_000);
    await verification.startVerification(user.id, user.email!, then);
    const old = await mailed(user.id);
    await expect(verification.confirmVerification(old.token)).rejects.toMatchObject({ status: 400 });
    await verification.startVerification(user.id, user.email!);
    const fresh = await mailed(user.id);
    await verification.startVerification(user.id, user.email!);
    await expect(verification.confirmVerification(fresh.token)).rejects.toMatchObject({ status: 400 });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).toBeNull();
  });

  it("an email change takes effect only when the new address confirms; the old address is told", async () => {
    const user = await account();
    const newEmail = `new${serial}-${Date.now()}@example.com`;
    const answer = await updateProfile(user, user.id, { email: newEmail, city: "Oakland" });
    expect(answer).toMatchObject({ email: user.email, city: "Oakland" });
    expect(await verification.emailStatus(user.id)).toEqual({ email: user.email, verified: false, pendingEmail: newEmail });
    const { token, to } = await mailed(user.id);
    expect(to).toBe(newEmail);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    await verification.confirmVerification(token);
    const after = await withWallet(await db.user.findUniqueOrThrow({ where: { id: user.id } }));
    expect(after.email).toBe(newEmail);
    expect(after.emailVerifiedAt).not.toBeNull();
    const told = await db.notification.findFirstOrThrow({ where: { userId: user.id, kind: "email_changed", channel: "email" } });
    const mail = await composeMail(told);
    expect(mail.to).toBe(user.email);
    expect(mail.text).toContain(newEmail);
  });

  it("refuses a change whose address another account took meanwhile (409 naming email)", async () => {
    const user = await account();
    const other = await account();
    const wanted = `wanted${serial}-${Date.now()}@example.com`;
    await updateProfile(user, user.id, { email: wanted });
    const { token } = await mailed(user.id);
    await db.user.update({ where: { id: other.id }, data: { email: wanted } });
    await expect(verification.confirmVerification(token)).rejects.toMatchObject({ status: 409, errors: { email: "Email is already in use" } });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });
});

describe("passkeys", () => {
  const rp = passkeys.relyingParty("http://localhost:3000");

  it("register, sign in, and refuse a challenge used twice or expired", async () => {
    const user = await account();
    const key = new SoftAuthenticator(rp.origin);
    const created = key.create(await passkeys.registrationOptions(user, confirmed, rp, ADDRESS));
    const saved = await passkeys.registerPasskey(user, { name: "Laptop", credential: created }, rp);
    expect(saved).toMatchObject({ name: "Laptop", lastUsedAt: null });
    // The same answer again: its challenge was taken.
    await expect(passkeys.registerPasskey(user, { name: "Again", credential: created }, rp)).rejects.toMatchObject({
      status: 400,
      errors: { credential: "This passkey request expired or was already used. Try again." },
    });

    const answer = key.get(await passkeys.loginOptions(rp));
    expect((await passkeys.loginWithPasskey(answer, rp)).id).toBe(user.id);
    await expect(passkeys.loginWithPasskey(answer, rp)).rejects.toMatchObject({ status: 400 });
    expect((await passkeys.listPasskeys(user))[0]!.lastUsedAt).not.toBeNull();

    const late = key.get(await passkeys.loginOptions(rp, new Date(Date.now() - passkeys.CHALLENGE_TTL_MS - 1000)));
    await expect(passkeys.loginWithPasskey(late, rp)).rejects.toMatchObject({ status: 400 });
    // Another origin's answer (a phishing site's) does not verify.
    const phished = new SoftAuthenticator("http://evil.localhost:3000").get(await passkeys.loginOptions(rp));
    await expect(passkeys.loginWithPasskey(phished, rp)).rejects.toMatchObject({ status: 401 });
  });

  it("a registration challenge is the account's own; another's passkey cannot be removed", async () => {
    const owner = await account();
    const stranger = await account();
    const key = new SoftAuthenticator(rp.origin);
    const created = key.create(await passkeys.registrationOptions(owner, confirmed, rp, ADDRESS));
    await expect(passkeys.registerPasskey(stranger, { name: "Stolen", credential: created }, rp)).rejects.toMatchObject({ status: 400 });
    const saved = await passkeys.registerPasskey(owner, { name: "Phone", credential: created }, rp);
    await expect(passkeys.removePasskey(stranger, saved.id)).rejects.toMatchObject({ status: 404 });
    await passkeys.removePasskey(owner, saved.id);
    expect(await passkeys.listPasskeys(owner)).toEqual([]);
    await expect(passkeys.loginWithPasskey(key.get(await passkeys.loginOptions(rp)), rp)).rejects.toMatchObject({ status: 401 });
  });
});

describe("a verification's answer", () => {
  it("is the catalogue's English for an English request and the catalogue's Spanish for a Spanish one", () => {
    expect(verification.verifyMessage("verified", "en")).toBe("Your email address is verified.");
    expect(verification.verifyMessage("sent", "en")).toBe("We sent a verification link. Check your email.");
    expect(verification.verifyMessage("verified", "es")).toBe("Tu correo electrónico está verificado.");
    expect(verification.verifyMessage("sent", "es")).toBe("Te enviamos un enlace de verificación. Revisa tu correo.");
  });
});
