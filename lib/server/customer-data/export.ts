import "server-only";
import type { DataExportJson, FavouriteJson } from "@/lib/contract/accounts/data-schemas";
import type { AccountExportJson } from "@/lib/contract/accounts/privacy-schemas";
import type { MessageSender } from "@/lib/shared/delivery/delivery-messages";
import type { CourierRatingReason } from "@/lib/shared/delivery/courier-rating";
import { minorToMajor } from "@/lib/shared/money/currency";
import { describeRowIn } from "@/lib/server/notifications/words";
import type { NotificationPayload } from "@/lib/shared/people/notification-shapes";
import { byPages } from "../platform/by-pages";
import { db } from "../platform/db";
import { orderInclude } from "../orders/include";
import { orderToJson } from "../orders/to-json";
import { reviewInclude, reviewToJson } from "../reviews/reviews";
import { withoutHiddenReply } from "../reviews/reply-json";
import { problemInclude, problemToJson } from "../problems/read";
import type { SessionUser } from "../platform/session-user";
import { assertSelf, EXPORT_PAGE, ledgerRows } from "./own-data";
import { userToJson, withWallet } from "../accounts/users";
import { addressToJson } from "../addresses/address-json";

// The download of everything we hold about a customer (docs/architecture/customer-data.md "Customers
// own their data"; what the downloads share: own-data.ts).

/**
 * GET /api/users/{id}/export: profile, orders (lines and options), reviews, problem reports,
 * favourites (dishes), the address book, favourite restaurants, notifications, push subscriptions, message threads, the courier ratings given, saved cards,
 * passkeys, team memberships, pending team invitations and the wallet statement as one
 * JSON document (accountExportSchema), written as it is read.
 */
export function exportData(actor: SessionUser, targetId: number, now = new Date()): AsyncGenerator<string> {
  assertSelf(actor, targetId, "ownData");
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
          include: reviewInclude,
        }),
      (review) => review.id,
    ),
    (review) => reviewToJson(withoutHiddenReply(review)),
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
  // The address book (at most 20 entries) and the favourite restaurants.
  yield `,"addresses":`;
  yield JSON.stringify((await db.address.findMany({ where: { userId }, orderBy: [{ isDefault: "desc" }, { id: "asc" }] })).map(addressToJson));
  yield `,"favouriteRestaurants":`;
  yield* jsonArray(
    byPages(
      (after) =>
        db.favoriteRestaurant.findMany({
          where: { userId, ...(after ? { restaurantId: { gt: after } } : {}) },
          orderBy: { restaurantId: "asc" },
          take: EXPORT_PAGE,
          select: { restaurantId: true, createdAt: true, restaurant: { select: { name: true } } },
        }),
      (row) => row.restaurantId,
    ),
    (row): AccountExportJson["favouriteRestaurants"][number] => ({ restaurantId: row.restaurantId, name: row.restaurant.name, favouredAt: row.createdAt.toISOString() }),
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
      // A link's sealed token and the security mails' addresses stay out (the export's payload shape has none of them).
      const { sealedToken: _sealed, toEmail: _to, newEmail: _new, ...payload } = JSON.parse(row.payload) as NotificationPayload;
      return {
        id: row.id,
        kind: row.kind,
        channel: row.channel as DataExportJson["notifications"][number]["channel"],
        state: row.state as DataExportJson["notifications"][number]["state"],
        // The export is English (the English catalogue's words, as the bell words them in English).
        ...describeRowIn("en", row.kind, payload),
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
  // The message threads they took part in: their orders' (as the customer) and their deliveries' (as the courier).
  yield `,"messages":`;
  yield* jsonArray(
    byPages(
      (after) =>
        db.deliveryMessage.findMany({
          where: { OR: [{ order: { userId } }, { courierId: userId }], ...(after ? { id: { gt: after } } : {}) },
          orderBy: { id: "asc" },
          take: EXPORT_PAGE,
          select: { id: true, orderId: true, senderId: true, senderRole: true, body: true, createdAt: true },
        }),
      (row) => row.id,
    ),
    (row): AccountExportJson["messages"][number] => ({
      orderId: row.orderId,
      sender: row.senderRole as MessageSender,
      mine: row.senderId === userId,
      body: row.body,
      at: row.createdAt.toISOString(),
    }),
  );
  // The courier ratings they gave, with their words.
  yield `,"courierRatings":`;
  yield* jsonArray(
    byPages(
      (after) => db.courierRating.findMany({ where: { customerId: userId, ...(after ? { id: { gt: after } } : {}) }, orderBy: { id: "asc" }, take: EXPORT_PAGE }),
      (row) => row.id,
    ),
    (row): AccountExportJson["courierRatings"][number] => ({
      orderId: row.orderId,
      thumbs: row.up ? "up" : "down",
      reason: row.reason as CourierRatingReason | null,
      note: row.note,
      at: row.updatedAt.toISOString(),
    }),
  );
  yield `,"courierOnboarding":${JSON.stringify(await courierOnboardingOf(userId))}`;
  yield* cardsKeysAndTeams(userId, user.email, now);
  yield `,"walletStatement":`;
  yield* jsonArray(ledgerRows(userId), (row) => ({
    id: row.id,
    kind: row.kind as DataExportJson["walletStatement"][number]["kind"],
    amount: minorToMajor(row.amountCents, row.currency),
    balanceAfter: minorToMajor(row.balanceAfterCents, row.currency),
    orderId: row.orderId,
    restaurantName: row.order?.restaurantName ?? null,
    createdAt: row.createdAt.toISOString(),
    currency: row.currency,
  }));
  yield "}\n";
}

/** The saved cards, passkeys (at most 20 each: never paged), team memberships and pending invitations to the account's address. */
async function* cardsKeysAndTeams(userId: number, email: string | null, now: Date): AsyncGenerator<string> {
  const cards = await db.paymentMethod.findMany({ where: { userId }, orderBy: { id: "asc" } });
  const savedCards: AccountExportJson["savedCards"] = cards.map((card) => ({
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    isDefault: card.isDefault,
    addedAt: card.createdAt.toISOString(),
  }));
  yield `,"savedCards":${JSON.stringify(savedCards)}`;
  const keys = await db.passkey.findMany({ where: { userId }, orderBy: { id: "asc" }, select: { name: true, createdAt: true, lastUsedAt: true } });
  const passkeys: AccountExportJson["passkeys"] = keys.map((key) => ({
    name: key.name,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  }));
  yield `,"passkeys":${JSON.stringify(passkeys)}`;
  const members = await db.restaurantMember.findMany({ where: { userId }, orderBy: { createdAt: "asc" }, include: { restaurant: { select: { name: true } } } });
  const teamMemberships: AccountExportJson["teamMemberships"] = members.map((row) => ({
    restaurantId: row.restaurantId,
    restaurantName: row.restaurant.name,
    role: row.role === "manager" ? "manager" : "staff",
    since: row.createdAt.toISOString(),
  }));
  yield `,"teamMemberships":${JSON.stringify(teamMemberships)}`;
  const waiting = email
    ? await db.restaurantInvitation.findMany({
        where: { email: email.toLowerCase(), acceptedAt: null, expiresAt: { gt: now } },
        orderBy: { id: "asc" },
        include: { restaurant: { select: { name: true } } },
      })
    : [];
  const invitations: AccountExportJson["invitations"] = waiting.map((row) => ({
    restaurantId: row.restaurantId,
    restaurantName: row.restaurant.name,
    role: row.role === "manager" ? "manager" : "staff",
    sentAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
  yield `,"invitations":${JSON.stringify(invitations)}`;
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

/** A courier's onboarding: the vehicle, the check's answer and their documents (at most 100, never the photos), or null. */
async function courierOnboardingOf(userId: number): Promise<AccountExportJson["courierOnboarding"]> {
  const profile = await db.courierProfile.findUnique({ where: { userId }, select: { vehicle: true, checkStatus: true } });
  if (!profile) return null;
  const documents = await db.courierDocument.findMany({ where: { userId }, orderBy: { id: "asc" }, take: 100 });
  type Onboarding = NonNullable<AccountExportJson["courierOnboarding"]>;
  return {
    vehicle: profile.vehicle as Onboarding["vehicle"],
    backgroundCheck: profile.checkStatus as Onboarding["backgroundCheck"],
    documents: documents.map((d) => ({
      kind: d.kind as Onboarding["documents"][number]["kind"],
      status: d.status as Onboarding["documents"][number]["status"],
      expiresOn: d.expiresOn,
      reason: d.reason,
      uploadedAt: d.createdAt.toISOString(),
    })),
  };
}
