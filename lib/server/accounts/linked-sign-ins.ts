import "server-only";
import type { SignInProvider } from "@/lib/shared/people/sign-in-providers";
import { SIGNUP_WALLET_CENTS } from "@/lib/shared/constants";
import type { Locale } from "@/lib/i18n/locale";
import type { SessionUser } from "../platform/session-user";
import { db } from "../platform/db";
import { conflict, forbidden, isUniqueViolation, notFound } from "../platform/errors";
import { config } from "../platform/config";
import { sqlOf } from "../platform/sql";
import { takeCreationSlot } from "../platform/throttle";
import { moveWallet } from "../wallet/ledger";
import { notify } from "../notifications/outbox";
import { acceptForStep } from "../legal/documents";
import { followProfile } from "../addresses/book";
import { withWallet, type WalletUser } from "./users";
import { said, word } from "@/lib/shared/words/said";

// Who a verified Google or Apple sign-in is, and its links (docs/architecture/accounts-security.md
// "Google and Apple"). The provider's subject (`sub`) says who, never its email:
// - a linked subject signs in to its account;
// - an unlinked one whose email the provider verified, and which no account uses, gets a new
//   account with that email verified (Apple's private relay address is such an email);
// - an unlinked one whose email an account already uses does not sign in: the person signs in to
//   that account once (password or passkey) and links the provider from the account page. An
//   unverified email never signs in to, links or creates anything: whoever holds a provider
//   account with someone's address must not reach their account.

/** What the provider's verified ID token (and Apple's first-sign-in name) says of the person. */
export type Identity = {
  provider: SignInProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
};

/** Why a sign-in or link was refused: the login or account page says it (its words: profile's signInWith.errors). */
type SignInRefusal = "failed" | "unverified" | "linkFirst" | "suspended" | "linkedElsewhere" | "alreadyLinked";
export class SignInRefused extends Error {
  constructor(readonly reason: SignInRefusal) {
    super(`sign-in refused: ${reason}`);
  }
}

type LinkedSignInJson = { id: number; provider: SignInProvider; email: string | null; createdAt: string; lastUsedAt: string | null };

/** Signs in with a verified identity: its linked account, or a new one (see above); the route starts the session. */
export async function signInWithIdentity(identity: Identity, address: string, language: Locale | null = null, now = new Date()): Promise<WalletUser> {
  const link = await db.signInLink.findUnique({ where: { provider_subject: { provider: identity.provider, subject: identity.subject } }, include: { user: true } });
  if (link) {
    const { user } = link;
    if (user.suspendedAt) throw new SignInRefused("suspended");
    await db.signInLink.update({ where: { id: link.id }, data: { lastUsedAt: now, ...(identity.email && { email: identity.email }) } });
    return withWallet(user);
  }
  if (!identity.email || !identity.emailVerified) throw new SignInRefused("unverified");
  if (await db.user.findUnique({ where: { email: identity.email }, select: { id: true } })) throw new SignInRefused("linkFirst");
  await takeCreationSlot("signup", address);
  try {
    const created = await db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          firstName: identity.firstName || identity.email!.split("@")[0]!.slice(0, 50),
          lastName: identity.lastName,
          email: identity.email,
          emailVerifiedAt: now,
          ...(language && { language }),
        },
      });
      await tx.signInLink.create({
        data: { userId: user.id, provider: identity.provider, subject: identity.subject, email: identity.email, createdAt: now, lastUsedAt: now },
      });
      // As signUp (users.ts): the demo's promotional credit, the welcome mail, the terms accepted.
      const walletCents = config().demoLogin ? await moveWallet(sqlOf(tx), { userId: user.id, amountCents: SIGNUP_WALLET_CENTS, kind: "signup" }) : 0;
      await notify(sqlOf(tx), { to: { userId: user.id }, kind: "account_welcome", cause: `welcome:${user.id}`, payload: {} });
      await acceptForStep(tx, user.id, "signup");
      return { ...user, walletCents };
    });
    await followProfile(created.id, { line: true, instructions: false });
    return created;
  } catch (error) {
    // The email or the subject taken meanwhile: the other request's account stands.
    if (isUniqueViolation(error)) throw new SignInRefused("linkFirst");
    throw error;
  }
}

/** Links a verified identity to the signed-in account that asked (its account page's button). */
export async function linkIdentity(user: Pick<SessionUser, "id" | "guestAccount">, identity: Identity, now = new Date()): Promise<void> {
  if (user.guestAccount) throw new SignInRefused("failed");
  const link = await db.signInLink.findUnique({ where: { provider_subject: { provider: identity.provider, subject: identity.subject } } });
  if (link) {
    if (link.userId === user.id) return;
    throw new SignInRefused("linkedElsewhere");
  }
  try {
    await db.signInLink.create({ data: { userId: user.id, provider: identity.provider, subject: identity.subject, email: identity.email, createdAt: now } });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const own = await db.signInLink.findUnique({ where: { userId_provider: { userId: user.id, provider: identity.provider } } });
    throw new SignInRefused(own ? "alreadyLinked" : "linkedElsewhere");
  }
}

const toJson = (link: { id: number; provider: string; email: string | null; createdAt: Date; lastUsedAt: Date | null }): LinkedSignInJson => ({
  id: link.id,
  provider: link.provider as SignInProvider,
  email: link.email,
  createdAt: link.createdAt.toISOString(),
  lastUsedAt: link.lastUsedAt?.toISOString() ?? null,
});

/** The account's linked sign-ins, oldest first. */
export async function listLinkedSignIns(user: Pick<SessionUser, "id" | "guestAccount">): Promise<LinkedSignInJson[]> {
  if (user.guestAccount) throw forbidden(said("messages.signUpSignIns"));
  return (await db.signInLink.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } })).map(toJson);
}

/**
 * Removes one of the account's linked sign-ins while another way in remains (a password, a
 * passkey or another link), else a 409 saying so; anyone else's is a 404. Two removals at once
 * cannot leave the account with none: each first writes the account's row, so they run one after
 * the other and the second sees the first's removal.
 */
export async function removeLinkedSignIn(user: Pick<SessionUser, "id">, id: number): Promise<LinkedSignInJson> {
  return db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { updatedAt: new Date() } });
    const link = await tx.signInLink.findFirst({ where: { id, userId: user.id } });
    if (!link) throw notFound(said("messages.notFound", { what: word("linkedSignIn") }));
    const account = await tx.user.findUniqueOrThrow({ where: { id: user.id }, omit: { passwordHash: false } });
    const passkeys = await tx.passkey.count({ where: { userId: user.id } });
    const others = await tx.signInLink.count({ where: { userId: user.id, id: { not: id } } });
    if (!account.passwordHash && passkeys === 0 && others === 0) throw conflict(said("messages.lastWayIn"));
    await tx.signInLink.delete({ where: { id } });
    return toJson(link);
  });
}
