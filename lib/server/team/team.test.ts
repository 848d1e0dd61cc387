import { describe, expect, it } from "vitest";
import { OPERATIONS_BY_KEY, type OperationKey } from "@/lib/contract/operations";
import { promotionInputSchema } from "@/lib/contract/promotions/rules";
import { restaurantRow, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// A restaurant's team (docs/architecture/team.md): the invitation's link used
// once, the role read afresh on every request (a removed member's next request is refused), each
// route's role, and who took each step on an order.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  sealed: await import("../platform/sealed"),
  fixtures: await import("../platform/testing/fixtures"),
  team: await import("./members"),
  roles: await import("./roles"),
  owned: await import("./owned"),
  actions: await import("./order-actions"),
  access: await import("../web/restaurant-access"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  promotions: await import("../promotions/manage"),
};

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: { status?: number }) => error.status,
  );

/** A signed-up, verified person (the invitee). */
const person = (email: string, verified = true) => m.db.user.create({ data: { firstName: email.split("@")[0]!, email, emailVerifiedAt: verified ? new Date() : null } });

/** The invitation's mailed token, as the mail's composer opens it from the owner's outbox row. */
async function tokenOf(invitationId: number): Promise<string> {
  const row = await m.db.notification.findFirstOrThrow({ where: { kind: "team_invitation", cause: `team-invitation:${invitationId}`, channel: "email" } });
  return m.sealed.unseal("team-invitation-link", JSON.parse(row.payload).sealedToken)!;
}

async function invited(role: "manager" | "staff", email = `${role}${Math.random()}@example.com`) {
  const shop = await m.fixtures.shop();
  const invitation = await m.team.inviteToTeam(shop.owner, shop.restaurant.id, { email, role });
  return { ...shop, invitation, token: await tokenOf(invitation.id), email };
}

/** What handle() does for the operation's caller: the role check of its restaurant (web/restaurant-access.ts). */
const admitted = (key: OperationKey, user: { id: number; guestAccount: boolean }, params: Record<string, unknown>, body?: unknown) =>
  m.access.admitTeamCall(OPERATIONS_BY_KEY.get(key)!, user as never, params, body);

async function placedOrder(restaurantId: number, dishId: number) {
  const buyer = await m.fixtures.customer();
  const active = await m.db.$transaction((tx) => m.create.createOrder(m.sql.sqlOf(tx), buyer, { restaurantId, items: [{ menuItemId: dishId, quantity: 1 }] }));
  return m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), buyer, { activeOrderId: active.id }, m.fixtures.wallet, paymentFor(m.fixtures.wallet)));
}

describe("invitations", () => {
  it("accepted twice at once makes one membership; the link then answers as used", async () => {
    const { restaurant, token, email } = await invited("staff");
    const invitee = await person(email);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => m.team.acceptInvitation(invitee, token)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected")
        expect(r.reason).toMatchObject({
          status: 400,
          errors: { token: "This invitation link is invalid, was already used or has expired. Ask the restaurant's owner for a new one." },
        });
    expect(await m.db.restaurantMember.findMany({ where: { restaurantId: restaurant.id } })).toEqual([expect.objectContaining({ userId: invitee.id, role: "staff" })]);
    expect(await code(m.team.acceptInvitation(invitee, token))).toBe(400);
  });

  it("needs the invited address, verified, and a link not expired or withdrawn", async () => {
    const { owner, restaurant, token, email, invitation } = await invited("manager");
    expect(await code(m.team.acceptInvitation(await person(`other${Math.random()}@example.com`), token))).toBe(404);
    const unverified = await person(email, false);
    expect(await code(m.team.acceptInvitation(unverified, token))).toBe(403);
    expect(await code(m.team.acceptInvitation({ ...unverified, emailVerifiedAt: new Date() }, "x".repeat(43)))).toBe(400);
    const eightDays = new Date(Date.now() + 8 * 86_400_000);
    expect(await code(m.team.acceptInvitation({ ...unverified, emailVerifiedAt: new Date() }, token, eightDays))).toBe(400);
    await m.team.withdrawInvitation(owner, restaurant.id, invitation.id);
    expect(await code(m.team.acceptInvitation({ ...unverified, emailVerifiedAt: new Date() }, token))).toBe(400);
    expect(await m.db.restaurantMember.count({ where: { restaurantId: restaurant.id } })).toBe(0);
  });

  it("only the owner lists and changes the team", async () => {
    const { restaurant, token, email } = await invited("manager");
    const manager = await person(email);
    await m.team.acceptInvitation(manager, token);
    const managerCall = await admitted("GET /api/manage/{id}/promotions", manager, { id: restaurant.id });
    expect(await code(m.team.listTeam(managerCall, restaurant.id))).toBe(404);
    expect(await code(m.team.inviteToTeam({ ...managerCall, email: manager.email }, restaurant.id, { email: "x@example.com", role: "manager" }))).toBe(404);
  });
});

describe("every request reads the role afresh", () => {
  it("staff accept an order (named on it as Staff) but are refused menu, promotions and money; a removed member's next request is refused", async () => {
    const { owner, restaurant, dish, token, email } = await invited("staff");
    const staff = await person(email);
    await m.team.acceptInvitation(staff, token);
    const id = restaurant.id;

    // The board: in; the order accepted in their name.
    const order = await placedOrder(id, dish.id);
    const onBoard = await admitted("POST /api/manage/{id}/orders/{orderId}/stage", staff, { id, orderId: order.id });
    await m.accept.acceptOrder(onBoard, id, order.id, 20);
    expect([...((await m.actions.orderActionsOf([order.id])).get(order.id) ?? [])]).toEqual([
      expect.objectContaining({ action: "accepted", firstName: staff.firstName, role: "staff", roleLabel: "Staff" }),
    ]);

    // A manager's routes: 403; the owner's alone (payouts, settings): the data layer's 404, no grant reaching them.
    expect(await code(admitted("GET /api/manage/{id}/menu", staff, { id }))).toBe(403);
    expect(await code(admitted("POST /api/manage/{id}/promotions", staff, { id }))).toBe(403);
    expect(await code(admitted("POST /api/menu-items", staff, {}, { restaurantId: id }))).toBe(403);
    expect(await code(admitted("DELETE /api/menu-items/{id}", staff, { id: dish.id }))).toBe(403);
    expect(await code(m.owned.getOwnedRestaurant(staff, id))).toBe(404);
    // The grant reaches this restaurant only, not the owner's others.
    const other = await m.db.restaurant.create({ data: restaurantRow(owner.id, { name: "Second Shop" }) });
    expect(await code(m.owned.getOwnedRestaurant(onBoard, other.id))).toBe(404);

    // Removed: the very next request is refused, whatever their session holds.
    await m.team.removeMember(owner, id, staff.id);
    expect(await code(admitted("GET /api/manage/{id}/board", staff, { id }))).toBe(404);
  });

  it("a manager lowered to staff loses the menu on the next request; a stranger is a 404", async () => {
    const { owner, restaurant, token, email } = await invited("manager");
    const manager = await person(email);
    await m.team.acceptInvitation(manager, token);
    const id = restaurant.id;
    const asManager = await admitted("POST /api/manage/{id}/promotions", manager, { id });
    const promotion = await m.promotions.createPromotion(asManager, id, promotionInputSchema.parse({ kind: "percent", value: 10 }));
    expect(promotion.restaurantId).toBe(id);
    await m.team.changeMemberRole(owner, id, manager.id, "staff");
    expect(await code(admitted("POST /api/manage/{id}/promotions", manager, { id }))).toBe(403);
    expect(await code(admitted("GET /api/manage/{id}/board", manager, { id }))).toBe("ok");
    expect(await code(admitted("GET /api/manage/{id}/board", await person(`x${Math.random()}@example.com`), { id }))).toBe(404);
    expect(await code(admitted("GET /api/manage/{id}/board", owner, { id }))).toBe("ok");
  });
});
