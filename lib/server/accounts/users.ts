import "server-only";
import { followProfile } from "../addresses/book";
import { ALLERGENS, fromMask } from "@/lib/shared/menu/allergens";
import { SIGNUP_WALLET_CENTS } from "@/lib/shared/constants";
import type { UserJson } from "@/lib/contract/accounts/schemas";
import { centsToDollars } from "@/lib/shared/money/money";
import type { LoginInput, SignupInput } from "@/lib/contract/accounts/auth-rules";
import { AUTH_SAID } from "@/lib/contract/accounts/auth-rules";
import { PROFILE_SAID, type ProfileUpdate } from "@/lib/contract/accounts/profile-rules";
import type { User } from "@/lib/generated/prisma/client";
import { db } from "../platform/db";
import { ApiError, conflict, fieldError, forbidden, isUniqueViolation, notFound } from "../platform/errors";
import { moveWallet, walletBalance } from "../wallet/ledger";
import { account as accounts } from "../ledger/post";
import { sqlOf } from "../platform/sql";
import { hashPassword, verifyPassword } from "../platform/passwords";
import { removePicture, storePicture } from "../platform/pictures";
import { config } from "../platform/config";
import { placeColumns } from "../geo/place";
import { notify } from "../notifications/outbox";
import { queueVerification, requestEmailChange } from "./email-verification";
import { assertLoginAllowed, passwordConfirmation, recordLoginFailure, recordLoginSuccess, takeCreationSlot } from "../platform/throttle";
import { acceptForStep } from "../legal/documents";
import { isLocale, type Locale } from "@/lib/i18n/locale";
import { said, word } from "@/lib/shared/words/said";

type PublicUser = Omit<User, "passwordHash">;
/** A user with their wallet's balance beside the row: the ledger account "wallet:{id}" (docs/architecture/ledger.md). */
export type WalletUser = PublicUser & { walletCents: number };

/** The user with their wallet's balance: its paid money and its credit (primary-key reads of the two ledger accounts; 0 before a first credit). */
export async function withWallet<U extends { id: number }>(user: U): Promise<U & { walletCents: number }> {
  const wallets = await db.ledgerAccount.findMany({ where: { id: { in: [accounts.wallet(user.id), accounts.walletPaid(user.id)] } }, select: { balanceCents: true } });
  return { ...user, walletCents: wallets.reduce((sum, wallet) => sum + wallet.balanceCents, 0) };
}

/** The contract's user JSON; never the password hash. `wallet` is the wallet account's balance. */
export function userToJson(user: WalletUser): UserJson {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    address: user.address,
    city: user.city,
    state: user.state,
    zip: user.zip,
    wallet: centsToDollars(user.walletCents),
    profileImage: user.profileImage,
    restaurantOwner: user.restaurantOwner,
    courier: user.courier,
    guestAccount: user.guestAccount,
    deliveryInstructions: user.deliveryInstructions,
    lat: user.lat,
    lng: user.lng,
    avoidAllergens: fromMask(ALLERGENS, user.avoidAllergens),
    language: isLocale(user.language) ? user.language : null,
  };
}
export type { UserJson };

/**
 * Creates an account with a 999.99 wallet of promotional credit where demo data is on (a ledger
 * row records it; 0 elsewhere). Called from a guest
 * session, it turns that guest into the full account instead, keeping its orders and data.
 */
/** `language`: the one the request states (web/request-language.ts statedLanguageOf): the person's from now on, their mails' too; a guest's kept without one. */
export async function signUp(input: SignupInput, current: PublicUser | null, address: string, language: Locale | null = null): Promise<WalletUser> {
  const identities = [...(input.email ? [{ email: input.email }] : []), ...(input.phoneNumber ? [{ phoneNumber: input.phoneNumber }] : [])];
  const taken = await db.user.findFirst({ where: { OR: identities }, select: { email: true, phoneNumber: true } });
  if (taken) throw takenError(taken, input);
  // The address's place (an unknown ZIP is a 400 naming zip), before any slot is taken.
  const place = placeColumns(input.zip);
  // A guest turning into a full account creates none; every other signup takes a slot.
  if (!current?.guestAccount) await takeCreationSlot("signup", address);
  const passwordHash = await hashPassword(input.password);
  const fields = {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phoneNumber: input.phoneNumber,
    address: input.address,
    city: input.city,
    state: input.state,
    zip: input.zip,
    ...place,
    passwordHash,
    guestAccount: false,
    ...(language && { language }),
  };
  try {
    const created = await db.$transaction(async (tx) => {
      const guest = current?.guestAccount ? current : null;
      const user = guest
        ? await tx.user.update({ where: { id: guest.id }, data: { ...fields, sessionVersion: { increment: 1 } } })
        : await tx.user.create({ data: fields });
      // A guest's wallet is always 0 on the server (its top-ups are local only). The signup credit
      // is promotional money and exists only where demo data is on (NOSH_DEMO).
      const balance = await walletBalance(sqlOf(tx), user.id);
      const credit = config().demoLogin ? SIGNUP_WALLET_CENTS - balance : 0;
      const walletCents = credit > 0 ? await moveWallet(sqlOf(tx), { userId: user.id, amountCents: credit, kind: "signup" }) : balance;
      // The welcome mail (docs/architecture/notifications.md), with the account: once per account.
      await notify(sqlOf(tx), { to: { userId: user.id }, kind: "account_welcome", cause: `welcome:${user.id}`, payload: {} });
      // Its address's verification link (email-verification.ts).
      if (user.email) await queueVerification(tx, user.id, user.email);
      // The terms and privacy policy in effect, which the form's line says signing up accepts.
      await acceptForStep(tx, user.id, "signup");
      return { ...user, walletCents };
    });
    // The signup's address is the address book's first, default entry.
    await followProfile(created.id, { line: true, instructions: false });
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(said("messages.accountExists"));
    throw error;
  }
}

function takenError(taken: { email: string | null; phoneNumber: string | null }, input: { email: string | null; phoneNumber: string | null }): ApiError {
  if (input.email && taken.email === input.email) {
    return conflict(said("messages.emailInUse"), { email: said("messages.emailInUse") });
  }
  return conflict(said("messages.phoneInUse"), { phoneNumber: said("messages.phoneInUse") });
}

/**
 * Checks a login. Wrong password and unknown account give the same 401 under the field the
 * client used. Throttled (429, lib/server/platform/throttle.ts) per (account, address) with growing
 * delays, per address across accounts, and for successes per account and per address; a
 * throttled login is refused before any hashing. With demo login off, the demo accounts'
 * published password opens nothing.
 */
export async function logIn(input: LoginInput, address: string): Promise<WalletUser> {
  const account = "email" in input.credential ? input.credential.email : input.credential.phoneNumber;
  await assertLoginAllowed(account, address);
  const found = await db.user.findFirst({
    where: { ...input.credential, guestAccount: false, ...(config().demoLogin ? {} : { demoAccount: false }) },
    omit: { passwordHash: false },
  });
  if (!(await verifyPassword(input.password, found?.passwordHash)) || !found) {
    await recordLoginFailure(account, address);
    throw new ApiError("unauthorized", AUTH_SAID.loginFailed, { [input.field]: AUTH_SAID.loginFailed });
  }
  // Suspended by an operator (operators/users.ts): the right password, but no session, and why.
  if (found.suspendedAt) {
    const message = suspendedSignIn(found.suspensionReason);
    throw new ApiError("forbidden", message, { [input.field]: message });
  }
  await recordLoginSuccess(account, address);
  const { passwordHash: _omitted, ...user } = found;
  return withWallet(user);
}

/** A new guest account (wallet 0; no profile, reviews or server-side top-ups); throttled per address. */
export async function createGuest(address: string, language: Locale | null = null): Promise<WalletUser> {
  await takeCreationSlot("guest", address);
  // A new account has no wallet account yet: its balance is 0. Its language: the page's (signUp's).
  return { ...(await db.user.create({ data: { firstName: "Guest", guestAccount: true, language } })), walletCents: 0 };
}

/** Sign-in refused to an account an operator suspended (lib/server/operators/users.ts), with the reason. */
export const suspendedSignIn = (reason: string | null) => said("messages.accountSuspended", { reason: reason ?? said("messages.noReasonGiven") });

/** Demo login works for the seeded demo accounts only, and only while NOSH_DEMO is on; else a 404. */
export async function findDemoUser(id: number): Promise<WalletUser> {
  if (!config().demoLogin) throw notFound(said("messages.notFound", { what: word("demoAccount") }));
  const user = await db.user.findFirst({ where: { id, demoAccount: true } });
  if (!user) throw notFound(said("messages.notFound", { what: word("demoAccount") }));
  if (user.suspendedAt) throw forbidden(suspendedSignIn(user.suspensionReason));
  return withWallet(user);
}

/**
 * PUT /api/users/{id}: the user's own profile only (anyone else's is a 403 that reveals
 * nothing). Guests have no profile to edit: they sign up first. A phone or email already in
 * use is a 409 naming the field.
 */
export async function updateProfile(actor: PublicUser, targetId: number, input: ProfileUpdate): Promise<WalletUser> {
  if (actor.id !== targetId) throw forbidden(said("messages.ownProfile"));
  if (actor.guestAccount) {
    const touchesAddress = ["address", "city", "state", "zip"].some((field) => field in input);
    throw forbidden(touchesAddress ? PROFILE_SAID.guestAddress : "Sign up to edit your profile");
  }
  const clashes = [...(input.email ? [{ email: input.email }] : []), ...(input.phoneNumber ? [{ phoneNumber: input.phoneNumber }] : [])];
  if (clashes.length) {
    const taken = await db.user.findFirst({ where: { OR: clashes, NOT: { id: actor.id } }, select: { email: true, phoneNumber: true } });
    if (taken) throw takenError(taken, { email: input.email ?? null, phoneNumber: input.phoneNumber ?? null });
  }
  // A saved ZIP places the address (docs/architecture/places.md "Places"); an unknown one is a 400 naming zip.
  const place = input.zip === undefined ? {} : placeColumns(input.zip);
  // A new email takes effect only once its link is used (email-verification.ts): it is not written here.
  const { email, ...fields } = input;
  try {
    const user = await db.user.update({ where: { id: actor.id }, data: { ...fields, ...place } });
    if (email && email !== user.email) await requestEmailChange(user.id, email);
    // The address book's default entry follows the profile's address (docs/architecture/places.md "Address book").
    await followProfile(user.id, { line: "address" in input || "city" in input || "state" in input || "zip" in input, instructions: "deliveryInstructions" in input });
    return await withWallet(await db.user.findUniqueOrThrow({ where: { id: user.id } }));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(said("messages.inUse"));
    throw error;
  }
}

/** The footer's links, signed in: the account's language (User.language) follows the browser's. */
export async function saveLanguage(userId: number, language: Locale): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { language } });
}

/** Replaces the user's own profile picture; the previous stored picture is removed. */
/** Who may change this profile picture: its signed-up owner. Checked before the upload is read. */
export function checkPictureOwner(actor: PublicUser, targetId: number): void {
  if (actor.id !== targetId) throw forbidden(said("messages.ownProfile"));
  if (actor.guestAccount) throw forbidden(said("rules.handlers.signUpPicture"));
}

export async function updatePicture(actor: PublicUser, targetId: number, file: File | null): Promise<WalletUser> {
  checkPictureOwner(actor, targetId);
  const picture = await storePicture(actor.id, file);
  const previous = actor.profileImage;
  const user = await db.user.update({ where: { id: actor.id }, data: { profileImage: picture } });
  await removePicture(previous);
  return withWallet(user);
}

/**
 * Checks the signed-in user's own password (a password change, closing the account), throttled
 * per (user, address) like a login (lib/server/platform/throttle.ts `passwordConfirmation`): a wrong
 * one throws `wrong()`, and past the free failures the next try waits (429, Retry-After)
 * before any hashing.
 */
export async function confirmOwnPassword(userId: number, password: string, address: string, wrong: () => Error): Promise<void> {
  await passwordConfirmation.assertAllowed(userId, address);
  const stored = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(password, stored.passwordHash))) {
    await passwordConfirmation.failed(userId, address);
    throw wrong();
  }
  await passwordConfirmation.passed(userId, address);
}

/**
 * Changes the password after checking the current one, and ends every other session: the
 * session version moves on and the caller gets a fresh cookie for the new version. Open reset
 * links die, and "Your password was changed" is mailed.
 */
export async function changePassword(actor: PublicUser, targetId: number, input: { currentPassword: string; newPassword: string }, address: string): Promise<WalletUser> {
  if (actor.id !== targetId) throw forbidden(said("messages.ownPassword"));
  await confirmOwnPassword(actor.id, input.currentPassword, address, () => fieldError("currentPassword", said("messages.currentPasswordWrong")));
  const passwordHash = await hashPassword(input.newPassword);
  const user = await db.$transaction(async (tx) => {
    const changed = await tx.user.update({ where: { id: actor.id }, data: { passwordHash, sessionVersion: { increment: 1 } } });
    // Reset links asked for before the change die with it; the account is told (security.md "Password reset").
    await tx.passwordReset.updateMany({ where: { userId: actor.id, usedAt: null }, data: { usedAt: new Date() } });
    await notify(sqlOf(tx), { to: { userId: actor.id }, kind: "password_changed", cause: `password-changed:${changed.sessionVersion}`, payload: {} });
    return changed;
  });
  return withWallet(user);
}
