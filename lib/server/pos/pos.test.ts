import { afterAll, describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";
import { SquareStandIn } from "./providers/square/testing/stand-in";

// The point-of-sale link with Square (docs/architecture/kitchen.md "The point of sale") against a
// local stand-in of Square's API and a real, migrated database: the seller's OAuth, the catalog
// imported through the menu file's preview and apply, sold-out kept by the sync and by signed
// webhooks (a forged one changes nothing), each accepted order pushed once under its idempotency
// key (a retry after a lost answer makes no second order), and a clean disconnect.

const standIn = new SquareStandIn("sq0idp-nosh-tests", "sq0csp-nosh-tests", "square-signature-key-for-tests");
const base = await standIn.start();
afterAll(() => standIn.stop());
setUpTestDatabase({
  POS: "square",
  SQUARE_APPLICATION_ID: standIn.applicationId,
  SQUARE_APPLICATION_SECRET: standIn.applicationSecret,
  SQUARE_WEBHOOK_SIGNATURE_KEY: standIn.signatureKey,
  SQUARE_API_BASE: base,
});
const m = {
  db: (await import("../platform/db")).db,
  config: (await import("../platform/config")).config,
  sql: await import("../platform/sql"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  fixtures: await import("../platform/testing/fixtures"),
  connection: await import("./connection"),
  menu: await import("./menu"),
  sync: await import("./sync"),
  push: await import("./push"),
};

// 19:10 in Los Angeles on Nov 25, 2026 (the test restaurant is open).
const T0 = new Date("2026-11-26T03:10:00Z");
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const WEBHOOK_PATH = "/api/pos/webhooks/square";

async function connected() {
  const { owner, restaurant, dish } = await m.fixtures.shop();
  const { url } = await m.connection.startPosConnect(owner, restaurant.id);
  const back = await standIn.authorize(url);
  expect(`${back.origin}${back.pathname}`).toBe(`${m.config().linkOrigin}/pos/connected`);
  const state = back.searchParams.get("state")!;
  expect(state.startsWith(`${restaurant.id}.`)).toBe(true);
  const input = { restaurantId: restaurant.id, code: back.searchParams.get("code")!, state };
  await m.connection.finishPosConnect(owner, "square", input);
  return { owner, restaurant, dish, input };
}

async function imported() {
  const world = await connected();
  await m.menu.applyPosImport(world.owner, world.restaurant.id);
  const dish = (name: string) =>
    m.db.menuItem.findFirstOrThrow({ where: { restaurantId: world.restaurant.id, name }, include: { optionGroups: { include: { options: true } } } });
  return { ...world, dish };
}

const soldOut = async (id: number) => (await m.db.menuItem.findUniqueOrThrow({ where: { id } })).soldOutUntil !== null;

describe("the point of sale (Square, through its stand-in)", () => {
  it("connects the seller by OAuth: the tokens kept sealed and never answered, a used code or someone else's state refused", async () => {
    const { owner, restaurant, input } = await connected();
    const row = await m.db.posConnection.findUniqueOrThrow({ where: { restaurantId: restaurant.id } });
    expect(row).toMatchObject({ provider: "square", merchantId: standIn.merchantId, locationId: standIn.locationId });
    expect(row.accessToken).not.toMatch(/^EAAA/);
    expect(row.refreshToken).not.toMatch(/^EQAA/);
    const status = await m.connection.posStatus(owner, restaurant.id);
    expect(status).toMatchObject({ provider: "square", connection: { merchantId: standIn.merchantId, dishes: 0 } });
    expect(JSON.stringify(status)).not.toMatch(/EAAA|EQAA/);

    // The code is spent: the same answer again is refused; another owner cannot use this state.
    await expect(m.connection.finishPosConnect(owner, "square", input)).rejects.toMatchObject({ code: "bad_request", errors: { code: expect.any(String) } });
    const other = await m.fixtures.shop("other");
    await expect(m.connection.finishPosConnect(other.owner, "square", input)).rejects.toMatchObject({ code: "not_found" });
    const elsewhere = { ...input, restaurantId: other.restaurant.id };
    await expect(m.connection.finishPosConnect(other.owner, "square", elsewhere)).rejects.toMatchObject({ code: "bad_request", errors: { state: expect.any(String) } });
  });

  it("previews the catalog as the menu file does, writing nothing, then imports sections, dishes, prices and options, keeping what Square does not know", async () => {
    const { owner, restaurant, dish } = await connected();
    // A dish already on the menu under a catalog name keeps its allergens and food type.
    await m.db.menuItem.update({
      where: { id: dish.id },
      data: { name: "Butter croissant", allergens: 1, foodType: "dessert", foodImage: "/images/food/breakfast-seeded-sourdough-bread.webp" },
    });
    const preview = await m.menu.previewPosImport(owner, restaurant.id);
    expect(preview.errors).toEqual([]);
    expect(preview.created.map((row) => row.name)).toEqual(["Latte (Small)", "Latte (Large)"]);
    expect(preview.updated.map((row) => row.name)).toEqual(["Butter croissant"]);
    expect(preview.sectionsCreated).toEqual(["Coffee", "Bakery"]);
    expect(await m.db.menuItem.count({ where: { restaurantId: restaurant.id } })).toBe(1);
    // Every page of ListCatalog was read (two objects a page).
    expect(standIn.requests.filter((route) => route === "GET /v2/catalog/list").length).toBeGreaterThanOrEqual(3);

    const applied = await m.menu.applyPosImport(owner, restaurant.id);
    expect(applied.created).toHaveLength(2);
    const latte = await m.db.menuItem.findFirstOrThrow({
      where: { restaurantId: restaurant.id, name: "Latte (Large)" },
      include: { section: true, optionGroups: { include: { options: { orderBy: { position: "asc" } } } } },
    });
    expect(latte).toMatchObject({ priceCents: 525, description: "Double shot, steamed milk", section: { name: "Coffee" } });
    expect(latte.optionGroups).toMatchObject([
      { name: "Milk", minChoices: 1, maxChoices: 1, options: [{ name: "Oat milk", priceDeltaCents: 75 }, { name: "Whole milk" }] },
    ]);
    expect(await m.db.menuItem.findUniqueOrThrow({ where: { id: dish.id } })).toMatchObject({ priceCents: 375, allergens: 1, foodType: "dessert" });
    expect(await m.db.posLink.count({ where: { restaurantId: restaurant.id } })).toBe(3);
  });

  it("fetches a new dish's photo, and shows a sold-out marked in Square on the next sync, its return, and an inventory count at zero", async () => {
    const { restaurant, dish } = await imported();
    const croissant = await dish("Butter croissant");
    // A new dish's photo was fetched from Square's image URL and stored as an upload is.
    expect(croissant.foodImage).toMatch(/^\/uploads\//);
    expect(standIn.requests).toContain("GET /files/croissant.webp");
    const connection = await m.db.posConnection.findUniqueOrThrow({ where: { restaurantId: restaurant.id } });
    standIn.markSoldOut("VAR-CROISSANT", true);
    await m.sync.syncConnection(connection.id, later(1));
    expect(await soldOut(croissant.id)).toBe(true);
    standIn.markSoldOut("VAR-CROISSANT", false);
    standIn.counts.set("VAR-LATTE-S", 0);
    await m.sync.syncConnection(connection.id, later(2));
    expect(await soldOut(croissant.id)).toBe(false);
    expect(await soldOut((await dish("Latte (Small)")).id)).toBe(true);
    standIn.counts.delete("VAR-LATTE-S");
    expect((await m.db.posConnection.findUniqueOrThrow({ where: { id: connection.id } })).lastSyncAt).toEqual(later(2));
  });

  it("applies a signed inventory webhook at once, and a forged one changes nothing", async () => {
    const { dish } = await imported();
    const large = await dish("Latte (Large)");
    const url = `${m.config().linkOrigin}${WEBHOOK_PATH}`;
    const counts = {
      type: "inventory_counts",
      object: { inventory_counts: [{ catalog_object_id: "VAR-LATTE-L", state: "IN_STOCK", location_id: standIn.locationId, quantity: "0" }] },
    };

    const forged = standIn.event(url, "inventory.count.updated", counts, "not-the-signature-key");
    await expect(m.sync.receivePosWebhook("square", WEBHOOK_PATH, forged.body, forged.headers, later(1))).rejects.toMatchObject({ code: "forbidden" });
    const unsigned = standIn.event(url, "inventory.count.updated", counts);
    unsigned.headers.delete("x-square-hmacsha256-signature");
    await expect(m.sync.receivePosWebhook("square", WEBHOOK_PATH, unsigned.body, unsigned.headers, later(1))).rejects.toMatchObject({ code: "forbidden" });
    expect(await soldOut(large.id)).toBe(false);

    const signed = standIn.event(url, "inventory.count.updated", counts);
    await m.sync.receivePosWebhook("square", WEBHOOK_PATH, signed.body, signed.headers, later(1));
    expect(await soldOut(large.id)).toBe(true);
  });

  it("pushes an accepted order into Square once: a retry after a lost answer sends the same idempotency key and makes no second order", async () => {
    const { owner, restaurant, dish } = await imported();
    const latte = await dish("Latte (Small)");
    const oat = latte.optionGroups[0]!.options.find((option) => option.name === "Oat milk")!;
    const customer: User = await m.fixtures.customer("ada", { walletCents: 100_000 });
    const input = placeOrderSchema.parse({
      restaurantId: restaurant.id,
      items: [{ menuItemId: latte.id, quantity: 2, options: [oat.id] }],
      submit: { deliveryOption: "pickup", tip: 0, paymentMethod: "wallet" },
    });
    const order = await m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, customer, { cart: input }, input.submit!, paymentFor(input.submit!), T0));
    await m.accept.acceptOrder(owner, restaurant.id, order.id, 15, T0);
    const before = standIn.orders.length;

    standIn.loseNextOrderAnswers = 1;
    expect(await m.push.pushAcceptedOrders(later(2))).toEqual({ pushed: 0, retrying: 1 });
    expect(standIn.orders.length).toBe(before + 1);
    const row = await m.db.posOrder.findUniqueOrThrow({ where: { orderId: order.id } });
    expect(row).toMatchObject({ state: "pending", attempts: 1, idempotencyKey: `nosh-order-${order.id}` });

    expect(await m.push.pushAcceptedOrders(later(4))).toEqual({ pushed: 1, retrying: 0 });
    expect(await m.push.pushAcceptedOrders(later(6))).toEqual({ pushed: 0, retrying: 0 });
    expect(standIn.orders.length).toBe(before + 1);
    const made = standIn.orders.at(-1)!;
    expect(await m.db.posOrder.findUniqueOrThrow({ where: { orderId: order.id } })).toMatchObject({ state: "pushed", externalId: made.id, attempts: 2 });
    expect(made.body.order).toMatchObject({
      location_id: standIn.locationId,
      reference_id: `Nosh #${order.id}`,
      line_items: [{ catalog_object_id: "VAR-LATTE-S", quantity: "2", modifiers: [{ catalog_object_id: "MOD-OAT" }] }],
      fulfillments: [{ type: "PICKUP" }],
    });
  });

  it("disconnects cleanly: the token revoked, no more syncs or pushes, the menu kept", async () => {
    const { owner, restaurant } = await imported();
    const dishes = await m.db.menuItem.count({ where: { restaurantId: restaurant.id } });
    const revoked = standIn.revoked.length;
    await m.connection.disconnectPos(owner, restaurant.id);
    expect(standIn.revoked.length).toBe(revoked + 1);
    expect(await m.db.posConnection.count({ where: { restaurantId: restaurant.id } })).toBe(0);
    expect(await m.db.posLink.count({ where: { restaurantId: restaurant.id } })).toBe(0);
    expect(await m.db.menuItem.count({ where: { restaurantId: restaurant.id } })).toBe(dishes);
    await expect(m.menu.previewPosImport(owner, restaurant.id)).rejects.toMatchObject({ code: "conflict" });
    expect(await m.connection.posStatus(owner, restaurant.id)).toMatchObject({ provider: "square", connection: null });
  });
});
