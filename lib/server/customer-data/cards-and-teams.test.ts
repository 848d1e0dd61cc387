import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { accountExportSchema } from "@/lib/contract/accounts/privacy-schemas";
import { signupSchema } from "@/lib/contract/accounts/auth-rules";
import { setUpTestDatabase } from "../platform/testing/db";

// A closed account's saved cards, courier payout account, passkeys, team memberships and team
// invitations against a real, migrated database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
// the export holds them (never a card number), and deletion leaves none of them, the cards
// detached at the payment provider too; the ledger's payouts stay.

setUpTestDatabase({ SIGNUP_MAX_PER_ADDRESS: "1000", HASH_THREADS: "2" });

const m = {
  db: (await import("../platform/db")).db,
  account: { ...(await import("./export")), ...(await import("./delete-account")) },
  users: await import("../accounts/users"),
  fixtures: await import("../platform/testing/fixtures"),
  team: await import("../team/members"),
  methods: await import("../payments/methods"),
  provider: await import("../payments/providers/test/provider"),
  payee: await import("../payouts/payee"),
};
const db = m.db;
const PASSWORD = "correct horse battery";

async function signUp(): Promise<User> {
  const email = `Closing${Math.random()}@Example.com`;
  return (await m.users.signUp(
    signupSchema.parse({ name: "Dana Deleter", credential: email, password: PASSWORD, phoneNumber: undefined }),
    null,
    "test",
  )) as unknown as User;
}
const fresh = (user: User) => db.user.findUniqueOrThrow({ where: { id: user.id } });

async function collect(chunks: AsyncGenerator<string>): Promise<string> {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}

/** A customer who is also a courier and on a restaurant's team, with a card, a passkey, a payout account and an invitation waiting. */
async function busyAccount() {
  const user = await signUp();
  const token = await m.provider.tokenize({ number: "4242424242424242", expMonth: 11, expYear: 2034, cvc: "123", postalCode: "94110" });
  await m.methods.saveCard(await fresh(user), { paymentMethodId: token.id, makeDefault: true });
  await db.passkey.create({ data: { userId: user.id, credentialId: `cred-${user.id}`, publicKey: "AAAA", name: "Work laptop", lastUsedAt: new Date() } });
  const courier = await db.user.update({ where: { id: user.id }, data: { courier: true, courierStatus: "approved" } });
  await m.payee.saveCourierPayoutAccount(courier as never, { holderName: "Dana Deleter", routingNumber: "110000000", accountNumber: "000123456789" });
  const kitchen = await m.fixtures.shop("kitchen", "Lantern Noodle House");
  await db.restaurantMember.create({ data: { restaurantId: kitchen.restaurant.id, userId: user.id, role: "staff" } });
  const other = await m.fixtures.shop("other", "Harbor Tacos");
  const invitation = await m.team.inviteToTeam(other.owner, other.restaurant.id, { email: user.email!.toLowerCase(), role: "manager" });
  return { user: await fresh(user), token, kitchen, other, invitation };
}

describe("saved cards, passkeys, payout account and teams", () => {
  it("are in the data export: the card's brand, last four and expiry (never its number), passkeys, memberships and waiting invitations", async () => {
    const { user, kitchen, other } = await busyAccount();
    const text = await collect(m.account.exportData(user, user.id));
    const data = accountExportSchema.parse(JSON.parse(text));
    expect(data.savedCards).toEqual([expect.objectContaining({ brand: "Visa", last4: "4242", expMonth: 11, expYear: 2034, isDefault: true })]);
    expect(text).not.toContain("4242424242424242");
    expect(data.passkeys).toEqual([{ name: "Work laptop", createdAt: expect.any(String), lastUsedAt: expect.any(String) }]);
    expect(text).not.toContain(`cred-${user.id}`);
    expect(data.teamMemberships).toEqual([{ restaurantId: kitchen.restaurant.id, restaurantName: "Lantern Noodle House", role: "staff", since: expect.any(String) }]);
    expect(data.invitations).toEqual([
      { restaurantId: other.restaurant.id, restaurantName: "Harbor Tacos", role: "manager", sentAt: expect.any(String), expiresAt: expect.any(String) },
    ]);
  }, 60_000); // the first test pays for the first hashes and the app's first imports

  it("are gone when the account closes: cards (detached at the provider), payout account, passkeys, memberships and invitations to its address", async () => {
    const { user, token, invitation, other } = await busyAccount();
    const ledgerAccount = `courier:${user.id}`;
    expect(await db.payoutAccount.count({ where: { account: ledgerAccount } })).toBe(1);
    const payout = await db.payout.create({ data: { account: ledgerAccount, reference: `closing-${user.id}`, amountCents: 1_250, state: "paid" } });

    await m.account.deleteAccount(user, user.id, { password: PASSWORD }, "203.0.113.7");

    expect(await db.paymentMethod.count({ where: { userId: user.id } })).toBe(0);
    // The provider forgot the card: it can be neither read nor saved again.
    expect(await m.provider.testProvider.retrieveCard(token.id)).toBeNull();
    expect(await db.payoutAccount.count({ where: { account: ledgerAccount } })).toBe(0);
    expect(await db.passkey.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.restaurantMember.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.restaurantInvitation.count({ where: { email: user.email!.toLowerCase() } })).toBe(0);
    expect(await db.restaurantInvitation.count({ where: { id: invitation.id } })).toBe(0);
    // The mail that carried the invitation keeps neither the address nor the link.
    const mails = await db.notification.findMany({ where: { userId: other.owner.id, kind: "team_invitation" } });
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(mail.payload).toBe("{}");
    // The books keep the payout, under the ledger account's name.
    expect(await db.payout.findUnique({ where: { id: payout.id } })).toMatchObject({ amountCents: 1_250, state: "paid" });
    // Another member's team and the restaurant's own invitations to others are untouched.
    expect(await db.restaurant.count({ where: { id: other.restaurant.id } })).toBe(1);
  });
});
