import "server-only";
import type { DataExportJson, FavouriteJson } from "@/lib/contract/schemas";
import { formatDateTime } from "@/lib/shared/format-date";
import { centsToDollars } from "@/lib/shared/money";
import { describeNotification, type NotificationPayload } from "@/lib/shared/notifications";
import { marketDate } from "@/lib/shared/schedule";
import { walletRowDescription } from "@/lib/shared/wallet-kinds";
import { ACCOUNT_MESSAGES, type DeleteAccountInput } from "@/lib/validation/account";
import { csvDollars, csvLine } from "@/lib/shared/csv";
import { byPages } from "../platform/by-pages";
import { db } from "../platform/db";
import { conflict, fieldError, forbidden } from "../platform/errors";
import { orderInclude } from "../orders/include";
import { whereStatus } from "../orders/status";
import { orderToJson } from "../orders/to-json";
import { removePicture } from "../platform/pictures";
import { reviewToJson } from "../reviews/reviews";
import { problemInclude, problemToJson } from "../problems/read";
import type { SessionUser } from "../web/session";
import { confirmOwnPassword, userToJson, withWallet } from "./users";

// A customer's own data (docs/architecture/security.md "Customers own their data"): the download of
// everything we hold about them, the wallet statement as CSV, and closing the account. Each is
// the user's own only: anyone else's is a 403 that reveals nothing.

/** Rows per query of a download: the file streams page by page, never from one big read. */
export const EXPORT_PAGE = 100;

/** The name a closed account keeps: its orders and ledger rows stay for the books under it. */
export const DELETED_NAME = "Deleted customer";
/** A closed account's deliveries keep no address. */
export const DELETED_ADDRESS = "Address removed";

function assertSelf(actor: SessionUser, targetId: number, what: string): void {
  if (actor.id !== targetId) throw forbidden(`You can only ${what} your own account`);
}

/** "nosh-data-2026-11-23.json": the marketplace's date. */
export const downloadName = (prefix: string, extension: string, now = new Date()) => `${prefix}-${marketDate(now)}.${extension}`;

/**
 * GET /api/users/{id}/export: profile, orders (lines and options), reviews, problem reports,
 * favourites, notifications, push subscriptions and the wallet statement as one JSON document
 * (dataExportSchema), written as it is read.
 */
export function exportData(actor: SessionUser, targetId: number, now = new Date()): AsyncGenerator<string> {
  assertSelf(actor, targetId, "download the data of");
  return exportChunks(actor.id, now);
}

async function* exportChunks(userId: number, now: Date): AsyncGenerator<string> {
  const user = await withWallet(await db.user.findUniqueOrThrow({ where: { id: userId } }));
  const profile: DataExportJson["profile"] = { ...userToJson(user), createdAt: user.createdAt.toISOString() };
  yield `{"exportedAt":${JSON.stringify(now.toISOString())},"profile":${JSON.stringify(profile)},"orders":`;
  yield* jsonArray(
    byPages(
      (after) => db.order.findMany({ where: { userId, ...(after ? { id: { gt: after } } : {}) }, orderBy: { id: "asc" }, take: EXPORT_PAGE, include: orderInclude }),
      (order) => order.id,
    ),
    orderToJson,
  );
  yield `,"reviews":`;
  yield* jsonArray(
    byPages(
      (after) =>
        db.review.findMany({
          where: { userId, ...(after ? { id: { gt: after } } : {}) },
          orderBy: { id: "asc" },
          take: EXPORT_PAGE,
          include: { user: { select: { firstName: true } }, restaurant: { select: { name: true } } },
        }),
      (review) => review.id,
    ),
    reviewToJson,
  );
  // Problem reports (docs/architecture/problem-reports.md): every one the customer sent, with its decision and refund.
  yield `,"problemReports":`;
  yield* jsonArray(
    byPages(
      (after) =>
        db.problemReport.findMany({ where: { userId, ...(after ? { id: { gt: after } } : {}) }, orderBy: { id: "asc" }, take: EXPORT_PAGE, include: problemInclude }),
      (problem) => problem.id,
    ),
    problemToJson,
  );
  yield `,"favourites":`;
  yield* jsonArray(
    byPages(
      (after) =>
        db.like.findMany({
          where: { userId, ...(after ? { menuItemId: { gt: after } } : {}) },
          orderBy: { menuItemId: "asc" },
          take: EXPORT_PAGE,
          include: { menuItem: { select: { name: true, restaurantId: true, restaurant: { select: { name: true } } } } },
        }),
      (like) => like.menuItemId,
    ),
    (like): FavouriteJson => ({
      menuItemId: like.menuItemId,
      name: like.menuItem.name,
      restaurantId: like.menuItem.restaurantId,
      restaurantName: like.menuItem.restaurant.name,
      likedAt: like.createdAt.toISOString(),
    }),
  );
  // What Nosh told them and where: every notification row (the bell's, the mails', the pushes'),
  // and the devices push was turned on for (their endpoint, not their keys).
  yield `,"notifications":`;
  yield* jsonArray(
    byPages(
      (after) =>
        db.notification.findMany({
          where: { userId, ...(after ? { id: { gt: after } } : {}) },
          orderBy: { id: "asc" },
          take: EXPORT_PAGE,
          select: { id: true, kind: true, channel: true, state: true, payload: true, createdAt: true, sentAt: true, readAt: true },
        }),
      (row) => row.id,
    ),
    (row): DataExportJson["notifications"][number] => {
      const payload = JSON.parse(row.payload) as NotificationPayload;
      return {
        id: row.id,
        kind: row.kind,
        channel: row.channel as DataExportJson["notifications"][number]["channel"],
        state: row.state as DataExportJson["notifications"][number]["state"],
        ...describeNotification(row.kind, payload),
        payload,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
        readAt: row.readAt?.toISOString() ?? null,
      };
    },
  );
  yield `,"pushSubscriptions":`;
  yield* jsonArray(
    byPages(
      (after) =>
        db.pushSubscription.findMany({
          where: { userId, ...(after ? { id: { gt: after } } : {}) },
          orderBy: { id: "asc" },
          take: EXPORT_PAGE,
          select: { id: true, endpoint: true, userAgent: true, createdAt: true },
        }),
      (row) => row.id,
    ),
    (row): DataExportJson["pushSubscriptions"][number] => ({ id: row.id, endpoint: row.endpoint, userAgent: row.userAgent, createdAt: row.createdAt.toISOString() }),
  );
  yield `,"walletStatement":`;
  yield* jsonArray(ledgerRows(userId), (row) => ({
    id: row.id,
    kind: row.kind as DataExportJson["walletStatement"][number]["kind"],
    amount: centsToDollars(row.amountCents),
    balanceAfter: centsToDollars(row.balanceAfterCents),
    orderId: row.orderId,
    restaurantName: row.order?.restaurantName ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
  yield "}\n";
}

async function* jsonArray<T>(rows: AsyncGenerator<T>, toJson: (row: T) => unknown): AsyncGenerator<string> {
  let first = true;
  yield "[";
  for await (const row of rows) {
    yield (first ? "" : ",") + JSON.stringify(toJson(row));
    first = false;
  }
  yield "]";
}

/** The user's ledger, oldest first (the order the balances were written in). */
function ledgerRows(userId: number) {
  return byPages(
    (after) =>
      db.walletTransaction.findMany({
        where: { userId, ...(after ? { id: { gt: after } } : {}) },
        orderBy: { id: "asc" },
        take: EXPORT_PAGE,
        include: { order: { select: { restaurantName: true } } },
      }),
    (row) => row.id,
  );
}

export const STATEMENT_HEADER = ["Date", "Description", "Amount", "Balance"] as const;

/**
 * GET /api/users/{id}/wallet/statement.csv: every ledger row, oldest first: the date in the
 * marketplace's zone (lib/shared/format-date.ts), what it was, the amount (negative when money
 * left) and the balance after it.
 */
export function walletStatementCsv(actor: SessionUser, targetId: number): AsyncGenerator<string> {
  assertSelf(actor, targetId, "download the statement of");
  return statementChunks(actor.id);
}

async function* statementChunks(userId: number): AsyncGenerator<string> {
  yield csvLine(STATEMENT_HEADER);
  for await (const row of ledgerRows(userId)) {
    yield csvLine([
      formatDateTime(row.createdAt),
      walletRowDescription({ kind: row.kind, orderId: row.orderId, restaurantName: row.order?.restaurantName ?? null }),
      // Always two decimals, no currency sign, a minus for money out ("20.00", "-12.30"), as the orders CSV writes amounts.
      csvDollars(row.amountCents),
      csvDollars(row.balanceAfterCents),
    ]);
  }
}

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
 * push subscription, the sign-in counters keyed by them, a courier's positions; their
 * deliveries lose the drop-off's address, place and instructions, their problem reports the
 * photo and their words, group orders their name; and the profile is blanked ("Deleted
 * customer", an email nobody can type, no phone, address, coordinates, picture or password).
 * Orders and wallet ledger rows stay, now anonymous (docs/architecture/security.md "What a
 * closed account leaves"). The session version moves on, so every cookie of the account is
 * refused from now on. The balance left stays on the closed account's books and is not paid
 * out. The picture and photo files go after the commit.
 */
export async function deleteAccount(actor: SessionUser, targetId: number, input: DeleteAccountInput, address: string): Promise<void> {
  assertSelf(actor, targetId, "delete");
  if (!actor.guestAccount) {
    if (!input.password) throw fieldError("password", ACCOUNT_MESSAGES.passwordRequired);
    await confirmOwnPassword(actor.id, input.password, address, () => fieldError("password", ACCOUNT_MESSAGES.passwordWrong));
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
    if (!user) throw forbidden("This session has ended. Log in again");
    if (await tx.restaurant.count({ where: { ownerId: user.id } })) throw conflict(ACCOUNT_MESSAGES.ownsRestaurants);
    if (await tx.order.count({ where: { userId: user.id, ...OPEN_ORDER } })) throw conflict(ACCOUNT_MESSAGES.openOrder);

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

    await tx.idempotencyKey.deleteMany({ where: { userId: user.id } });
    // What the notifications knew and where they went: the outbox's rows (the bell, mails, pushes),
    // the choices, and every device's push subscription, so no push for an old order reaches that
    // browser again.
    await tx.notification.deleteMany({ where: { userId: user.id } });
    await tx.notificationPreference.deleteMany({ where: { userId: user.id } });
    await tx.pushSubscription.deleteMany({ where: { userId: user.id } });
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
    // A courier's positions: their last place and their track.
    await tx.courierState.deleteMany({ where: { userId: user.id } });
    await tx.courierPosition.deleteMany({ where: { courierId: user.id } });
    // Their deliveries keep the pay and the restaurant, not where they were delivered: the drop-off
    // is moved onto the pickup and its address and instructions go.
    await tx.$executeRaw`UPDATE "DeliveryJob" SET "dropoffAddress" = ${DELETED_ADDRESS}, "dropoffLat" = "pickupLat", "dropoffLng" = "pickupLng", "instructions" = NULL WHERE "userId" = ${user.id}`;
    // Problem reports keep their lines and refunds (the ledger's), not the customer's words or photo.
    const photos = await tx.problemReport.findMany({ where: { userId: user.id, photo: { not: null } }, select: { photo: true } });
    await tx.problemReport.updateMany({ where: { userId: user.id }, data: { photo: null, appealNote: null } });
    await tx.problemLine.updateMany({ where: { problem: { userId: user.id } }, data: { note: null } });
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
        phoneNumber: null,
        address: null,
        city: null,
        state: null,
        zip: null,
        lat: null,
        lng: null,
        profileImage: null,
        deliveryInstructions: null,
        passwordHash: null,
        demoAccount: false,
        restaurantOwner: false,
        courier: false,
        courierStatus: null,
        suspensionReason: null,
      },
    });
    return [user.profileImage, ...photos.map((row) => row.photo)];
  });
  for (const file of files) await removePicture(file);
}
