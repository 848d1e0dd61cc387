import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../platform/testing/db";

// Who a verified Google or Apple sign-in reaches, and the links' rules (docs/architecture/
// accounts-security.md "Google and Apple"), against a real, migrated database (SQLite, or
// PostgreSQL with TEST_DATABASE_URL). The identities here are what a verified ID token says; the
// token's own checks run against the stand-in: e2e/auth/sign-in-with.api.spec.ts.

setUpTestDatabase({ SIGNUP_MAX_PER_ADDRESS: "1000", HASH_THREADS: "2" });
const links = await import("./linked-sign-ins");
const { deleteAccount } = await import("../customer-data/delete-account");
const { hashPassword } = await import("../platform/passwords");
const { db } = await import("../platform/db");

const PASSWORD = "kept secret 42";
const ADDRESS = "203.0.113.40";
let serial = 0;
const unique = (label: string) => `${label}${++serial}-${Date.now()}@example.com`;
type Identity = Parameters<typeof links.signInWithIdentity>[0];
const google = (email: string | null, over: Partial<Identity> = {}): Identity => ({
  provider: "google",
  subject: `google-${++serial}-${Date.now()}`,
  email,
  emailVerified: true,
  firstName: "Gia",
  lastName: "Rossi",
  ...over,
});
const passwordAccount = async (email = unique("owner")) =>
  db.user.create({ data: { firstName: "Pia", email, passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() } });
const linksOf = (userId: number) => db.signInLink.findMany({ where: { userId } });

describe("signing in with a verified identity", () => {
  it("a new person gets an account with the provider's email verified and the provider linked; the same subject signs in to it again", async () => {
    const identity = google(unique("new"));
    const user = await links.signInWithIdentity(identity, ADDRESS);
    expect(user).toMatchObject({ email: identity.email, firstName: "Gia", lastName: "Rossi", guestAccount: false });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await linksOf(user.id)).toMatchObject([{ provider: "google", subject: identity.subject, email: identity.email }]);
    // Its email changed at the provider since: still the subject's account, the link's email updated.
    const again = await links.signInWithIdentity({ ...identity, email: unique("moved") }, ADDRESS);
    expect(again.id).toBe(user.id);
    expect((await linksOf(user.id))[0]!.lastUsedAt).toBeInstanceOf(Date);
  });

  it("Apple's private relay address makes an account like any verified email, named from Apple's first answer", async () => {
    const relay = `r${++serial}x${Date.now()}@privaterelay.appleid.com`;
    const user = await links.signInWithIdentity(
      { provider: "apple", subject: `apple-${serial}`, email: relay, emailVerified: true, firstName: "Amaia", lastName: null },
      ADDRESS,
    );
    expect(user).toMatchObject({ email: relay, firstName: "Amaia" });
  });

  it("an unverified email never signs in to, links or creates an account, whether or not an account uses it", async () => {
    const victim = await passwordAccount();
    await expect(links.signInWithIdentity(google(victim.email, { emailVerified: false }), ADDRESS)).rejects.toMatchObject({ reason: "unverified" });
    expect(await linksOf(victim.id)).toEqual([]);
    const nobody = unique("nobody");
    await expect(links.signInWithIdentity(google(nobody, { emailVerified: false }), ADDRESS)).rejects.toMatchObject({ reason: "unverified" });
    await expect(links.signInWithIdentity(google(null), ADDRESS)).rejects.toMatchObject({ reason: "unverified" });
    expect(await db.user.count({ where: { email: nobody } })).toBe(0);
  });

  it("a verified email an account already uses does not sign in: the account links the provider once signed in, and then it signs in", async () => {
    const owner = await passwordAccount();
    const identity = google(owner.email);
    await expect(links.signInWithIdentity(identity, ADDRESS)).rejects.toMatchObject({ reason: "linkFirst" });
    expect(await linksOf(owner.id)).toEqual([]);
    await links.linkIdentity(owner, identity);
    expect((await links.signInWithIdentity(identity, ADDRESS)).id).toBe(owner.id);
  });

  it("a suspended account's link signs nobody in", async () => {
    const owner = await passwordAccount();
    const identity = google(unique("elsewhere"));
    await links.linkIdentity(owner, identity);
    await db.user.update({ where: { id: owner.id }, data: { suspendedAt: new Date(), suspensionReason: "fraud" } });
    await expect(links.signInWithIdentity(identity, ADDRESS)).rejects.toMatchObject({ reason: "suspended" });
  });
});

describe("linking", () => {
  it("a provider account linked to someone else is refused, and an account holds one link per provider", async () => {
    const [first, second] = [await passwordAccount(), await passwordAccount()];
    const identity = google(unique("shared"));
    await links.linkIdentity(first, identity);
    await expect(links.linkIdentity(second, identity)).rejects.toMatchObject({ reason: "linkedElsewhere" });
    await expect(links.linkIdentity(first, google(unique("second-google")))).rejects.toMatchObject({ reason: "alreadyLinked" });
    await links.linkIdentity(first, identity);
    expect(await linksOf(first.id)).toHaveLength(1);
    expect(await linksOf(second.id)).toEqual([]);
  });

  it("a guest links nothing", async () => {
    const guest = await db.user.create({ data: { firstName: "Guest", guestAccount: true } });
    await expect(links.linkIdentity(guest, google(unique("guest")))).rejects.toMatchObject({ reason: "failed" });
    await expect(links.listLinkedSignIns(guest)).rejects.toMatchObject({ status: 403 });
  });
});

describe("removing a linked sign-in", () => {
  it("goes while a password remains; anyone else's is a 404", async () => {
    const owner = await passwordAccount();
    await links.linkIdentity(owner, google(unique("removable")));
    const [link] = await links.listLinkedSignIns(owner);
    const stranger = await passwordAccount();
    await expect(links.removeLinkedSignIn(stranger, link!.id)).rejects.toMatchObject({ status: 404 });
    expect(await links.removeLinkedSignIn(owner, link!.id)).toMatchObject({ provider: "google" });
    expect(await linksOf(owner.id)).toEqual([]);
  });

  it("the only way in stays, with a 409 saying how to add another; a second link or a passkey lets it go", async () => {
    const user = await links.signInWithIdentity(google(unique("only")), ADDRESS);
    const [only] = await links.listLinkedSignIns(user);
    await expect(links.removeLinkedSignIn(user, only!.id)).rejects.toMatchObject({ status: 409, message: expect.stringContaining("This is your only way to sign in") });
    expect(await linksOf(user.id)).toHaveLength(1);
    await links.linkIdentity(user, { ...google(user.email), provider: "apple", subject: `apple-${++serial}` });
    await links.removeLinkedSignIn(user, only!.id);
    expect(await linksOf(user.id)).toMatchObject([{ provider: "apple" }]);
  });

  it("two removals at once leave one way in: one is removed, the other refused", async () => {
    const user = await links.signInWithIdentity(google(unique("race")), ADDRESS);
    await links.linkIdentity(user, { ...google(user.email), provider: "apple", subject: `apple-race-${++serial}` });
    const both = await links.listLinkedSignIns(user);
    const outcomes = await Promise.allSettled(both.map((link) => links.removeLinkedSignIn(user, link.id)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(outcomes.find((outcome) => outcome.status === "rejected")).toMatchObject({ reason: { status: 409 } });
    expect(await linksOf(user.id)).toHaveLength(1);
  });
});

it("deleting the account removes its links: the provider account no longer reaches it", async () => {
  const owner = await passwordAccount();
  const identity = google(unique("deleted"));
  await links.linkIdentity(owner, identity);
  await deleteAccount({ ...owner, walletCents: 0 } as never, owner.id, { password: PASSWORD }, ADDRESS);
  expect(await linksOf(owner.id)).toEqual([]);
  // The same Google account now is a new person (its email is free again): a new account, not the deleted one.
  const fresh = await links.signInWithIdentity(identity, ADDRESS);
  expect(fresh.id).not.toBe(owner.id);
});
