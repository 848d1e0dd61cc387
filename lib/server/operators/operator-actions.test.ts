import { describe, expect, it } from "vitest";
import { loginSchema } from "@/lib/contract/accounts/auth-rules";
import { restaurantQuerySchema, menuItemQuerySchema } from "@/lib/contract/restaurants/browse-rules";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { searchQuerySchema } from "@/lib/contract/search/rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";
import { inEnglish } from "@/lib/contract/testing/in-english";

// The operator's actions (docs/architecture/operator.md) on a real, migrated database: a
// suspended restaurant leaves the catalog's lists, search and single reads and refuses orders
// while its open orders go on; hiding a review takes it out of the rating; a courier goes on
// shift only once approved; a suspended account's sessions end and its login is refused; every
// action writes its audit row in its own transaction (a refused one writes none).

setUpTestDatabase();
const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  restaurants: await import("../restaurants/restaurants"),
  menu: await import("../menu/menu-items"),
  search: await import("../search/index"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  reviews: await import("../reviews/reviews"),
  users: await import("../accounts/users"),
  passwords: await import("../platform/passwords"),
  courier: await import("../dispatch/courier"),
  state: await import("../dispatch/state"),
  operatorRestaurants: await import("./restaurants"),
  operatorReviews: await import("./reviews"),
  operatorCouriers: await import("./couriers"),
  operatorUsers: await import("./users"),
  dashboard: await import("./dashboard"),
  throttle: await import("../platform/action-limits"),
};
const { db } = m;

const operator = () => db.user.create({ data: { firstName: "Nia", operator: true } });
async function shop(name = "Lantern Noodle House") {
  const owner = await db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput(name));
  const dish = await db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Zanzibar Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  return { owner, restaurant, dish };
}
type Shop = Awaited<ReturnType<typeof shop>>;
const card = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card" });
const cartOf = (s: Shop) => ({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 1 }] });
const place = async (userId: number, s: Shop) => {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  return m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: { ...cartOf(s), submit: card } as never }, card, paymentFor(card)));
};
const auditOf = (targetType: string, targetId: number) => db.auditLog.findMany({ where: { targetType, targetId }, orderBy: { id: "asc" } });

describe("suspending a restaurant", () => {
  it("hides it from lists, search and single reads, refuses orders with a message, and leaves its open orders alone; restore brings it back", async () => {
    const nia = await operator();
    const s = await shop("Zephyr Suspended Grill");
    const customer = await db.user.create({ data: { firstName: "Ada" } });
    const open = await place(customer.id, s);
    const inList = async () => (await m.restaurants.listRestaurants(restaurantQuerySchema.parse({ limit: "100" }))).restaurants.some((r) => r.id === s.restaurant.id);
    const inSearch = async () => JSON.stringify(await m.search.search(searchQuerySchema.parse({ q: "Zephyr" }))).includes(`"id":${s.restaurant.id},`);
    expect(await inList()).toBe(true);
    expect(await inSearch()).toBe(true);

    const answer = await m.operatorRestaurants.actOnRestaurant(nia, s.restaurant.id, { action: "suspend", reason: "Serves nobody" });
    expect(answer).toMatchObject({ status: "suspended", suspensionReason: "Serves nobody" });
    expect(await inList()).toBe(false);
    expect(await inSearch()).toBe(false);
    await expect(m.restaurants.getRestaurant(s.restaurant.id)).rejects.toMatchObject({ status: 404 });
    await expect(m.menu.getMenuItem(s.dish.id)).rejects.toMatchObject({ status: 404 });
    expect(await m.menu.listMenuItems(menuItemQuerySchema.parse({ restaurantId: String(s.restaurant.id) }))).toEqual([]);
    await expect(place(customer.id, s)).rejects.toMatchObject({ status: 409, message: inEnglish(m.create.SUSPENDED_RESTAURANT) });
    // The owner cannot reopen it; the order placed before goes on.
    await expect(m.manage.reactivateRestaurant(s.owner, s.restaurant.id)).rejects.toMatchObject({ status: 409, message: expect.stringContaining("Serves nobody") });
    expect((await db.order.findUniqueOrThrow({ where: { id: open.id } })).stage).toBe("placed");
    await m.accept.acceptOrder(s.owner, s.restaurant.id, open.id, 20);
    expect((await db.order.findUniqueOrThrow({ where: { id: open.id } })).stage).toBe("accepted");

    await expect(m.operatorRestaurants.actOnRestaurant(nia, s.restaurant.id, { action: "suspend", reason: "again" })).rejects.toMatchObject({ status: 409 });
    await m.operatorRestaurants.actOnRestaurant(nia, s.restaurant.id, { action: "restore", reason: "Fixed" });
    expect(await inList()).toBe(true);
    expect((await db.restaurant.findUniqueOrThrow({ where: { id: s.restaurant.id } })).servicing).toBe(true);
    expect((await auditOf("restaurant", s.restaurant.id)).map((a) => [a.action, a.operatorId, a.reason])).toEqual([
      ["restaurant.suspend", nia.id, "Serves nobody"],
      ["restaurant.restore", nia.id, "Fixed"],
    ]);
  });

  it("refuses an operator's own restaurant (403, nothing written); two suspends at once make one audit row; the commission is set", async () => {
    const nia = await operator();
    const own = await m.manage.createRestaurant(nia, restaurantInput("Nia's Own Diner"));
    await expect(m.operatorRestaurants.actOnRestaurant(nia, own.id, { action: "suspend", reason: "mine" })).rejects.toMatchObject({
      status: 403,
      message: inEnglish(m.operatorRestaurants.OWN_RESTAURANT),
    });
    expect(await auditOf("restaurant", own.id)).toEqual([]);

    const s = await shop("Twice Suspended Cafe");
    const both = await Promise.allSettled([0, 1].map(() => m.operatorRestaurants.actOnRestaurant(nia, s.restaurant.id, { action: "suspend", reason: "Both" })));
    expect(both.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await auditOf("restaurant", s.restaurant.id)).toHaveLength(1);

    await m.operatorRestaurants.actOnRestaurant(nia, s.restaurant.id, { action: "commission", commissionPercent: 7, reason: "Launch deal" });
    expect((await db.restaurant.findUniqueOrThrow({ where: { id: s.restaurant.id } })).commissionPercent).toBe(7);
    expect((await auditOf("restaurant", s.restaurant.id)).at(-1)).toMatchObject({ action: "restaurant.commission", detail: '{"from":null,"to":7}' });
  });
});

describe("hiding a review", () => {
  it("takes it out of the rating and the public list (the owner and author still see it), and restoring puts it back", async () => {
    const nia = await operator();
    const s = await shop("Rated Place");
    const author = await db.user.create({ data: { firstName: "Ben" } });
    const rating = () => db.restaurant.findUniqueOrThrow({ where: { id: s.restaurant.id }, select: { ratingSum: true, numReviews: true } });
    const reviews = [];
    for (const stars of [5, 1]) {
      const order = await place(author.id, s);
      reviews.push(
        await m.reviews.createReview(author, { restaurantId: s.restaurant.id, orderId: order.id, review: "Words.", orderRating: stars, restaurantRating: stars }),
      );
    }
    expect(await rating()).toEqual({ ratingSum: 6, numReviews: 2 });
    const abusive = reviews[1]!;

    const hidden = await m.operatorReviews.actOnReview(nia, abusive.id, { action: "hide", reason: "Abusive language" });
    expect(hidden.hidden).toMatchObject({ reason: "Abusive language" });
    expect(await rating()).toEqual({ ratingSum: 5, numReviews: 1 });
    const page = { limit: 20, offset: 0 };
    expect((await m.reviews.listRestaurantReviews(s.restaurant.id, page)).map((r) => r.id)).toEqual([reviews[0]!.id]);
    expect((await m.reviews.listRestaurantReviews(s.restaurant.id, page, s.owner)).map((r) => m.reviews.reviewToJson(r).hidden?.reason ?? null)).toEqual([
      "Abusive language",
      null,
    ]);
    expect(m.reviews.reviewToJson((await m.reviews.listUserReviews(author, page)).find((r) => r.id === abusive.id)!).hidden?.reason).toBe("Abusive language");
    // The author's edit or removal of a hidden review leaves the rating alone.
    await m.reviews.updateReview(author, abusive.id, { restaurantRating: 2 });
    expect(await rating()).toEqual({ ratingSum: 5, numReviews: 1 });
    await expect(m.operatorReviews.actOnReview(nia, abusive.id, { action: "hide", reason: "again" })).rejects.toMatchObject({ status: 409 });

    await m.operatorReviews.actOnReview(nia, abusive.id, { action: "restore", reason: "Appeal upheld" });
    expect(await rating()).toEqual({ ratingSum: 7, numReviews: 2 });
    expect((await auditOf("review", abusive.id)).map((a) => a.action)).toEqual(["review.hide", "review.restore"]);
  });
});

describe("couriers", () => {
  it("apply, and go on shift only once approved; a suspended courier is taken off shift", async () => {
    const nia = await operator();
    const rider = await db.user.create({ data: { firstName: "Kofi" } });
    expect(await m.operatorCouriers.applyAsCourier(rider)).toEqual({ courierStatus: "applied" });
    await expect(m.operatorCouriers.applyAsCourier(rider)).rejects.toMatchObject({ status: 409 });
    const fresh = () => db.user.findUniqueOrThrow({ where: { id: rider.id } });
    expect(() => m.courier.asCourier(rider)).toThrow(inEnglish(m.courier.NOT_A_COURIER));

    await m.operatorCouriers.actOnCourier(nia, rider.id, { action: "approve", reason: "Papers checked" });
    const approved = m.courier.asCourier(await fresh());
    expect(await m.state.setShift(approved, true)).toEqual({ onShift: true });

    await m.operatorCouriers.actOnCourier(nia, rider.id, { action: "suspend", reason: "Complaints", override: "Three complaints about the same rude remark" });
    const suspended = await fresh();
    expect(() => m.courier.asCourier(suspended)).toThrow(inEnglish(m.courier.NOT_A_COURIER));
    expect((await db.courierState.findUniqueOrThrow({ where: { userId: rider.id } })).onShift).toBe(false);
    expect((await auditOf("user", rider.id)).map((a) => a.action)).toEqual(["courier.approve", "courier.suspend"]);
    await expect(m.operatorCouriers.applyAsCourier({ id: 1, guestAccount: true })).rejects.toMatchObject({ status: 403 });
  });
});

describe("suspending sign-in", () => {
  it("ends every session at once (sessionVersion) and refuses the login with the reason; restore lets them in", async () => {
    const nia = await operator();
    const email = "suspended@example.com";
    const user = await db.user.create({ data: { firstName: "Sam", email, passwordHash: await m.passwords.hashPassword("correct horse battery") } });
    const login = () => m.users.logIn(loginSchema.parse({ credential: email, password: "correct horse battery" }), "10.0.0.1");
    await expect(login()).resolves.toMatchObject({ id: user.id });

    await m.operatorUsers.actOnUser(nia, user.id, { action: "suspend", reason: "Chargeback fraud" });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(user.sessionVersion + 1);
    await expect(login()).rejects.toMatchObject({ status: 403, message: inEnglish(m.users.suspendedSignIn("Chargeback fraud")) });
    await expect(m.operatorUsers.actOnUser(nia, nia.id, { action: "suspend", reason: "me" })).rejects.toMatchObject({ status: 403 });

    await m.operatorUsers.actOnUser(nia, user.id, { action: "restore", reason: "Cleared" });
    await expect(login()).resolves.toMatchObject({ id: user.id });
    expect((await auditOf("user", user.id)).map((a) => a.action)).toEqual(["user.suspend", "user.restore"]);
  });
});

describe("the operator's throttle and dashboard", () => {
  it("the action past OPERATOR_ACTIONS_PER_MINUTE is a 429 that writes nothing", async () => {
    const nia = await operator();
    const s = await shop("Commission Churn");
    const set = (percent: number) => m.operatorRestaurants.actOnRestaurant(nia, s.restaurant.id, { action: "commission", commissionPercent: percent, reason: "churn" });
    for (let i = 0; i < m.throttle.OPERATOR_ACTIONS_PER_MINUTE; i++) await set(i % 100);
    await expect(set(50)).rejects.toMatchObject({ status: 429 });
    expect(await auditOf("restaurant", s.restaurant.id)).toHaveLength(m.throttle.OPERATOR_ACTIONS_PER_MINUTE);
  });

  it("counts with one query per tile", async () => {
    const nia = await operator();
    const { tiles } = await m.dashboard.dashboard(nia);
    expect(tiles.map((t) => t.key)).toEqual([
      "ordersLastHour",
      "openOrders",
      "couriersOnShift",
      "needsAttention",
      "openProblems",
      "restaurantsNotTaking",
      "courierApplications",
      "reconciliation",
      "openDisputes",
      "texts",
      "calls",
    ]);
    expect(tiles.find((t) => t.key === "restaurantsNotTaking")!.parts!.find((p) => p.label === "Suspended")!.value).toBeGreaterThanOrEqual(1);
    // GET /api/admin's labels are English, as they were; the page asks for the request's language (admin.dashboardTiles, a stage as order.label).
    expect(tiles.map((t) => t.label)).toEqual([
      "Orders in the last hour",
      "Open orders",
      "Couriers on shift",
      expect.stringMatching(/^Needs attention: no courier \(ready \d+\+ min, out \d+\+ min\)$/),
      "Open problem reports",
      "Restaurants not taking orders",
      "Courier applications",
      "Payment provider differences",
      "Open disputes",
      "Texts sent, last 30 days",
      "Relayed calls, last 30 days",
    ]);
    expect(tiles.find((t) => t.key === "openOrders")!.parts!.map((p) => p.label)).toEqual(["Placed", "Preparing", "Ready", "Out for delivery"]);
    const es = (await m.dashboard.dashboard(nia, new Date(), "es")).tiles;
    expect(es.map((t) => t.href)).toEqual(tiles.map((t) => t.href));
    expect(es.find((t) => t.key === "openOrders")).toMatchObject({
      label: "Pedidos abiertos",
      parts: expect.arrayContaining([expect.objectContaining({ label: "En preparación" })]),
    });
    expect(es.find((t) => t.key === "needsAttention")!.label).toMatch(/^Requiere atención: sin repartidor \(listo hace \d+\+ min, en camino hace \d+\+ min\)$/);
    expect(es.find((t) => t.key === "restaurantsNotTaking")!.parts!.map((p) => p.label)).toEqual(["Cerrados por su dueño", "Suspendidos"]);
  });
});

describe("account changes told through the outbox", () => {
  const told = (userId: number) =>
    db.notification
      .findMany({ where: { userId, channel: "in_app" }, orderBy: { id: "asc" } })
      .then((rows) => rows.map((row) => ({ kind: row.kind, ...JSON.parse(row.payload) })));

  it("the owner hears of a commission change, a suspension and its restoration, in the change's transaction; a refused change tells nothing", async () => {
    const nia = await operator();
    const s = await shop("Told Noodle Bar");
    await m.operatorRestaurants.actOnRestaurant(nia, s.restaurant.id, { action: "commission", commissionPercent: 12, reason: "Volume deal" });
    await m.operatorRestaurants.actOnRestaurant(nia, s.restaurant.id, { action: "suspend", reason: "Health inspection" });
    // Refused (already suspended: 409), and two at once of which one loses: nothing more is written.
    await expect(m.operatorRestaurants.actOnRestaurant(nia, s.restaurant.id, { action: "suspend", reason: "Again" })).rejects.toMatchObject({ status: 409 });
    await Promise.allSettled([0, 1].map(() => m.operatorRestaurants.actOnRestaurant(nia, s.restaurant.id, { action: "restore", reason: "Inspection passed" })));
    expect(await told(s.owner.id)).toEqual([
      expect.objectContaining({ kind: "owner_account_update", stage: "commission", percent: 12, note: "Volume deal", restaurantName: "Told Noodle Bar" }),
      expect.objectContaining({ kind: "owner_account_update", stage: "suspended", note: "Health inspection" }),
      expect.objectContaining({ kind: "owner_account_update", stage: "restored", note: "Inspection passed" }),
    ]);
    // The email row too (bell and email by default), and the words the bell shows.
    const email = await db.notification.findMany({ where: { userId: s.owner.id, channel: "email" } });
    expect(email).toHaveLength(3);
    const { describeIn } = await import("../notifications/words");
    expect(describeIn("en", "owner_account_update", { stage: "commission", percent: 12, restaurantName: "Told Noodle Bar", restaurantId: s.restaurant.id }).title).toBe(
      "Told Noodle Bar's commission is now 12%",
    );
    // An operator's own restaurant: refused (403), nothing told.
    const own = await m.manage.createRestaurant(nia, restaurantInput("Nia's Told Diner"));
    await expect(m.operatorRestaurants.actOnRestaurant(nia, own.id, { action: "commission", commissionPercent: 1, reason: "mine" })).rejects.toMatchObject({
      status: 403,
    });
    expect(await told(nia.id)).toEqual([]);
  });

  it("a courier hears the application approved or refused (and may apply again after a refusal); a refused move tells nothing", async () => {
    const nia = await operator();
    const yes = await db.user.create({ data: { firstName: "Ama" } });
    const no = await db.user.create({ data: { firstName: "Ben" } });
    await m.operatorCouriers.applyAsCourier(yes);
    await m.operatorCouriers.applyAsCourier(no);
    expect(await m.operatorCouriers.actOnCourier(nia, yes.id, { action: "approve", reason: "Papers checked" })).toEqual({ id: yes.id, status: "approved" });
    expect(await m.operatorCouriers.actOnCourier(nia, no.id, { action: "refuse", reason: "No licence sent" })).toEqual({ id: no.id, status: "refused" });
    // Refusing an approved courier, approving a refused application: 409, nothing told.
    await expect(m.operatorCouriers.actOnCourier(nia, yes.id, { action: "refuse", reason: "x" })).rejects.toMatchObject({ status: 409 });
    await expect(m.operatorCouriers.actOnCourier(nia, no.id, { action: "approve", reason: "x" })).rejects.toMatchObject({ status: 404 });
    expect(await told(yes.id)).toEqual([expect.objectContaining({ kind: "courier_account_update", stage: "approved", note: "Papers checked" })]);
    expect(await told(no.id)).toEqual([expect.objectContaining({ kind: "courier_account_update", stage: "refused", note: "No licence sent" })]);
    expect((await db.user.findUniqueOrThrow({ where: { id: no.id } })).courierStatus).toBeNull();
    expect(await m.operatorCouriers.applyAsCourier(no)).toEqual({ courierStatus: "applied" });
  });
});
