import { expect, test } from "../fixtures";
import { GROUP_SAID } from "@/lib/contract/group-orders/rules";
import { newClient, signUpCustomer, signUpGuest, type Client } from "../support/api";
import { standardWallet } from "../support/orders";
import { headings } from "../support/html";
import { createItem, createRestaurant } from "../support/owner";
import { inEnglish } from "@/lib/contract/testing/in-english";

// Group orders over HTTP (docs/architecture/group-orders.md "Group orders"): the token as capability, join,
// lines checked and priced like cart lines, who may change what, the lock and the deadline,
// the limits, and the host's one checkout with each person's subtotal on the receipt. Every
// answer is checked against the OpenAPI document (e2e/support/contract.ts).

type Group = {
  token: string;
  status: string;
  version: number;
  deadline: string | null;
  you: { participantId: number | null; isHost: boolean };
  host: { name: string };
  participants: { id: number; displayName: string; isHost: boolean; subtotal: number; lineCount: number }[];
  lines: {
    id: number;
    participantName: string;
    mine: boolean;
    name: string;
    quantity: number;
    unitPrice: number;
    lineTotal: number;
    options: { name: string; priceDelta: number }[];
  }[];
  subtotal: number;
  order: { id: number; stage: string; totalCost: number } | null;
};

async function ok<T = Group>(response: Awaited<ReturnType<Client["get"]>>, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return response.json() as Promise<T>;
}
async function refused(response: Awaited<ReturnType<Client["get"]>>, status: number, message?: string) {
  expect(response.status(), await response.text()).toBe(status);
  const body = await response.json();
  if (message) expect(body.message).toBe(message);
  return body as { message: string; errors?: Record<string, string> };
}
const patch = async (client: Client, url: string, data: unknown) => client.ctx.fetch(url, { method: "PATCH", data, headers: { "XSRF-Token": await client.xsrf() } });
const start = async (host: Client, restaurantId: number) => ok(await host.post("/api/group-orders", { restaurantId }), 201);
const join = async (client: Client, token: string, displayName: string) => ok(await client.post(`/api/group-orders/${token}/participants`, { displayName }));
const add = (client: Client, token: string, body: Record<string, unknown>) => client.post(`/api/group-orders/${token}/lines`, body);

test.describe("group orders", () => {
  test("a host starts one; a stranger without the token gets a 404; with it, reads, joins and adds", async ({ owner, customer, baseURL }) => {
    const group = await start(customer.client, owner.restaurant.id);
    expect(group.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(group).toMatchObject({ status: "open", you: { isHost: true }, participants: [{ isHost: true, lineCount: 0 }], order: null });
    const guest = await signUpGuest(baseURL!);
    await refused(await guest.client.get(`/api/group-orders/${"A".repeat(22)}`), 404, "Group order not found");
    await refused(await guest.client.get(`/api/group-orders/not-a-token`), 404, "Group order not found");
    await refused(await (await newClient(baseURL!)).get(`/api/group-orders/${group.token}`), 401);
    expect((await ok(await guest.client.get(`/api/group-orders/${group.token}`))).you).toEqual({ participantId: null, isHost: false });
    await refused(await add(guest.client, group.token, { menuItemId: owner.item.id, quantity: 1 }), 403, "Join this group order first");
    const joined = await join(guest.client, group.token, "Gus");
    expect(joined.you.participantId).not.toBeNull();
    const after = await ok(await add(guest.client, group.token, { menuItemId: owner.item.id, quantity: 2 }), 201);
    expect(after.lines).toEqual([expect.objectContaining({ participantName: "Gus", mine: true, quantity: 2, lineTotal: 2 * owner.item.price })]);
    // The host sees it too, not as theirs; polling with the current version answers 204.
    const seen = await ok(await customer.client.get(`/api/group-orders/${group.token}`));
    expect(seen.lines[0]!.mine).toBe(false);
    const unchanged = await customer.client.get(`/api/group-orders/${group.token}?since=${seen.version}`);
    expect([unchanged.status(), await unchanged.text()]).toEqual([204, ""]);
    expect((await customer.client.get(`/api/group-orders/${group.token}?since=${seen.version - 1}`)).status()).toBe(200);
    await refused(await customer.client.get(`/api/group-orders/${group.token}?since=abc`), 400);
  });

  test("the group's page shows the menu in the restaurant's sections, as the restaurant page does", async ({ owner, customer }) => {
    const restaurant = await createRestaurant(owner.client);
    const dish = await createItem(owner.client, restaurant.id);
    const section = await ok<{ section: { id: number } }>(await owner.client.post(`/api/manage/${restaurant.id}/sections`, { name: "Lunch specials" }), 201);
    await ok(await owner.client.put(`/api/manage/${restaurant.id}/sections/${section.section.id}/dishes`, { menuItemIds: [dish.id] }));
    const group = await start(customer.client, restaurant.id);
    const page = await customer.client.get(`/group/${group.token}`);
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(headings(html, 2)).toContain("Lunch specials");
    expect((await (await customer.client.get(`/restaurants/${restaurant.id}`)).text()).match(/id="menu-section-\d+"/g)).toEqual(html.match(/id="menu-section-\d+"/g));
  });

  test("bad input is a 400 naming the field and changes nothing", async ({ owner, customer }) => {
    const group = await start(customer.client, owner.restaurant.id);
    const other = await createRestaurant(owner.client);
    const elsewhere = await createItem(owner.client, other.id);
    const sized = await createItem(owner.client, owner.restaurant.id, {
      option_groups: [
        {
          name: "Size",
          min_choices: 1,
          max_choices: 1,
          options: [
            { name: "Small", price_delta: 0 },
            { name: "Large", price_delta: 2 },
          ],
        },
      ],
    });
    const url = `/api/group-orders/${group.token}`;
    expect((await refused(await add(customer.client, group.token, { menuItemId: owner.item.id, quantity: 21 }), 400)).errors).toEqual({
      quantity: inEnglish(GROUP_SAID.quantity),
    });
    expect((await refused(await add(customer.client, group.token, { menuItemId: owner.item.id, quantity: 0 }), 400)).errors).toEqual({
      quantity: inEnglish(GROUP_SAID.quantity),
    });
    expect((await refused(await add(customer.client, group.token, { menuItemId: elsewhere.id, quantity: 1 }), 400)).errors).toEqual({
      menuItemId: `Menu item ${elsewhere.id} is not on this restaurant's menu`,
    });
    expect((await refused(await add(customer.client, group.token, { menuItemId: sized.id, quantity: 1 }), 400)).errors).toEqual({
      options: `Choose 1 Size for ${sized.name}`,
    });
    expect((await refused(await customer.client.post(`${url}/participants`, { displayName: "x".repeat(31) }), 400)).errors).toEqual({
      displayName: inEnglish(GROUP_SAID.displayName),
    });
    expect((await refused(await customer.client.post(`${url}/participants`, { displayName: "  " }), 400)).errors).toEqual({
      displayName: inEnglish(GROUP_SAID.displayName),
    });
    expect((await refused(await patch(customer.client, url, { deadline: "2020-01-01T00:00:00Z" }), 400)).errors).toEqual({
      deadline: "deadline must be an ISO date and time in the future, before the group order expires",
    });
    expect((await refused(await patch(customer.client, url, { locked: "yes" }), 400)).errors).toEqual({ locked: "locked must be true or false" });
    await refused(await customer.client.post("/api/group-orders", { restaurantId: "x" }), 400);
    const now = await ok(await customer.client.get(url));
    expect([now.version, now.lines, now.status]).toEqual([group.version, [], "open"]);
  });

  test("a participant changes only their own lines; the host removes anyone's; host actions are the host's (403)", async ({ owner, customer, baseURL }) => {
    const group = await start(customer.client, owner.restaurant.id);
    const [ana, ben] = [await signUpCustomer(baseURL!), await signUpGuest(baseURL!)];
    await join(ana.client, group.token, "Ana");
    await join(ben.client, group.token, "Ben");
    const line = (await ok(await add(ana.client, group.token, { menuItemId: owner.item.id, quantity: 1 }), 201)).lines[0]!;
    const lineUrl = `/api/group-orders/${group.token}/lines/${line.id}`;
    await refused(await patch(ben.client, lineUrl, { quantity: 5 }), 403, "You can only change your own items");
    await refused(await ben.client.del(lineUrl), 403, "You can only change your own items");
    await refused(await patch(customer.client, lineUrl, { quantity: 5 }), 403, "You can only change your own items");
    expect((await ok(await patch(ana.client, lineUrl, { quantity: 3 }))).lines[0]).toMatchObject({ quantity: 3 });
    const url = `/api/group-orders/${group.token}`;
    await refused(await patch(ana.client, url, { locked: true }), 403, "Only the host can do this");
    await refused(await ana.client.del(url), 403, "Only the host can do this");
    await refused(await ana.client.post(`${url}/checkout`, standardWallet), 403, "Only the host can do this");
    expect((await ok(await customer.client.del(lineUrl))).lines).toEqual([]);
    await refused(await customer.client.del(lineUrl), 404, "Line not found");
  });

  test("the same dish with the same choices added twice is one line with the quantities summed; other choices are another line", async ({ owner, customer }) => {
    const sized = await createItem(owner.client, owner.restaurant.id, {
      option_groups: [
        {
          name: "Size",
          min_choices: 1,
          max_choices: 1,
          options: [
            { name: "Small", price_delta: 0 },
            { name: "Large", price_delta: 2 },
          ],
        },
      ],
    });
    const options = (sized.optionGroups as { options: { id: number; name: string }[] }[])[0]!.options;
    const [small, large] = [options.find((o) => o.name === "Small")!.id, options.find((o) => o.name === "Large")!.id];
    const group = await start(customer.client, owner.restaurant.id);
    await ok(await add(customer.client, group.token, { menuItemId: sized.id, quantity: 1, options: [large] }), 201);
    await ok(await add(customer.client, group.token, { menuItemId: sized.id, quantity: 2, options: [small] }), 201);
    const merged = await ok(await add(customer.client, group.token, { menuItemId: sized.id, quantity: 2, options: [large] }), 201);
    expect(merged.lines.map((line) => [line.options.map((o) => o.name), line.quantity])).toEqual([
      [["Large"], 3],
      [["Small"], 2],
    ]);
    expect(merged.lines[0]!.lineTotal).toBeCloseTo(3 * (sized.price + 2), 2);
    const over = await refused(await add(customer.client, group.token, { menuItemId: sized.id, quantity: 18, options: [large] }), 400);
    expect(over.errors).toEqual({ quantity: `You already have 3 of ${sized.name} in this group order: at most 20 in one line` });
    expect((await ok(await customer.client.get(`/api/group-orders/${group.token}`))).version).toBe(merged.version);
  });

  test("the lock and the deadline stop participants' changes with the message; unlock reopens", async ({ owner, customer, baseURL }) => {
    const group = await start(customer.client, owner.restaurant.id);
    const ana = await signUpCustomer(baseURL!);
    await join(ana.client, group.token, "Ana");
    const url = `/api/group-orders/${group.token}`;
    const locked = await ok(await patch(customer.client, url, { locked: true }));
    expect(locked).toMatchObject({ status: "locked" });
    await refused(await add(ana.client, group.token, { menuItemId: owner.item.id, quantity: 1 }), 409, "The host has locked this order");
    await refused(await add(customer.client, group.token, { menuItemId: owner.item.id, quantity: 1 }), 409, "The host has locked this order");
    await ok(await patch(customer.client, url, { locked: false }));
    const deadline = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    expect((await ok(await patch(customer.client, url, { deadline }))).deadline).toBe(deadline);
    await ok(await add(ana.client, group.token, { menuItemId: owner.item.id, quantity: 1 }), 201);
  });

  test("the host pays for everyone once; the receipt shows each person's subtotal; participants follow the order; the link is then dead to others", async ({
    owner,
    customer,
    baseURL,
  }) => {
    const group = await start(customer.client, owner.restaurant.id);
    const [ana, ben, stranger] = [await signUpCustomer(baseURL!), await signUpGuest(baseURL!), await signUpCustomer(baseURL!)];
    await join(ana.client, group.token, "Ana");
    await join(ben.client, group.token, "Ben");
    await ok(await add(customer.client, group.token, { menuItemId: owner.item.id, quantity: 1 }), 201);
    await ok(await add(ana.client, group.token, { menuItemId: owner.item.id, quantity: 2 }), 201);
    await ok(await add(ben.client, group.token, { menuItemId: owner.item.id, quantity: 3 }), 201);
    const url = `/api/group-orders/${group.token}`;
    await refused(await customer.client.post(`${url}/checkout`, standardWallet), 409, "Lock the group order before checking out");
    await ok(await patch(customer.client, url, { locked: true }));
    const walletBefore = (await ok<{ wallet: number }>(await customer.client.get("/api/auth/"))).wallet;
    const key = { "Idempotency-Key": `group-${group.token}` };
    const { order, group: placed } = await ok<{ order: Record<string, unknown> & { id: number; totalCost: number; subtotal: number }; group: Group }>(
      await customer.client.post(`${url}/checkout`, standardWallet, key),
    );
    const again = await customer.client.post(`${url}/checkout`, standardWallet, key);
    expect((await again.json()).order.id).toBe(order.id);
    await refused(await customer.client.post(`${url}/checkout`, standardWallet), 409, "This group order was already placed");
    const price = owner.item.price;
    expect(order).toMatchObject({ stage: "placed", subtotal: 6 * price });
    expect(order.group).toEqual({
      hostName: customer.user.firstName,
      participants: [
        { name: customer.user.firstName, subtotal: price },
        { name: "Ana", subtotal: 2 * price },
        { name: "Ben", subtotal: 3 * price },
      ],
    });
    expect((order.orderItems as { addedBy: string }[]).map((line) => line.addedBy)).toEqual([customer.user.firstName, "Ana", "Ben"]);
    const walletAfter = (await ok<{ wallet: number }>(await customer.client.get("/api/auth/"))).wallet;
    expect(Math.round((walletBefore - walletAfter) * 100)).toBe(Math.round(order.totalCost * 100));
    expect(placed).toMatchObject({ status: "placed", order: { id: order.id } });
    // Participants follow it through the group and read the order itself (e2e/group-orders/members.api.spec.ts); others cannot.
    expect((await ok(await ben.client.get(url))).order).toMatchObject({ id: order.id, stage: "placed" });
    expect(await ok(await ana.client.get(`/api/orders/${order.id}`))).toMatchObject({ id: order.id, group: { member: { name: "Ana" } } });
    await refused(await stranger.client.get(`/api/orders/${order.id}`), 404);
    await refused(await stranger.client.get(url), 404, "Group order not found");
    await refused(await stranger.client.post(`${url}/participants`, { displayName: "Late" }), 404);
    await refused(
      await ana.client.post(`/api/group-orders/${group.token}/lines`, { menuItemId: owner.item.id, quantity: 1 }),
      409,
      "This group order was already placed",
    );
  });

  test("an empty group cannot be checked out; a canceled link is dead", async ({ owner, customer, baseURL }) => {
    const group = await start(customer.client, owner.restaurant.id);
    const ana = await signUpCustomer(baseURL!);
    await join(ana.client, group.token, "Ana");
    const url = `/api/group-orders/${group.token}`;
    await ok(await patch(customer.client, url, { locked: true }));
    expect((await refused(await customer.client.post(`${url}/checkout`, standardWallet), 400, "This group order has no items yet")).errors).toEqual({
      lines: "This group order has no items yet",
    });
    expect(await ok(await customer.client.del(url))).toMatchObject({ status: "canceled" });
    await refused(await ana.client.get(url), 404, "Group order not found");
    await refused(await customer.client.get(url), 404, "Group order not found");
  });

  test("a restaurant not taking orders refuses a new group (409)", async ({ owner, customer }) => {
    expect((await owner.client.del(`/api/manage/${owner.restaurant.id}?type=soft`)).status()).toBe(200);
    await refused(await customer.client.post("/api/group-orders", { restaurantId: owner.restaurant.id }), 409, "This restaurant is not taking orders right now");
    await refused(await customer.client.post("/api/group-orders", { restaurantId: 2_000_000_000 }), 404, "Restaurant not found");
  });

  test("25 participants at most: the 26th is told the group is full", async ({ owner, customer, baseURL }) => {
    test.setTimeout(120_000);
    const group = await start(customer.client, owner.restaurant.id);
    for (let i = 1; i < 25; i++) {
      const guest = await signUpGuest(baseURL!);
      await join(guest.client, group.token, `Guest ${i}`);
      await guest.client.dispose();
    }
    const late = await signUpGuest(baseURL!);
    await refused(await late.client.post(`/api/group-orders/${group.token}/participants`, { displayName: "Late" }), 409, "This group order is full");
  });

  test("two people adding at once both land", async ({ owner, customer, baseURL }) => {
    const group = await start(customer.client, owner.restaurant.id);
    const people = [await signUpCustomer(baseURL!), await signUpGuest(baseURL!), await signUpGuest(baseURL!)];
    for (const [i, p] of people.entries()) await join(p.client, group.token, `P${i}`);
    const answers = await Promise.all(people.map((p) => add(p.client, group.token, { menuItemId: owner.item.id, quantity: 1 })));
    expect(answers.map((a) => a.status())).toEqual([201, 201, 201]);
    expect((await ok(await customer.client.get(`/api/group-orders/${group.token}`))).lines).toHaveLength(3);
  });
});
