// Writes the demo data of prisma/seed-data.ts into an empty database.
// Idempotent (does nothing once any user exists) and deterministic apart from the reference
// time (orders are "N days before now") and the bcrypt salt.

import bcrypt from "bcryptjs";
import { priceOrder, type PriceBreakdown } from "../lib/shared/money/pricing";
import type { PrismaClient } from "../lib/generated/prisma/client";
import { syncIdSequences } from "../lib/server/platform/queries/sequences";
import { SIGNUP_WALLET_CENTS } from "../lib/shared/constants";
import { DEFAULT_DELIVERY_RADIUS_KM } from "../lib/shared/delivery/delivery";
import { DEMO_PASSWORD, demoOpeningHours, demoTaxRates, demoUsers, likes, pastOrders, restaurants, walletTopups, type PastOrderSeed } from "./seed-data";
import { demoDishOptions } from "./seed-options";
import { demoDishAllergens } from "./seed-allergens";
import { LEDGER_BACKFILL } from "./ledger-backfill";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export type OrderTotals = PriceBreakdown;

/** Price breakdown of a seeded order, computed the way checkout computes it. */
export function orderTotals(order: PastOrderSeed): OrderTotals {
  const menu = restaurants[order.restaurantIndex]!.menu;
  const subtotalCents = order.items.reduce((sum, line) => sum + menu[line.menuIndex]!.priceCents * line.quantity, 0);
  return priceOrder(subtotalCents, order.deliveryOption, { percent: order.tipPercent });
}

export interface LedgerEntry {
  userId: number;
  kind: "signup" | "topup" | "payment" | "refund";
  amountCents: number;
  balanceAfterCents: number;
  /** Index into pastOrders, for payments and refunds. */
  orderIndex: number | null;
  /** Days before the seed time (fractions allowed). */
  daysAgo: number;
}

/** Minutes from placing an order to its closing (delivered, or canceled by the restaurant). */
export function minutesToClose(order: PastOrderSeed): number {
  return order.status === "Canceled" ? 6 : restaurants[order.restaurantIndex]!.deliveryTime + 7;
}

/**
 * Every wallet movement of the demo users in chronological order, with running balances:
 * the signup credit, top-ups, wallet payments and refunds of canceled wallet orders.
 */
export function walletLedger(): LedgerEntry[] {
  const events: Omit<LedgerEntry, "balanceAfterCents">[] = [];
  for (const user of demoUsers) {
    events.push({ userId: user.id, kind: "signup", amountCents: SIGNUP_WALLET_CENTS, orderIndex: null, daysAgo: user.createdDaysAgo });
  }
  for (const topup of walletTopups) {
    events.push({ userId: topup.userId, kind: "topup", amountCents: topup.amountCents, orderIndex: null, daysAgo: topup.daysAgo });
  }
  pastOrders.forEach((order, orderIndex) => {
    if (order.paymentMethod !== "wallet") return;
    const { totalCents } = orderTotals(order);
    events.push({ userId: order.userId, kind: "payment", amountCents: -totalCents, orderIndex, daysAgo: order.daysAgo });
    if (order.status === "Canceled") {
      const refundDaysAgo = order.daysAgo - minutesToClose(order) / (24 * 60);
      events.push({ userId: order.userId, kind: "refund", amountCents: totalCents, orderIndex, daysAgo: refundDaysAgo });
    }
  });
  // Oldest first; ties keep insertion order (Array.prototype.sort is stable).
  events.sort((a, b) => b.daysAgo - a.daysAgo);
  const balances = new Map<number, number>();
  return events.map((event) => {
    const balanceAfterCents = (balances.get(event.userId) ?? 0) + event.amountCents;
    if (balanceAfterCents < 0) throw new Error(`seed: wallet of user ${event.userId} would go negative`);
    balances.set(event.userId, balanceAfterCents);
    return { ...event, balanceAfterCents };
  });
}

/** Final wallet balance of each demo user after walletLedger(). */
export function finalWalletBalances(): Map<number, number> {
  const balances = new Map<number, number>();
  for (const entry of walletLedger()) balances.set(entry.userId, entry.balanceAfterCents);
  return balances;
}

/**
 * Seeds the demo accounts, restaurants, menus, order history, reviews, likes and wallet ledger.
 * Returns { seeded: false } without writing anything when the database already has a user.
 */
export async function seedDatabase(db: PrismaClient, opts?: { passwordHash?: string }): Promise<{ seeded: boolean }> {
  if ((await db.user.count()) > 0) return { seeded: false };

  const passwordHash = opts?.passwordHash ?? (await bcrypt.hash(DEMO_PASSWORD, 10));
  const nowMs = Date.now();
  const at = (daysAgo: number) => new Date(nowMs - Math.round(daysAgo * DAY));

  // Explicit ids everywhere: rows reference each other without a read-back, and a re-seed of an
  // empty database produces the same ids.
  const restaurantId = (index: number) => index + 1;
  const menuItemIds: number[][] = [];
  let nextMenuItemId = 1;
  for (const r of restaurants) menuItemIds.push(r.menu.map(() => nextMenuItemId++));
  const menuItemId = (rIndex: number, mIndex: number) => menuItemIds[rIndex]![mIndex]!;

  // Orders get ids in the order they were placed.
  const orderIndexesByTime = pastOrders.map((_, i) => i).sort((a, b) => pastOrders[b]!.daysAgo - pastOrders[a]!.daysAgo);
  const orderIdByIndex = new Map<number, number>();
  orderIndexesByTime.forEach((orderIndex, position) => orderIdByIndex.set(orderIndex, position + 1));

  const ratingSums = restaurants.map(() => 0);
  const reviewCounts = restaurants.map(() => 0);
  for (const order of pastOrders) {
    if (!order.review) continue;
    ratingSums[order.restaurantIndex]! += order.review.restaurantRating;
    reviewCounts[order.restaurantIndex]! += 1;
  }
  const likeCounts = new Map<number, number>();
  for (const l of likes) {
    const id = menuItemId(l.restaurantIndex, l.menuIndex);
    likeCounts.set(id, (likeCounts.get(id) ?? 0) + 1);
  }

  const seeded = await db.$transaction(
    async (tx) => {
      // Re-check inside the transaction: another process may have seeded meanwhile.
      if ((await tx.user.count()) > 0) return false;

      await tx.user.createMany({
        data: demoUsers.map((u) => ({
          id: u.id,
          firstName: u.firstName,
          lastName: u.lastName,
          email: u.email,
          phoneNumber: u.phoneNumber,
          address: u.address,
          city: u.city,
          state: u.state,
          zip: u.zip,
          lat: u.lat,
          lng: u.lng,
          courier: u.courier,
          courierStatus: u.courier ? "approved" : null,
          operator: u.operator ?? false,
          restaurantOwner: u.restaurantOwner,
          demoAccount: true,
          emailVerifiedAt: at(u.createdDaysAgo),
          deliveryInstructions: u.deliveryInstructions,
          passwordHash,
          createdAt: at(u.createdDaysAgo),
          updatedAt: at(u.createdDaysAgo),
        })),
      });

      // Each demo account's address is its address book's default entry (docs/architecture/places.md "Address book").
      await tx.address.createMany({
        data: demoUsers.map((u) => ({
          userId: u.id,
          label: "Home",
          address: u.address,
          city: u.city,
          state: u.state,
          zip: u.zip,
          lat: u.lat,
          lng: u.lng,
          pinned: true,
          precision: "rooftop",
          isDefault: true,
          instructions: u.deliveryInstructions,
          createdAt: at(u.createdDaysAgo),
          updatedAt: at(u.createdDaysAgo),
        })),
      });

      await tx.restaurant.createMany({
        data: restaurants.map((r, i) => {
          const createdAt = at(400 - i * 7);
          return {
            id: restaurantId(i),
            ownerId: r.ownerId,
            name: r.name,
            description: r.description,
            address: r.address,
            city: r.city,
            state: r.state,
            zip: r.zip,
            lat: r.lat,
            lng: r.lng,
            deliveryRadiusKm: r.deliveryRadiusKm ?? DEFAULT_DELIVERY_RADIUS_KM,
            cuisineType: r.cuisineType,
            priceLevel: r.priceLevel,
            deliveryFeeCents: r.deliveryFeeCents,
            deliveryTime: r.deliveryTime,
            businessHours: r.businessHours,
            closingTime: r.closingTime,
            timeZone: "America/Los_Angeles",
            hours: JSON.stringify(demoOpeningHours(i, r)),
            closures: "[]",
            servicing: true,
            storeImage: r.storeImage,
            ratingSum: ratingSums[i]!,
            numReviews: reviewCounts[i]!,
            createdAt,
            updatedAt: createdAt,
          };
        }),
      });

      await tx.menuItem.createMany({
        data: restaurants.flatMap((r, i) => {
          const createdAt = at(400 - i * 7);
          return r.menu.map((m, j) => ({
            id: menuItemId(i, j),
            restaurantId: restaurantId(i),
            name: m.name,
            description: m.description,
            priceCents: m.priceCents,
            foodImage: m.foodImage,
            foodType: m.foodType,
            likeCount: likeCounts.get(menuItemId(i, j)) ?? 0,
            allowsInstructions: demoDishOptions(r.cuisineType, m).allowsInstructions,
            ...demoDishAllergens(r.cuisineType, m),
            createdAt,
            updatedAt: createdAt,
          }));
        }),
      });

      const { groupRows, optionRows } = demoOptionRows(menuItemId);
      await tx.optionGroup.createMany({ data: groupRows });
      await tx.menuOption.createMany({ data: optionRows });

      await tx.like.createMany({
        data: likes.map((l, i) => ({
          userId: l.userId,
          menuItemId: menuItemId(l.restaurantIndex, l.menuIndex),
          createdAt: at(40 - i * 1.5),
        })),
      });

      const orderRows = [];
      const eventRows: { orderId: number; userId: number; restaurantId: number; stage: string; at: Date }[] = [];
      const orderItemRows = [];
      const reviewRows = [];
      let nextOrderItemId = 1;
      let nextReviewId = 1;
      for (const orderIndex of orderIndexesByTime) {
        const order = pastOrders[orderIndex]!;
        const restaurant = restaurants[order.restaurantIndex]!;
        const id = orderIdByIndex.get(orderIndex)!;
        const createdAt = at(order.daysAgo);
        const closedAt = order.status === "Submitted" ? null : new Date(createdAt.getTime() + minutesToClose(order) * MINUTE);
        orderRows.push({
          id,
          userId: order.userId,
          restaurantId: restaurantId(order.restaurantIndex),
          restaurantName: restaurant.name,
          restaurantImage: restaurant.storeImage,
          ...orderTotals(order),
          deliveryOption: order.deliveryOption,
          paymentMethod: order.paymentMethod,
          createdAt,
          updatedAt: closedAt ?? createdAt,
          submittedAt: createdAt,
          closedAt,
          ...seedStage(order.status, createdAt),
        });
        eventRows.push(...seedTimeline(id, order.userId, restaurantId(order.restaurantIndex), order.status, createdAt, closedAt));
        for (const line of order.items) {
          const item = restaurant.menu[line.menuIndex]!;
          orderItemRows.push({
            id: nextOrderItemId++,
            orderId: id,
            menuItemId: menuItemId(order.restaurantIndex, line.menuIndex),
            name: item.name,
            priceCents: item.priceCents,
            restaurantId: restaurantId(order.restaurantIndex),
            quantity: line.quantity,
          });
        }
        if (order.review) {
          if (order.status === "Canceled") throw new Error("seed: a canceled order cannot be reviewed");
          const base = closedAt ?? createdAt;
          const reviewedAt = new Date(Math.min(base.getTime() + 3 * 60 * MINUTE, nowMs));
          reviewRows.push({
            id: nextReviewId++,
            userId: order.userId,
            orderId: id,
            restaurantId: restaurantId(order.restaurantIndex),
            review: order.review.review,
            orderRating: order.review.orderRating,
            restaurantRating: order.review.restaurantRating,
            createdAt: reviewedAt,
            updatedAt: reviewedAt,
          });
        }
      }
      await tx.order.createMany({ data: orderRows });
      await tx.orderEvent.createMany({ data: eventRows.sort((a, b) => a.at.getTime() - b.at.getTime()) });
      await tx.orderItem.createMany({ data: orderItemRows });
      await tx.review.createMany({ data: reviewRows });

      await tx.walletTransaction.createMany({
        data: walletLedger().map((entry, i) => ({
          id: i + 1,
          userId: entry.userId,
          kind: entry.kind,
          amountCents: entry.amountCents,
          balanceAfterCents: entry.balanceAfterCents,
          orderId: entry.orderIndex === null ? null : orderIdByIndex.get(entry.orderIndex)!,
          createdAt: at(entry.daysAgo),
        })),
      });
      // The wallet rows above, as ledger entries (docs/architecture/ledger.md).
      for (const statement of LEDGER_BACKFILL) await tx.$executeRawUnsafe(statement);
      // Demo payees' payout accounts: the test provider's verified test bank
      // account (000123456789) for every demo restaurant and courier, so the demo's payouts complete.
      const payees = [
        ...restaurants.map((r, i) => ({ account: `restaurant:${restaurantId(i)}`, holder: demoUsers.find((u) => u.id === r.ownerId)?.firstName ?? r.name })),
        ...demoUsers.filter((u) => u.courier).map((u) => ({ account: `courier:${u.id}`, holder: `${u.firstName} ${u.lastName}` })),
      ].map((payee) => ({ ...payee, id: `acct_demo_${payee.account.replace(":", "_")}` }));
      await tx.testProviderPayoutAccount.createMany({
        data: payees.map((p) => ({
          id: p.id,
          behavior: "verifies",
          holderName: p.holder,
          routingNumber: "110000000",
          bankLast4: "6789",
          status: "verified",
          payoutsEnabled: true,
        })),
      });
      await tx.payoutAccount.createMany({
        data: payees.map((p) => ({
          account: p.account,
          provider: "test",
          providerAccountId: p.id,
          status: "verified",
          payoutsEnabled: true,
          holderName: p.holder,
          bankLast4: "6789",
          routingNumber: "110000000",
        })),
      });
      // Demo sales tax rates, only when asked (NOSH_DEMO_TAX=on): they add tax to every demo restaurant's total.
      if (process.env.NOSH_DEMO_TAX === "on") await tx.taxRate.createMany({ data: [...demoTaxRates] });

      return true;
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
  if (seeded) await syncIdSequences(db); // the rows above carry explicit ids

  return { seeded };
}

// The live lifecycle of the demo's past orders (docs/architecture/order-stages.md, "Order stages"): closed
// orders were delivered or canceled by their customer; the one still open is on its way, so the
// demo shows the live banner and the order page's timeline.
const ON_ITS_WAY = { acceptedAfter: 3, prepMinutes: 25, outAfter: 30 };

function seedStage(status: string, createdAt: Date) {
  if (status === "Completed") return { stage: "delivered" };
  if (status === "Canceled") return { stage: "canceled" };
  const acceptedAt = new Date(createdAt.getTime() + ON_ITS_WAY.acceptedAfter * MINUTE);
  return {
    stage: "out_for_delivery",
    prepMinutes: ON_ITS_WAY.prepMinutes,
    acceptedAt,
    estimatedReadyAt: new Date(acceptedAt.getTime() + ON_ITS_WAY.prepMinutes * MINUTE),
  };
}

function seedTimeline(orderId: number, userId: number, restaurantId: number, status: string, createdAt: Date, closedAt: Date | null) {
  const step = (stage: string, at: Date) => ({ orderId, userId, restaurantId, stage, at });
  if (status === "Submitted") {
    const accepted = new Date(createdAt.getTime() + ON_ITS_WAY.acceptedAfter * MINUTE);
    const ready = new Date(accepted.getTime() + ON_ITS_WAY.prepMinutes * MINUTE);
    const out = new Date(createdAt.getTime() + ON_ITS_WAY.outAfter * MINUTE);
    return [step("placed", createdAt), step("accepted", accepted), step("ready", ready), step("out_for_delivery", out)];
  }
  return [step("placed", createdAt), step(status === "Completed" ? "delivered" : "canceled", closedAt!)];
}

/** The demo dishes' option groups and options (prisma/seed-options.ts), with explicit ids. */
function demoOptionRows(menuItemId: (rIndex: number, mIndex: number) => number) {
  const groupRows: { id: number; menuItemId: number; name: string; minChoices: number; maxChoices: number; position: number }[] = [];
  const optionRows: { id: number; groupId: number; name: string; priceDeltaCents: number; allergens: number; removesLabels: number; position: number }[] = [];
  restaurants.forEach((r, i) =>
    r.menu.forEach((dish, j) => {
      demoDishOptions(r.cuisineType, dish).optionGroups.forEach((group, position) => {
        const groupId = groupRows.length + 1;
        groupRows.push({ id: groupId, menuItemId: menuItemId(i, j), name: group.name, minChoices: group.minChoices, maxChoices: group.maxChoices, position });
        group.options.forEach((option, index) => optionRows.push({ id: optionRows.length + 1, groupId, ...option, position: index }));
      });
    }),
  );
  return { groupRows, optionRows };
}
