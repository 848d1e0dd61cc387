import { createHash } from "node:crypto";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../platform/testing/db";

// Password reset (docs/architecture/security.md "Password reset") against a real, migrated
// database: the token kept only as its hash, its mail through the outbox, one use under 20
// parallel ones, expiry, and the request throttle per email and per address.

setUpTestDatabase({ HASH_THREADS: "2", PASSWORD_RESET_PER_ACCOUNT: "3", PASSWORD_RESET_PER_ADDRESS: "5" });
const reset = await import("./password-reset");
const { composeMail } = await import("../mail/message");
const { takePasswordResetSlot } = await import("../platform/throttle");
const { verifyPassword, hashPassword } = await import("../platform/passwords");
const { db } = await import("../platform/db");
const { deliverDue } = await import("../notifications/worker");
const { sendEmailWith } = await import("../mail/email");

let serial = 0;
async function account() {
  serial++;
  return db.user.create({ data: { firstName: "Rita", email: `rita${serial}-${Date.now()}@example.com`, passwordHash: await hashPassword("old password 1") } });
}

/** The link of the newest reset mail to `userId`, as the mail (SMTP or the development mailbox) words it, and its token. */
async function mailedLink(userId: number): Promise<{ link: string; token: string }> {
  const row = await db.notification.findFirstOrThrow({ where: { userId, kind: "password_reset", channel: "email" }, orderBy: { id: "desc" } });
  const mail = await composeMail(row);
  const link = mail.content.action.href;
  expect(mail.text).toContain(link);
  return { link, token: new URL(link).searchParams.get("token")! };
}

describe("asking for a link", () => {
  it("keeps only the token's SHA-256; the mail carries the link, the outbox row only a sealed copy", async () => {
    const user = await account();
    const now = new Date();
    await reset.requestPasswordReset(user.email!, now);
    const [row] = await db.passwordReset.findMany({ where: { userId: user.id } });
    const { link, token } = await mailedLink(user.id);
    expect(link).toMatch(/\/reset-password\?token=[\w-]{43}$/);
    expect(row!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(row!.expiresAt.getTime() - now.getTime()).toBe(30 * 60_000);
    // Nowhere in the database in the clear: not in the reset row, not in any outbox row.
    expect(JSON.stringify(row)).not.toContain(token);
    const outbox = await db.notification.findMany({ where: { userId: user.id } });
    expect(JSON.stringify(outbox)).not.toContain(token);
    // Email only, whatever the preferences say: a reset link is no bell entry and no push.
    expect(Object.fromEntries(outbox.map((n) => [n.channel, n.state]))).toEqual({ in_app: "skipped", email: "pending", push: "skipped" });
  });

  it("does nothing for an unknown email or a guest", async () => {
    const before = await db.passwordReset.count();
    const notes = await db.notification.count();
    await reset.requestPasswordReset("nobody-here@example.com");
    const guest = await db.user.create({ data: { firstName: "Guest", guestAccount: true, email: "guest-reset@example.com" } });
    await reset.requestPasswordReset(guest.email!);
    expect(await db.passwordReset.count()).toBe(before);
    expect(await db.notification.count()).toBe(notes);
  });
});

describe("using a link", () => {
  it("of 20 parallel uses exactly one sets the password; every session ends; the account is told", async () => {
    const user = await account();
    await reset.requestPasswordReset(user.email!);
    const { token } = await mailedLink(user.id);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => reset.resetPassword(token, `new password ${i}`)));
    const won = outcomes.flatMap((outcome, i) => (outcome.status === "fulfilled" ? [i] : []));
    expect(won).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") expect(outcome.reason).toMatchObject({ status: 400, errors: { token: expect.stringContaining("invalid") } });
    }
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id }, omit: { passwordHash: false } });
    expect(await verifyPassword(`new password ${won[0]}`, after.passwordHash)).toBe(true);
    expect(after.sessionVersion).toBe(user.sessionVersion + 1);
    // The used link's sealed token is blanked: its mail is no longer worded.
    const resetRows = await db.notification.findMany({ where: { userId: user.id, kind: "password_reset" } });
    expect(resetRows.every((n) => n.payload === "{}")).toBe(true);
    const changed = await db.notification.findFirstOrThrow({ where: { userId: user.id, kind: "password_changed", channel: "email" } });
    expect((await composeMail(changed)).subject).toBe("Your password was changed");
    await expect(reset.resetPassword(token, "another password")).rejects.toMatchObject({ status: 400 });
  });

  it("refuses an expired link, and a link once another was used", async () => {
    const user = await account();
    const asked = new Date(Date.now() - 31 * 60_000);
    await reset.requestPasswordReset(user.email!, asked);
    const expired = (await mailedLink(user.id)).token;
    expect(await reset.resetLinkWorks(expired)).toBe(false);
    expect(await reset.resetLinkWorks(expired, new Date(asked.getTime() + 29 * 60_000))).toBe(true);
    await expect(reset.resetPassword(expired, "new password 1")).rejects.toMatchObject({ status: 400, errors: { token: expect.any(String) } });

    await reset.requestPasswordReset(user.email!);
    const first = (await db.passwordReset.findMany({ where: { userId: user.id, usedAt: null } })).length;
    expect(first).toBe(2);
    const older = (await mailedLink(user.id)).token;
    await reset.requestPasswordReset(user.email!);
    const newer = (await mailedLink(user.id)).token;
    await reset.resetPassword(newer, "new password 2");
    expect(await reset.resetLinkWorks(older)).toBe(false);
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id }, omit: { passwordHash: false } });
    expect(await verifyPassword("old password 1", stored.passwordHash)).toBe(false);
  });

  it("refuses a token that was never issued", async () => {
    await expect(reset.resetPassword("made-up-token", "new password 1")).rejects.toMatchObject({ status: 400, errors: { token: expect.any(String) } });
  });
});

describe("the request throttle", () => {
  it("allows PASSWORD_RESET_PER_ACCOUNT requests an hour per email, known or not, then 429 with Retry-After", async () => {
    const at = new Date();
    for (const email of ["known-throttle@example.com", "unknown-throttle@example.com"]) {
      for (let i = 0; i < 3; i++) await takePasswordResetSlot(email, `10.0.0.${i}`, at);
      await expect(takePasswordResetSlot(email, "10.0.1.1", at)).rejects.toMatchObject({ status: 429, headers: { "Retry-After": expect.any(String) } });
      // An hour later it may ask again.
      await takePasswordResetSlot(email, "10.0.1.1", new Date(at.getTime() + 3600_000 + 1000));
    }
  });

  it("allows PASSWORD_RESET_PER_ADDRESS requests an hour from one address, across emails; parallel requests all count", async () => {
    const at = new Date();
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => takePasswordResetSlot(`spread${i}@example.com`, "10.9.9.9", at)));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(5);
    await takePasswordResetSlot("spread-elsewhere@example.com", "10.9.9.10", at);
  });
});

describe("over SMTP", () => {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData: (stream, _session, callback) => {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  server.listen(0, "127.0.0.1");
  const listening = once(server.server, "listening");
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('the reset mail carries the working link, and after its use "Your password was changed" goes out', async () => {
    await listening;
    const smtp = { smtpUrl: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, mailFrom: "Nosh <no-reply@nosh.test>", devMailbox: false };
    const deliver = () => deliverDue({ senders: { email: (row) => sendEmailWith(smtp, row) }, now: () => new Date(Date.now() + 1000) });
    const user = await account();
    await reset.requestPasswordReset(user.email!);
    await deliver();
    const mail = received.find((m) => (m.to as { text: string } | undefined)?.text === user.email && m.subject === "Reset your Nosh password");
    const link = /https?:\/\/\S+\/reset-password\?token=([\w-]+)/.exec(mail?.text ?? "");
    expect(link).not.toBeNull();
    await reset.resetPassword(link![1]!, "smtp new password");
    await deliver();
    expect(received.some((m) => (m.to as { text: string } | undefined)?.text === user.email && m.subject === "Your password was changed")).toBe(true);
  });
});
