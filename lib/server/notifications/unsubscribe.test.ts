import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { signupSchema } from "@/lib/contract/accounts/auth-rules";
import { setUpTestDatabase } from "../platform/testing/db";
import { UNSUBSCRIBE_INVALID } from "@/lib/shared/words/messages";
import { paymentFor } from "../orders/testing/payment";

// The mails' one-click unsubscribe (RFC 8058) and the welcome mail, through a real SMTP server
// parsed with mailparser (docs/architecture/notification-mail.md "Unsubscribe"): every mail carries
// List-Unsubscribe and List-Unsubscribe-Post; the link turns its kind's email off for its person
// only; a forged or tampered link is refused and changes nothing; a signup mails one welcome.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  ledger: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  place: await import("../orders/place"),
  users: await import("../accounts/users"),
  worker: await import("./worker"),
  email: await import("../mail/email"),
  unsubscribe: await import("./unsubscribe"),
};

const { wallet, customer: newCustomer, shop: newShop } = await import("../platform/testing/fixtures");
const customer = () => newCustomer("unsub");
const shop = () => newShop("unsub-owner");

const checkout = (user: User, s: Awaited<ReturnType<typeof shop>>) =>
  m.sql.sqlTransaction((sql) =>
    m.place.placeOrder(sql, user, { cart: { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 1 }] } }, wallet, paymentFor(wallet)),
  );

const emailRow = (userId: number, cause: string) => m.db.notification.findFirstOrThrow({ where: { userId, cause, channel: "email" } });
const preferences = (userId: number) => m.db.notificationPreference.findMany({ where: { userId }, select: { kind: true, channel: true, enabled: true } });

beforeEach(async () => {
  await m.db.notification.updateMany({ where: { state: "pending" }, data: { state: "skipped" } });
});

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

async function deliver() {
  await listening;
  const mail = { smtpUrl: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, mailFrom: "Nosh <no-reply@nosh.test>", devMailbox: false };
  return m.worker.deliverDue({ senders: { email: (row) => m.email.sendEmailWith(mail, row) }, now: () => new Date(Date.now() + 1000) });
}

const mailsTo = (address: string) => received.filter((mail) => (mail.to as { text: string } | undefined)?.text === address);
/** A header as the mail carried it (mailparser folds List-* headers into one structured `list`). */
const rawHeader = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((line) => line.key === name.toLowerCase())
    ?.line.slice(name.length + 1)
    .replace(/\r?\n[ \t]+/g, "")
    .trim();
/** The link of `List-Unsubscribe: <https://...>`. */
function unsubscribeLink(mail: ParsedMail): string {
  const url = /^<([^>]+)>$/.exec(rawHeader(mail, "List-Unsubscribe") ?? "")?.[1];
  expect(url).toBeTruthy();
  return url!;
}
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

describe("one-click unsubscribe", () => {
  it("every mail carries List-Unsubscribe and List-Unsubscribe-Post; its link turns that kind's email off, and the next order's mail is skipped", async () => {
    const s = await shop();
    const user = await customer();
    const first = await checkout(user, s);
    await deliver();
    const [receipt] = mailsTo(user.email!).filter((mail) => mail.subject === `Your Nosh receipt for order #${first.id}`);
    expect(receipt).toBeDefined();
    expect(rawHeader(receipt!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const link = unsubscribeLink(receipt!);
    expect(link).toMatch(/^https?:\/\/[^/]+\/api\/notifications\/unsubscribe\?token=/);
    expect(receipt!.text).toContain(link);
    expect(receipt!.html).toContain(link);
    // The owner's mail names the owner and their kind.
    const ownerMail = mailsTo(s.owner.email!).find((mail) => mail.subject === `New order #${first.id}`)!;
    expect(m.unsubscribe.verifyUnsubscribeToken(tokenOf(unsubscribeLink(ownerMail)))).toEqual({ userId: s.owner.id, kind: "owner_new_order" });

    // POSTing the link (what the route does): order receipts' email off for this person only.
    expect(await m.unsubscribe.unsubscribe(tokenOf(link))).toMatchObject({ kind: "order_receipt" });
    expect(await preferences(user.id)).toEqual([{ kind: "order_receipt", channel: "email", enabled: false }]);
    expect(await preferences(s.owner.id)).toEqual([]);
    // Twice is the same (a provider retrying its POST).
    await m.unsubscribe.unsubscribe(tokenOf(link));
    expect(await preferences(user.id)).toHaveLength(1);

    const second = await checkout(user, s);
    expect(await emailRow(user.id, `order:${second.id}:placed`)).toMatchObject({ kind: "order_receipt", state: "skipped" });
    // Other kinds still mail: the owner's new order is pending.
    expect(await emailRow(s.owner.id, `order:${second.id}:placed`)).toMatchObject({ state: "pending" });
    const before = received.length;
    await deliver();
    expect(mailsTo(user.email!).filter((mail) => mail.subject === `Your Nosh receipt for order #${second.id}`)).toHaveLength(0);
    expect(received.length).toBe(before + 1); // the owner's
  });

  it("a tampered, forged or malformed token is a 400 that changes nothing", async () => {
    const user = await customer();
    const victim = await customer();
    const good = m.unsubscribe.unsubscribeToken(user.id, "order_receipt");
    const [, , signature] = good.split(".");
    const refused = [
      `${victim.id}.order_receipt.${signature}`, // another person
      `${user.id}.order_accepted.${signature}`, // another kind
      // One character changed: the first, whose 6 bits are all signature (the last character of
      // 32 bytes in base64url carries 2 unused bits, so "A" for "B" there decodes to the same bytes).
      `${user.id}.order_receipt.${signature!.startsWith("A") ? "B" : "A"}${signature!.slice(1)}`,
      `${user.id}.not_a_kind.${signature}`,
      `${user.id}.order_receipt`,
      "",
      "garbage",
    ];
    for (const token of refused) {
      await expect(m.unsubscribe.unsubscribe(token), token).rejects.toMatchObject({ message: UNSUBSCRIBE_INVALID });
    }
    expect(await preferences(user.id)).toEqual([]);
    expect(await preferences(victim.id)).toEqual([]);
    // A token signed with another secret (another deployment's) is refused too.
    const { createHmac } = await import("node:crypto");
    const foreign = `${user.id}.order_receipt.${createHmac("sha256", "another secret").update(`unsubscribe!${user.id}!order_receipt`).digest("base64url")}`;
    await expect(m.unsubscribe.unsubscribe(foreign)).rejects.toMatchObject({ status: 400 });
    expect(await preferences(user.id)).toEqual([]);
  });
});

describe("the welcome mail", () => {
  it("a signup mails exactly one welcome, with the unsubscribe headers; nothing in the bell", async () => {
    const email = "welcome@example.com";
    const user = await m.users.signUp(signupSchema.parse({ name: "Wendy Welcome", credential: email, password: "correct horse battery" }), null, "test");
    // (Beside it, the address's verification link: accounts/email-verification.ts.)
    const rows = await m.db.notification.findMany({
      where: { userId: user.id, kind: "account_welcome" },
      orderBy: { channel: "asc" },
      select: { kind: true, cause: true, channel: true, state: true },
    });
    expect(rows).toEqual([
      { kind: "account_welcome", cause: `welcome:${user.id}`, channel: "email", state: "pending" },
      { kind: "account_welcome", cause: `welcome:${user.id}`, channel: "in_app", state: "skipped" },
      { kind: "account_welcome", cause: `welcome:${user.id}`, channel: "push", state: "skipped" },
    ]);
    await deliver();
    await deliver();
    const welcomes = mailsTo(email).filter((mail) => mail.subject === "Welcome to Nosh");
    expect(welcomes).toHaveLength(1);
    expect(welcomes[0]!.text).toContain("Hi Wendy,");
    expect(rawHeader(welcomes[0]!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(m.unsubscribe.verifyUnsubscribeToken(tokenOf(unsubscribeLink(welcomes[0]!)))).toEqual({ userId: user.id, kind: "account_welcome" });
  });
});
