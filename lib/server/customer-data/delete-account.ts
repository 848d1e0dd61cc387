import "server-only";
import { ACCOUNT_SAID, type DeleteAccountInput } from "@/lib/contract/accounts/rules";
import { db } from "../platform/db";
import { conflict, errorTextIn, fieldError, forbidden } from "../platform/errors";
import { whereStatus } from "../orders/status";
import { removePicture, removePrivatePicture } from "../platform/pictures";
import { removeProblemPhoto } from "../problems/photo";
import type { SessionUser } from "../platform/session-user";
import { assertSelf } from "./own-data";
import { forgetDropoffs } from "./queries";
import { confirmOwnPassword } from "../accounts/users";
import { detachCards, forgetWorkAndCards } from "./forget-work-and-cards";
import { said } from "@/lib/shared/words/said";
import { copyColumns } from "../addresses/order-copy";

// Closing a customer's account and what it leaves (docs/architecture/customer-data.md "What a closed
// account leaves").

/** The name a closed account keeps: its orders and ledger rows stay for the books under it. */
export const DELETED_NAME = "Deleted customer";
/** What a message or an appeal note of theirs reads once they closed their account: stored as the English catalogue writes it. */
const REMOVED = errorTextIn("en", said("messages.messageRemoved"));
/** A closed account's deliveries keep no address. */
export const DELETED_ADDRESS = "Address removed";

/** Orders under way: placed and not yet delivered, rejected, canceled or expired. */
const OPEN_ORDER = whereStatus("Submitted");

/**
 * POST /api/users/{id}/delete: closes the caller's own account, confirmed with the password
 * (guest accounts have none: their session is the proof). In one transaction: carts and open
 * hosted group orders go first, then the user's row is locked (a checkout racing it either
 * commits first and is seen as an order under way, or finds its cart gone), then it is refused
 * while they own restaurants or have an order under way; otherwise their reviews go (ratings
 * moved back), favourites (like counts moved back), carts, idempotency answers, open group
 * orders they host (canceled) or joined (left), every notification, notification choice and
 * push subscription, the sign-in counters keyed by them, saved cards (detached at the provider
 * after the commit), a courier's positions and payout account, team memberships and the
 * invitations sent to their email address; their
 * deliveries lose the drop-off's address, place and instructions, their problem reports the
 * photo and their words, their orders the drop-off photo, their messages to and from couriers
 * their text ("Message removed"), their courier ratings their words and link to them,
 * group orders their name; and the profile is blanked ("Deleted
 * customer", an email nobody can type, no phone, address, coordinates, picture or password).
 * Orders and wallet ledger rows stay, now anonymous (docs/architecture/customer-data.md "What a
 * closed account leaves"). The session version moves on, so every cookie of the account is
 * refused from now on. The balance left stays on the closed account's books and is not paid
 * out. The picture and photo files go after the commit.
 */
export async function deleteAccount(actor: SessionUser, targetId: number, input: DeleteAccountInput, address: string): Promise<void> {
  assertSelf(actor, targetId, "ownDelete");
  if (!actor.guestAccount) {
    if (!input.password) throw fieldError("password", ACCOUNT_SAID.passwordRequired);
    await confirmOwnPassword(actor.id, input.password, address, () => fieldError("password", ACCOUNT_SAID.passwordWrong));
  }
  const files = await db.$transaction(async (tx) => {
    // Rows a checkout locks come first, in the checkout's order (its order or group; its wallet
    // charge locks the wallet's ledger account, which this never touches), so the two wait for
    // each other instead of deadlocking on PostgreSQL. A cart is not an order under way: it goes (its lines with it). A checkout
    // in flight on it commits first (the cart is then no longer Active, and is seen below as an
    // order under way) or finds it gone.
    await tx.order.deleteMany({ where: { userId: actor.id, ...whereStatus("Active") } });
    await tx.groupOrder.updateMany({ where: { hostId: actor.id, status: { in: ["open", "locked"] } }, data: { status: "canceled", version: { increment: 1 } } });
    const user = await tx.user.update({ where: { id: actor.id, sessionVersion: actor.sessionVersion }, data: { sessionVersion: { increment: 1 } } }).catch(() => null);
    // Another request of this session already closed the account or ended the session.
    if (!user) throw forbidden(said("messages.sessionEnded"));
    if (await tx.restaurant.count({ where: { ownerId: user.id } })) throw conflict(ACCOUNT_SAID.ownsRestaurants);
    if (await tx.order.count({ where: { userId: user.id, ...OPEN_ORDER } })) throw conflict(ACCOUNT_SAID.openOrder);

    const reviews = await tx.review.findMany({ where: { userId: user.id, hiddenAt: null }, select: { restaurantId: true, restaurantRating: true } });
    const byRestaurant = new Map<number, { sum: number; count: number }>();
    for (const review of reviews) {
      const total = byRestaurant.get(review.restaurantId) ?? { sum: 0, count: 0 };
      byRestaurant.set(review.restaurantId, { sum: total.sum + review.restaurantRating, count: total.count + 1 });
    }
    await tx.review.deleteMany({ where: { userId: user.id } });
    for (const [restaurantId, { sum, count }] of byRestaurant) {
      await tx.restaurant.update({ where: { id: restaurantId }, data: { ratingSum: { decrement: sum }, numReviews: { decrement: count } } });
    }

    const likes = await tx.like.findMany({ where: { userId: user.id }, select: { menuItemId: true } });
    await tx.like.deleteMany({ where: { userId: user.id } });
    if (likes.length) await tx.menuItem.updateMany({ where: { id: { in: likes.map((like) => like.menuItemId) } }, data: { likeCount: { decrement: 1 } } });
    await tx.favoriteRestaurant.deleteMany({ where: { userId: user.id } });
    // Messages to support and their replies: what the person wrote (docs/architecture/help.md).
    await tx.supportTicket.deleteMany({ where: { userId: user.id } });

    await tx.idempotencyKey.deleteMany({ where: { userId: user.id } });
    // What the notifications knew and where they went: the outbox's rows (the bell, mails, pushes),
    // the choices, and every device's push subscription, so no push for an old order reaches that
    // browser again.
    await tx.notification.deleteMany({ where: { userId: user.id } });
    await tx.notificationPreference.deleteMany({ where: { userId: user.id } });
    await tx.pushSubscription.deleteMany({ where: { userId: user.id } });
    // Its numbers for texts, and the number and words of each text it got (their count and cost stay
    // in the operator's report; a number's STOP stays, the carriers' rule).
    await tx.textNumber.deleteMany({ where: { userId: user.id } });
    await tx.textMessage.updateMany({ where: { userId: user.id }, data: { userId: null, phone: "", body: null } });
    // Its number behind its deliveries' relay numbers: the relays connect nobody to it any more.
    const jobs = await tx.deliveryJob.findMany({ where: { userId: user.id }, select: { id: true } });
    await tx.relayLeg.deleteMany({ where: { OR: [{ courierId: user.id }, { jobId: { in: jobs.map((job) => job.id) } }] } });
    // Its passkeys (they would sign in to the blanked account) and its email and reset links.
    await tx.passkey.deleteMany({ where: { userId: user.id } });
    // Its Google and Apple links, and any sign-in of theirs under way.
    await tx.signInLink.deleteMany({ where: { userId: user.id } });
    await tx.signInFlow.deleteMany({ where: { userId: user.id } });
    await tx.emailVerification.deleteMany({ where: { userId: user.id } });
    await tx.passwordReset.deleteMany({ where: { userId: user.id } });
    // The address book, and the copies its orders kept of where they went.
    // The address book goes, and its buildings' photos with it (files after the commit).
    const doors = await tx.address.findMany({ where: { userId: user.id, doorPhoto: { not: null } }, select: { doorPhoto: true } });
    await tx.address.deleteMany({ where: { userId: user.id } });
    await tx.order.updateMany({
      where: { userId: user.id },
      data: {
        ...copyColumns(null),
      },
    });
    // Sign-in and promo-code counters keyed by the account (its email, phone or id).
    const credentials = [user.email, user.phoneNumber].filter((value): value is string => Boolean(value));
    await tx.loginThrottle.deleteMany({
      where: {
        OR: [
          { key: { in: [`promo-account:${user.id}`, ...credentials.map((credential) => `login-account:${credential}`)] } },
          ...[`user:${user.id}`, ...credentials].map((account) => ({ key: { startsWith: `pair:${account}|` } })),
        ],
      },
    });
    // Saved cards (detached at the provider after the commit), a courier's payout account, team memberships and invitations.
    const cards = await forgetWorkAndCards(tx, user);
    // A courier's positions: their last place and their track.
    await tx.courierState.deleteMany({ where: { userId: user.id } });
    await tx.courierPosition.deleteMany({ where: { courierId: user.id } });
    // A courier's onboarding: their vehicle and check, their licence's and insurance's photos (files after the commit).
    const documents = await tx.courierDocument.findMany({ where: { userId: user.id }, select: { file: true } });
    await tx.courierDocument.deleteMany({ where: { userId: user.id } });
    await tx.courierProfile.deleteMany({ where: { userId: user.id } });
    // Their deliveries keep the pay and the restaurant, not where they were delivered: the drop-off
    // is moved onto the pickup and its address and instructions go.
    await forgetDropoffs(tx, user.id, DELETED_ADDRESS);
    // Problem reports keep their lines and refunds (the ledger's), not the customer's words or photo.
    const photos = await tx.problemReport.findMany({ where: { userId: user.id, photo: { not: null } }, select: { photo: true } });
    await tx.problemReport.updateMany({ where: { userId: user.id }, data: { photo: null, appealNote: null } });
    // Their orders' drop-off photos (files after the commit), and their words to and from couriers:
    // what they wrote reads "Message removed" on the other side (docs/architecture/customer-data.md).
    const dropoffs = await tx.order.findMany({ where: { userId: user.id, dropoffPhoto: { not: null } }, select: { dropoffPhoto: true } });
    await tx.order.updateMany({ where: { userId: user.id, dropoffPhoto: { not: null } }, data: { dropoffPhoto: null } });
    await tx.deliveryMessage.updateMany({ where: { senderId: user.id }, data: { body: REMOVED } });
    await tx.problemLine.updateMany({ where: { problem: { userId: user.id } }, data: { note: null } });
    // A courier's appeals keep their decision (the audit log's), not their words or photo (files after the commit).
    const appeals = await tx.courierAppeal.findMany({ where: { courierId: user.id, evidence: { not: null } }, select: { evidence: true } });
    await tx.courierAppeal.updateMany({ where: { courierId: user.id }, data: { note: REMOVED, evidence: null } });
    // Their courier ratings stay counted, without their words or the link to them.
    await tx.courierRating.updateMany({ where: { customerId: user.id }, data: { customerId: null, note: null } });
    // Their name on group orders they took part in.
    await tx.groupParticipant.updateMany({ where: { userId: user.id }, data: { displayName: DELETED_NAME } });
    await tx.order.updateMany({ where: { userId: user.id, groupHostName: { not: null } }, data: { groupHostName: DELETED_NAME } });
    const joined = await tx.groupParticipant.findMany({ where: { userId: user.id, group: { status: { in: ["open", "locked"] } } }, select: { id: true, groupId: true } });
    if (joined.length) {
      await tx.groupParticipant.deleteMany({ where: { id: { in: joined.map((row) => row.id) } } });
      await tx.groupOrder.updateMany({ where: { id: { in: joined.map((row) => row.groupId) } }, data: { version: { increment: 1 } } });
    }

    await tx.user.update({
      where: { id: user.id },
      data: {
        firstName: DELETED_NAME,
        lastName: null,
        email: `deleted-${user.id}@deleted.invalid`,
        emailVerifiedAt: null,
        phoneNumber: null,
        address: null,
        city: null,
        state: null,
        zip: null,
        lat: null,
        lng: null,
        profileImage: null,
        deliveryInstructions: null,
        avoidAllergens: 0,
        language: null,
        passwordHash: null,
        demoAccount: false,
        restaurantOwner: false,
        courier: false,
        courierStatus: null,
        suspensionReason: null,
      },
    });
    return {
      cards,
      picture: user.profileImage,
      problemPhotos: photos.map((row) => row.photo),
      dropoffPhotos: [
        ...dropoffs.map((row) => row.dropoffPhoto),
        ...doors.map((row) => row.doorPhoto),
        ...appeals.map((row) => row.evidence),
        ...documents.map((row) => row.file),
      ],
    };
  });
  await detachCards(files.cards);
  await removePicture(files.picture);
  for (const photo of files.problemPhotos) await removeProblemPhoto(photo);
  for (const photo of files.dropoffPhotos) await removePrivatePicture(photo);
}
