import { expect, test } from "../fixtures";
import { roleNeededMessage } from "@/lib/shared/people/testing/role-needed";
import { newClient, signUp, uniqueEmail } from "../support/api";
import { shownTextOf, textOf } from "../support/html";
import { invitationLinkOf, pathOf, verifyEmailOf } from "../support/mailbox";
import { createOrder, submitOrder } from "../support/orders";
import { signUpOwner } from "../support/owner";

// A restaurant's team over HTTP (docs/architecture/team.md): the owner invites by email, the
// invitee signs up with that address, confirms it and accepts with the mailed link; as Staff they
// run the board but are refused payouts, the menu, promotions and settings; removed, their next
// request is refused. The roles of every route: the authorization matrix's manager and staff columns.

test("an invited staff member accepts an order, is refused the rest, and loses access once removed", async ({ baseURL }) => {
  const owner = await signUpOwner(baseURL!);
  const id = owner.restaurant.id;
  const email = uniqueEmail("cook");
  const invited = await owner.client.post(`/api/manage/${id}/team/invitations`, { email, role: "staff" });
  expect(invited.status(), await invited.text()).toBe(201);
  // The invitation is in the invitee's mailbox, read by address before they have an account (no
  // sign-in: /dev/mailbox?to=), without the owner's unsubscribe link; not in the owner's.
  const link = await invitationLinkOf(await newClient(baseURL!), email);
  const invitation = (await (await owner.client.get(`/dev/mailbox?to=${encodeURIComponent(email)}`)).text()).split("<li").find((mail) => mail.includes(link))!;
  expect(invitation).not.toContain("/api/notifications/unsubscribe");
  expect(await (await owner.client.get("/dev/mailbox")).text()).not.toContain("/team/accept?token=");

  // The cook signs up with the invited address; unconfirmed, the link waits for it.
  const cook = await newClient(baseURL!);
  await signUp(cook, { credential: email, name: "Cora Cook" });
  const token = new URL(link).searchParams.get("token");
  // The invitation's page names the restaurant and the role.
  expect(textOf(await (await cook.get(pathOf(link))).text())).toContain(`Join the team at ${owner.restaurant.name}`);
  const early = await cook.post("/api/team/accept", { token });
  expect(early.status()).toBe(403);
  expect((await early.json()).message).toBe("Verify your email address first: we sent you a link (resend it from your account)");
  await verifyEmailOf(cook, email);
  expect((await cook.get(pathOf(link))).status()).toBe(200);
  const accepted = await cook.post("/api/team/accept", { token });
  expect(accepted.status(), await accepted.text()).toBe(200);
  expect(await accepted.json()).toEqual({ restaurant: { id, name: owner.restaurant.name }, role: "staff" });
  expect((await cook.post("/api/team/accept", { token })).status()).toBe(400);
  // Where the cook works (the top navigation's "Where you work"); the owner works at none of their own.
  expect(await (await cook.get("/api/team/workplaces")).json()).toEqual({ restaurants: [{ id, name: owner.restaurant.name, role: "staff" }] });
  expect(await (await owner.client.get("/api/team/workplaces")).json()).toEqual({ restaurants: [] });

  // A customer's order: the cook accepts it from the board, named on it.
  const customer = await newClient(baseURL!);
  await signUp(customer);
  const order = await submitOrder(customer, (await createOrder(customer, { restaurantId: id, itemId: owner.item.id })).id);

  // The cook owns no restaurant: the manage page lists where they work with its new order's count, adding one of their own a secondary action.
  const manage = shownTextOf(await (await cook.get("/restaurants/manage")).text());
  expect(manage).toContain("Where you work");
  expect(manage).toContain(`Orders ${owner.restaurant.name}1 new`);
  expect(manage).toContain("Add your restaurant");
  expect(manage).not.toContain("No restaurants found");
  const stage = await cook.post(`/api/manage/${id}/orders/${order.id}/stage`, { stage: "accepted", prepMinutes: 15 });
  expect(stage.status(), await stage.text()).toBe(200);
  const board = await (await cook.get(`/api/manage/${id}/board`)).json();
  const onBoard = board.orders.find((o: { id: number }) => o.id === order.id);
  expect(onBoard.actions).toEqual([expect.objectContaining({ action: "accepted", firstName: "Cora", roleLabel: "Staff" })]);

  // Their pages say which role they need and whom to ask; to a stranger they stay "not found".
  for (const [path, need] of [
    [`/restaurants/${id}/menu`, "manager"],
    [`/restaurants/${id}/promotions`, "manager"],
    [`/menu-items/${owner.item.id}/update`, "manager"],
    [`/restaurants/${id}/payouts`, "owner"],
    [`/restaurants/${id}/update`, "owner"],
  ] as const) {
    const page = textOf(await (await cook.get(path)).text());
    expect(page, path).toContain(roleNeededMessage(need));
    expect(page, path).toContain(`You work at ${owner.restaurant.name} as Staff.`);
    const stranger = await customer.ctx.get(path, { maxRedirects: 0 });
    expect(stranger.status(), path).toBe(404);
    expect(await stranger.text(), path).not.toContain(owner.restaurant.name);
  }

  // Payouts and settings are the owner's (404, as to anyone); the menu and promotions a manager's (403).
  expect((await cook.get(`/api/manage/${id}/payouts`)).status()).toBe(404);
  expect((await cook.put(`/api/manage/${id}`, { description: "Taken over by the cook." })).status()).toBe(404);
  expect((await cook.get(`/api/manage/${id}/menu`)).status()).toBe(403);
  expect((await cook.post(`/api/manage/${id}/promotions`, { kind: "percent", value: 50 })).status()).toBe(403);
  expect((await cook.put(`/api/menu-items/${owner.item.id}`, { price: 0.5 })).status()).toBe(403);
  expect((await cook.get(`/api/manage/${id}/team`)).status()).toBe(404);

  // The team page lists the cook; removed, the cook's very next request is refused.
  const team = await (await owner.client.get(`/api/manage/${id}/team`)).json();
  const member = team.members.find((m: { email: string }) => m.email === email);
  expect(member).toMatchObject({ firstName: "Cora", role: "staff" });
  expect((await owner.client.del(`/api/manage/${id}/team/${member.userId}`)).status()).toBe(200);
  expect((await cook.get(`/api/manage/${id}/board`)).status()).toBe(404);
  expect(await (await cook.get("/api/team/workplaces")).json()).toEqual({ restaurants: [] });
  for (const client of [cook, customer]) await client.dispose();
});
