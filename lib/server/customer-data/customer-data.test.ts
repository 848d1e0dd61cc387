import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { dataExportSchema } from "@/lib/contract/accounts/data-schemas";
import { accountExportSchema } from "@/lib/contract/accounts/privacy-schemas";
import { signupSchema } from "@/lib/contract/accounts/auth-rules";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { setUpTestDatabase, restaurantInput, walletCentsOf } from "../platform/testing/db";
import { statusOf } from "@/lib/shared/orders/order-stages";
import { paymentFor } from "../orders/testing/payment";

// A customer's own data against a real, migrated database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL): the export's contents, the statement CSV against the ledger, and closing
// the account: what goes, what stays, the ledger still adding up, and the refusals changing nothing.

setUpTestDatabase({ SIGNUP_MAX_PER_ADDRESS: "1000", HASH_THREADS: "2", REVIEWS_PER_DAY: "100" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  account: { ...(await import("./own-data")), ...(await import("./export")), ...(await import("./wallet-statement")), ...(await import("./delete-account")) },
  users: await import("../accounts/users"),
  manage: await import("../restaurants/manage"),
  reviews: await import("../reviews/reviews"),
  menuItems: await import("../menu/menu-items"),
  wallet: await import("../wallet/wallet"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  complete: await import("../orders/complete"),
  groups: { ...(await import("../group-orders/create")), ...(await import("../group-orders/join")) },
  pictures: await import("../platform/picture-store"),
  messages: await import("../dispatch/messages"),
  dropoff: await import("../courier-steps/dropoff-photo"),
};
const db = m.db;
const PASSWORD = "correct horse battery";
const ADDRESS = "203.0.113.7";
const standardWallet = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
const standardCard = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card" });

async function signUp(email = `del${Math.random()}@example.com`): Promise<User> {
  return (await m.users.signUp(
    signupSchema.parse({ name: "Dana Deleter", credential: email, password: PASSWORD, phoneNumber: undefined }),
    null,
    "test",
  )) as unknown as User;
}
const fresh = (user: User) => db.user.findUniqueOrThrow({ where: { id: user.id } });

async function shop(name = "Lantern Noodle House") {
  const owner = await db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput(name));
  const dish = await db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  return { owner, restaurant, dish };
}
type Shop = Awaited<ReturnType<typeof shop>>;

const cart = (user: User, s: Shop) =>
  db.$transaction((tx) => m.create.createOrder(m.sql.sqlOf(tx), user, { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }] }));
async function place(user: User, s: Shop) {
  const open = await cart(user, s);
  return db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: open.id }, standardWallet, paymentFor(standardWallet)));
}
/** A placed, delivered order (no longer under way), reviewed with `rating`. */
async function deliveredAndReviewed(user: User, s: Shop, rating: number) {
  const order = await place(await fresh(user), s);
  await m.complete.closeIncomingOrder(s.owner, s.restaurant.id, order.id, "Completed");
  await m.reviews.createReview(await fresh(user), {
    orderId: order.id,
    restaurantId: s.restaurant.id,
    review: "Lovely broth",
    orderRating: rating,
    restaurantRating: rating,
  });
  return order;
}

/** The money invariants of e2e/support/reliability.ts moneyProblems, read through Prisma. */
async function ledgerProblems(): Promise<string[]> {
  const problems: string[] = [];
  for (const user of await db.user.findMany({ select: { id: true } })) {
    const balance = await walletCentsOf(db, user.id);
    const sum = (await db.walletTransaction.aggregate({ where: { userId: user.id }, _sum: { amountCents: true } }))._sum.amountCents ?? 0;
    if (sum !== balance || balance < 0) problems.push(`user ${user.id}: balance ${balance}, ledger ${sum}`);
  }
  for (const order of await db.order.findMany({ include: { walletTransactions: true } })) {
    const net = order.walletTransactions.reduce((total, row) => total + row.amountCents, 0);
    const expected = order.paymentMethod === "wallet" && (statusOf(order.stage) === "Submitted" || statusOf(order.stage) === "Completed") ? -order.totalCents : 0;
    if (net !== expected) problems.push(`order ${order.id}: ${statusOf(order.stage)}, net ${net}, expected ${expected}`);
  }
  return problems;
}

async function collect(chunks: AsyncGenerator<string>): Promise<string> {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe("download my data", () => {
  it("holds the profile, every order with its lines, reviews, favourites and the statement, in the contract's shape", async () => {
    const s = await shop();
    const user = await signUp();
    const order = await deliveredAndReviewed(user, s, 4);
    await cart(await fresh(user), s);
    await m.menuItems.toggleLike(user.id, s.dish.id);
    const before = await fresh(user);
    // More orders than a page, so the export reads several pages.
    const extra = m.account.EXPORT_PAGE + 5;
    await db.order.createMany({ data: Array.from({ length: extra }, () => ({ userId: user.id, restaurantName: "History Diner", stage: "canceled" })) });

    const text = await collect(m.account.exportData(before, user.id));
    const data = dataExportSchema.parse(JSON.parse(text));
    expect(data.profile).toMatchObject({ id: user.id, firstName: "Dana", email: before.email, wallet: (await walletCentsOf(db, user.id)) / 100 });
    expect(data.orders).toHaveLength(2 + extra);
    expect(data.orders[0]).toMatchObject({ id: order.id, status: "Completed", orderItems: [{ name: "Dumplings", quantity: 2 }] });
    expect(data.orders.map((o) => o.id)).toEqual([...data.orders.map((o) => o.id)].sort((a, b) => a - b));
    expect(data.reviews).toEqual([expect.objectContaining({ orderId: order.id, review: "Lovely broth", restaurantRating: 4 })]);
    expect(data.favourites).toEqual([expect.objectContaining({ menuItemId: s.dish.id, name: "Dumplings", restaurantName: "Lantern Noodle House" })]);
    const ledger = await db.walletTransaction.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
    expect(data.walletStatement.map((row) => [row.id, Math.round(row.amount * 100), Math.round(row.balanceAfter * 100)])).toEqual(
      ledger.map((row) => [row.id, row.amountCents, row.balanceAfterCents]),
    );
  }, 60_000); // the first test pays for the first hashes and the app's first imports

  it("holds every notification (in the app, mail and push) and every device push is on for", async () => {
    const s = await shop();
    const user = await signUp();
    const order = await place(await fresh(user), s);
    await db.pushSubscription.create({ data: { userId: user.id, endpoint: "https://push.example.com/device-1", p256dh: "k", auth: "a", userAgent: "Firefox on Linux" } });
    const data = dataExportSchema.parse(JSON.parse(await collect(m.account.exportData(await fresh(user), user.id))));
    const rows = await db.notification.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
    expect(rows.length).toBeGreaterThan(2);
    expect(data.notifications.map((n) => [n.id, n.kind, n.channel, n.state])).toEqual(rows.map((row) => [row.id, row.kind, row.channel, row.state]));
    expect(data.notifications).toContainEqual(
      expect.objectContaining({ kind: "order_receipt", channel: "email", href: `/orders/${order.id}`, payload: expect.objectContaining({ orderId: order.id }) }),
    );
    expect(data.pushSubscriptions).toEqual([expect.objectContaining({ endpoint: "https://push.example.com/device-1", userAgent: "Firefox on Linux" })]);
    // Nobody else's.
    expect(JSON.stringify(data.notifications)).not.toContain(`"userId"`);
    expect(await db.notification.count({ where: { userId: s.owner.id } })).toBeGreaterThan(0);
    expect(data.notifications.every((n) => rows.some((row) => row.id === n.id))).toBe(true);
  });

  it("is the caller's own only", async () => {
    const [me, other] = [await signUp(), await signUp()];
    expect(() => m.account.exportData(me, other.id)).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => m.account.walletStatementCsv(me, other.id)).toThrow(expect.objectContaining({ status: 403 }));
  });
});

describe("wallet statement CSV", () => {
  it("has one row per ledger row, oldest first, with the running balance", async () => {
    const s = await shop('=HYPERLINK("http://evil")');
    const user = await signUp();
    await m.wallet.topUpWallet(await fresh(user), user.id, 1_234);
    const order = await place(await fresh(user), s);
    const text = await collect(m.account.walletStatementCsv(await fresh(user), user.id));
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("Date,Description,Amount,Balance");
    const ledger = await db.walletTransaction.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
    expect(lines).toHaveLength(ledger.length + 1);
    expect(lines[1]).toMatch(/^"\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M",Sign-up credit,999.99,999.99$/);
    expect(lines[2]).toMatch(/,Added funds,12.34,1012.33$/);
    // The cell starts with its kind, so a restaurant named like a formula is only text (quoted for its comma-free quotes).
    expect(lines[3]).toContain(`"Payment · Order #${order.id} · =HYPERLINK(""http://evil"")"`);
    expect(lines[3]).toMatch(new RegExp(`,${(-order.totalCents / 100).toFixed(2)},${(ledger[2]!.balanceAfterCents / 100).toFixed(2)}$`));
  });

  it("writes every amount and balance one way: two decimals, no currency sign, a minus for money out", async () => {
    const user = await signUp();
    await m.wallet.topUpWallet(await fresh(user), user.id, 2_000);
    await m.wallet.topUpWallet(await fresh(user), user.id, 1_230);
    const text = await collect(m.account.walletStatementCsv(await fresh(user), user.id));
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines.slice(1).map((line) => line.split(",").slice(-2).join(","))).toEqual(["999.99,999.99", "20.00,1019.99", "12.30,1032.29"]);
    for (const line of lines.slice(1)) expect(line).toMatch(/,-?\d+\.\d{2},-?\d+\.\d{2}$/);
  });
});

describe("delete my account", () => {
  it("removes the profile, reviews (ratings recomputed) and favourites; keeps orders and the ledger; frees the email", async () => {
    const s = await shop();
    const stays = await signUp();
    await deliveredAndReviewed(stays, s, 2);
    const email = `leaver${Date.now()}@example.com`;
    const user = await signUp(email);
    await db.user.update({ where: { id: user.id }, data: { address: "1 Main St", city: "Oakland", state: "CA", zip: "94607", phoneNumber: "4155550123" } });
    await db.address.create({ data: { userId: user.id, label: "Work", address: "5 Work St", city: "Oakland", state: "CA", zip: "94607", lat: 37.8, lng: -122.3 } });
    const order = await deliveredAndReviewed(user, s, 5);
    expect(await db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ deliveryStreet: "1 Main St", deliveryZip: "94607" });
    await m.menuItems.toggleLike(user.id, s.dish.id);
    await cart(await fresh(user), s);
    const ledgerBefore = await db.walletTransaction.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
    const before = await fresh(user);
    const walletBefore = await walletCentsOf(db, user.id);
    expect(await db.restaurant.findUniqueOrThrow({ where: { id: s.restaurant.id } })).toMatchObject({ ratingSum: 7, numReviews: 2 });

    await m.account.deleteAccount(before, user.id, { password: PASSWORD }, ADDRESS);

    const after = await fresh(user);
    expect(after).toMatchObject({ firstName: "Deleted customer", lastName: null, phoneNumber: null, address: null, zip: null, profileImage: null });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id }, omit: { passwordHash: false } })).passwordHash).toBeNull();
    expect(after.email).not.toBe(email);
    expect(after.sessionVersion).toBe(before.sessionVersion + 1);
    expect(await walletCentsOf(db, user.id)).toBe(walletBefore);
    expect(await db.restaurant.findUniqueOrThrow({ where: { id: s.restaurant.id } })).toMatchObject({ ratingSum: 2, numReviews: 1 });
    expect(await db.review.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.like.count({ where: { userId: user.id } })).toBe(0);
    expect((await db.menuItem.findUniqueOrThrow({ where: { id: s.dish.id } })).likeCount).toBe(0);
    expect(await db.order.findMany({ where: { userId: user.id }, select: { id: true, stage: true } })).toEqual([{ id: order.id, stage: "delivered" }]);
    // The address book, and the order's copy of where it went (docs/architecture/places.md "Address book").
    expect(await db.address.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      deliveryStreet: null,
      deliveryZip: null,
      deliveryLat: null,
      deliveryNote: null,
    });
    expect(await db.walletTransaction.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } })).toEqual(ledgerBefore);
    expect(await ledgerProblems()).toEqual([]);
    // The email signs up again, as a new account.
    const again = await signUp(email);
    expect(again.id).not.toBe(user.id);
  });

  it("leaves no personal row or file: notifications, choices, push subscriptions, coordinates, problem photos and words, positions, drop-off addresses", async () => {
    const s = await shop();
    const user = await signUp();
    const order = await place(await fresh(user), s);
    // Saved after the order: Oakland is beyond the test restaurant's delivery radius.
    await db.user.update({
      where: { id: user.id },
      data: { address: "1 Main St", zip: "94607", lat: 37.8044, lng: -122.2712, courier: true, courierStatus: "approved" },
    });
    await m.complete.closeIncomingOrder(s.owner, s.restaurant.id, order.id, "Completed");
    await db.pushSubscription.create({ data: { userId: user.id, endpoint: "https://push.example.com/leaver", p256dh: "k", auth: "a" } });
    await db.notificationPreference.create({ data: { userId: user.id, kind: "order_receipt", channel: "email", enabled: false } });
    await db.loginThrottle.create({ data: { key: `promo-account:${user.id}`, failures: 3 } });
    const photo = `${user.id}-0123456789abcdef.webp`;
    await m.pictures.pictureStore().put(photo, Buffer.from("a photo of a cold pizza"));
    const [line] = await db.orderItem.findMany({ where: { orderId: order.id } });
    await db.problemReport.create({
      data: {
        orderId: order.id,
        userId: user.id,
        restaurantId: s.restaurant.id,
        photo: `/uploads/${photo}`,
        appealNote: "My neighbour at 1 Main St saw it",
        respondBy: new Date(Date.now() + 86_400_000),
        lines: { create: [{ orderItemId: line!.id, quantity: 1, reason: "cold", note: "Call me on 415 555 0123", amountCents: 1_000 }] },
      },
    });
    await db.courierState.create({ data: { userId: user.id, onShift: false, lat: 37.8, lng: -122.27 } });
    await db.courierPosition.create({ data: { courierId: user.id, lat: 37.8, lng: -122.27, at: new Date() } });
    await db.deliveryJob.create({
      data: {
        orderId: order.id,
        restaurantId: s.restaurant.id,
        userId: user.id,
        state: "delivered",
        payCents: 649,
        pickupLat: 37.79,
        pickupLng: -122.4,
        dropoffLat: 37.8044,
        dropoffLng: -122.2712,
        dropoffAddress: "1 Main St, Oakland",
        instructions: "Blue door",
        itemsCount: 2,
      },
    });
    expect(await db.notification.count({ where: { userId: user.id } })).toBeGreaterThan(0);

    await m.account.deleteAccount(await fresh(user), user.id, { password: PASSWORD }, ADDRESS);

    expect(await fresh(user)).toMatchObject({ lat: null, lng: null, address: null, courier: false, courierStatus: null });
    expect(await db.notification.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.notificationPreference.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.pushSubscription.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.loginThrottle.count({ where: { key: `promo-account:${user.id}` } })).toBe(0);
    expect(await db.courierState.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.courierPosition.count({ where: { courierId: user.id } })).toBe(0);
    expect(await m.pictures.pictureStore().get(photo)).toBeNull();
    const report = await db.problemReport.findFirstOrThrow({ where: { orderId: order.id }, include: { lines: true } });
    expect(report).toMatchObject({ photo: null, appealNote: null, lines: [expect.objectContaining({ note: null, quantity: 1, amountCents: 1_000 })] });
    expect(await db.deliveryJob.findUniqueOrThrow({ where: { orderId: order.id } })).toMatchObject({
      dropoffAddress: m.account.DELETED_ADDRESS,
      dropoffLat: 37.79,
      dropoffLng: -122.4,
      instructions: null,
      payCents: 649,
    });
    // The owner's notifications about the order are theirs, and stay.
    expect(await db.notification.count({ where: { userId: s.owner.id } })).toBeGreaterThan(0);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('blanks its messages (the courier reads "Message removed"), deletes its drop-off and problem photos (files and columns); the export before held the threads', async () => {
    const s = await shop();
    const user = await signUp();
    const order = await place(await fresh(user), s);
    await m.complete.closeIncomingOrder(s.owner, s.restaurant.id, order.id, "Completed");
    const courier = await db.user.create({ data: { firstName: "Dev", courier: true, courierStatus: "approved" } });
    const job = await db.deliveryJob.create({
      data: {
        orderId: order.id,
        restaurantId: s.restaurant.id,
        userId: user.id,
        courierId: courier.id,
        state: "delivered",
        payCents: 649,
        pickupLat: 37.79,
        pickupLng: -122.4,
        dropoffLat: 37.8,
        dropoffLng: -122.27,
        dropoffAddress: "1 Main St",
        itemsCount: 2,
      },
    });
    const say = (senderId: number, senderRole: string, body: string) =>
      db.deliveryMessage.create({ data: { orderId: order.id, jobId: job.id, courierId: courier.id, senderId, senderRole, body } });
    await say(user.id, "customer", "Gate code is 4512, call 415 555 0199");
    await say(courier.id, "courier", "On my way");
    const dropoff = `dropoff_${order.id}_0123456789abcdef.webp`;
    const problemPhoto = `problem_${order.id}_fedcba9876543210.webp`;
    for (const name of [dropoff, problemPhoto]) await m.pictures.pictureStore().put(name, Buffer.from("a photo"));
    await db.order.update({ where: { id: order.id }, data: { dropoffPhoto: dropoff, closedAt: new Date() } });
    await db.problemReport.create({ data: { orderId: order.id, userId: user.id, restaurantId: s.restaurant.id, photo: problemPhoto, respondBy: new Date() } });

    // Before: the export holds the thread, both sides, and the courier's export holds it too.
    const before = accountExportSchema.parse(JSON.parse(await collect(m.account.exportData(await fresh(user), user.id))));
    expect(before.messages).toEqual([
      expect.objectContaining({ orderId: order.id, sender: "customer", mine: true, body: "Gate code is 4512, call 415 555 0199" }),
      expect.objectContaining({ orderId: order.id, sender: "courier", mine: false, body: "On my way" }),
    ]);
    const couriers = accountExportSchema.parse(JSON.parse(await collect(m.account.exportData(await fresh(courier), courier.id))));
    expect(couriers.messages.map((message) => [message.sender, message.mine])).toEqual([
      ["customer", false],
      ["courier", true],
    ]);

    await m.account.deleteAccount(await fresh(user), user.id, { password: PASSWORD }, ADDRESS);

    // The courier's side of the thread: their own words stay, the closed account's read "Message removed".
    const thread = await m.messages.jobMessages({ id: courier.id, firstName: "Dev" }, job.id, { limit: 50, offset: 0 });
    expect(thread.messages.map((message) => [message.sender, message.body])).toEqual([
      ["customer", "Message removed"],
      ["courier", "On my way"],
    ]);
    expect(await db.deliveryMessage.count({ where: { body: { contains: "4512" } } })).toBe(0);
    // Both photos: columns and files gone, and an operator's read is a 404.
    expect(await db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ dropoffPhoto: null });
    expect(await db.problemReport.findFirstOrThrow({ where: { orderId: order.id } })).toMatchObject({ photo: null });
    for (const name of [dropoff, problemPhoto]) expect(await m.pictures.pictureStore().get(name)).toBeNull();
    await expect(m.dropoff.readDropoffPhoto({ id: s.owner.id, operator: true }, order.id)).rejects.toMatchObject({ status: 404 });
  });

  it("refuses a wrong or missing password naming `password`, and changes nothing", async () => {
    const user = await signUp();
    const before = await fresh(user);
    await expect(m.account.deleteAccount(before, user.id, { password: "not my password" }, ADDRESS)).rejects.toMatchObject({
      status: 400,
      errors: { password: "Password is incorrect" },
    });
    await expect(m.account.deleteAccount(before, user.id, {}, ADDRESS)).rejects.toMatchObject({ status: 400, errors: { password: expect.any(String) } });
    expect(await fresh(user)).toEqual(before);
  });

  it("throttles wrong passwords like a login: past the free failures even the right one waits (429), from that address only", async () => {
    const user = await signUp();
    const before = await fresh(user);
    const wrong = () => m.account.deleteAccount(before, user.id, { password: "not my password" }, ADDRESS);
    // LOGIN_FREE_FAILURES (3 by default) cost nothing; the next failure starts a 1 s wait.
    for (let i = 0; i < 4; i++) await expect(wrong()).rejects.toMatchObject({ status: 400 });
    await expect(m.account.deleteAccount(before, user.id, { password: PASSWORD }, ADDRESS)).rejects.toMatchObject({
      status: 429,
      headers: { "Retry-After": expect.any(String) },
    });
    expect(await fresh(user)).toEqual(before);
    // Another address is not held back: the right password there closes the account.
    await m.account.deleteAccount(before, user.id, { password: PASSWORD }, "198.51.100.9");
    expect((await fresh(user)).firstName).toBe(m.account.DELETED_NAME);
  });

  it("refuses someone else's account with a 403", async () => {
    const [me, other] = [await signUp(), await signUp()];
    const before = await fresh(other);
    await expect(m.account.deleteAccount(me, other.id, { password: PASSWORD }, ADDRESS)).rejects.toMatchObject({ status: 403 });
    expect(await fresh(other)).toEqual(before);
  });

  it("refuses while an order is under way or while the user owns restaurants, and changes nothing", async () => {
    const s = await shop();
    const user = await signUp();
    const order = await place(await fresh(user), s);
    const before = await fresh(user);
    await expect(m.account.deleteAccount(before, user.id, { password: PASSWORD }, ADDRESS)).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining("order in progress"),
    });
    expect(await fresh(user)).toEqual(before);
    await m.complete.closeIncomingOrder(s.owner, s.restaurant.id, order.id, "Completed");

    const owner = await signUp();
    await m.manage.createRestaurant(await fresh(owner), restaurantInput("Owner's Own"));
    const ownerBefore = await fresh(owner);
    await expect(m.account.deleteAccount(ownerBefore, owner.id, { password: PASSWORD }, ADDRESS)).rejects.toMatchObject({
      status: 409,
      message: "Hand over or delete your restaurants first",
    });
    expect(await fresh(owner)).toEqual(ownerBefore);
    await m.account.deleteAccount(await fresh(user), user.id, { password: PASSWORD }, ADDRESS);
  });

  it("cancels the open group orders the user hosts and leaves the ones they joined", async () => {
    const s = await shop();
    const host = await signUp();
    const guestOfGroup = await signUp();
    const hosted = await m.groups.createGroup(await fresh(host), s.restaurant.id);
    const joinedGroup = await m.groups.createGroup(await fresh(guestOfGroup), s.restaurant.id);
    await m.groups.joinGroup(await fresh(host), joinedGroup.token, "Dana");
    await m.account.deleteAccount(await fresh(host), host.id, { password: PASSWORD }, ADDRESS);
    expect((await db.groupOrder.findUniqueOrThrow({ where: { token: hosted.token } })).status).toBe("canceled");
    expect(await db.groupParticipant.count({ where: { userId: host.id } })).toBe(1); // only the canceled group's host row
    expect(await db.groupParticipant.count({ where: { userId: host.id, group: { token: joinedGroup.token } } })).toBe(0);
  });

  it("racing a checkout of the same user, either the order is placed and deletion refused, or the account is closed and no order placed", async () => {
    for (let round = 0; round < 6; round++) {
      const s = await shop(`Race ${round}`);
      const user = await signUp();
      const open = await cart(await fresh(user), s);
      const current = await fresh(user);
      const [deleted, submitted] = await Promise.allSettled([
        m.account.deleteAccount(current, user.id, { password: PASSWORD }, ADDRESS),
        // Wallet checkouts lock the user's row; card checkouts only the order's.
        db.$transaction((tx) =>
          m.place.placeOrder(
            m.sql.sqlOf(tx),
            current,
            { activeOrderId: open.id },
            round % 2 ? standardCard : standardWallet,
            paymentFor(round % 2 ? standardCard : standardWallet),
          ),
        ),
      ]);
      const placed = await db.order.count({ where: { userId: user.id, stage: "placed" } });
      const after = await fresh(user);
      if (deleted.status === "fulfilled") {
        expect(submitted.status).toBe("rejected");
        expect(placed).toBe(0);
        expect(after.firstName).toBe("Deleted customer");
      } else {
        expect(deleted.reason).toMatchObject({ status: 409 });
        expect(submitted.status).toBe("fulfilled");
        expect(placed).toBe(1);
        expect(after.firstName).toBe("Dana");
      }
      expect(await ledgerProblems()).toEqual([]);
    }
  });
});
