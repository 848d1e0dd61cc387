import { expect, test } from "../fixtures";
import { newClient, signUpCustomer, signUpGuest, type Client } from "../support/api";
import { redirectOf } from "../support/html";
import { signUpOperator } from "../support/operator";
import { createOrder, placeOrder, standardCard, submitOrder } from "../support/orders";
import { createItem, createRestaurant } from "../support/owner";

// The help centre and "Contact us" (docs/architecture/help.md): articles searched by ?q=; a
// message opens a ticket in the operator's queue, linked to the person's order; the operator's
// reply reaches the person's notifications (and their mail: lib/server/support/tickets.test.ts
// over SMTP); the form is throttled.

test.describe("help and support", () => {
  test("the help centre lists articles for customers, owners and couriers and searches them", async ({ baseURL }) => {
    const visitor = await newClient(baseURL!);
    const all = await (await visitor.get("/help")).text();
    for (const heading of ["For customers", "For restaurant owners", "For couriers"]) expect(all).toContain(heading);
    const found = await visitor.get("/help?q=payout");
    expect(found.status()).toBe(200);
    const html = await found.text();
    expect(html).toContain("Payouts and commission");
    expect(html).not.toContain("Where is my order?");
    expect(await (await visitor.get("/help?q=zzqqxx")).text()).toContain("No articles match");
    // Contact needs an account: an anonymous visitor is sent to sign in.
    expect((await redirectOf(visitor.ctx, "/help/contact")).to).toMatch(/^\/login/);
  });

  test("a message about an order reaches the operator's queue, and the reply the person's notifications", async ({ baseURL }) => {
    const owner = await signUpCustomer(baseURL!);
    const restaurant = await createRestaurant(owner.client);
    const item = await createItem(owner.client, restaurant.id);
    const customer = await signUpCustomer(baseURL!);
    const order = await placeOrder(customer.client, { restaurantId: restaurant.id, itemId: item.id });
    const operator = await signUpOperator(baseURL!);
    const text = `My fries were cold ${Date.now().toString(36)}`;

    const refused = await customer.client.post("/api/support/tickets", { topic: "order", message: "short" });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors).toHaveProperty("message");
    const created = await customer.client.post("/api/support/tickets", { topic: "order", orderId: order.id, message: text });
    expect(created.status()).toBe(201);
    const { ticket } = (await created.json()) as { ticket: { id: number; status: string; orderId: number } };
    expect(ticket).toMatchObject({ status: "open", orderId: order.id });
    expect((await owner.client.post("/api/support/tickets", { topic: "order", orderId: order.id, message: "Not my order at all" })).status()).toBe(400);

    const queue = await (await operator.client.get("/admin/support")).text();
    expect(queue).toContain(text);
    expect(queue).toContain(`href="/admin/orders/${order.id}"`);
    expect((await customer.client.post("/api/admin/support/replies", { ticketId: ticket.id, body: "Hi" })).status()).toBe(403);

    const reply = `We refunded your fries ${Date.now().toString(36)}`;
    const answered = await operator.client.post("/api/admin/support/replies", { ticketId: ticket.id, body: reply });
    expect(answered.status()).toBe(201);
    expect((await answered.json()).ticket).toMatchObject({ status: "answered", replies: [{ body: reply }] });
    const bell = await (await customer.client.get("/api/notifications")).text();
    expect(bell).toContain(`Nosh support answered your message about order #${order.id}`);
    const page = await (await customer.client.get("/help/contact")).text();
    expect(page).toContain(reply);
  });

  test("the contact form takes at most 5 messages an hour from one person", async ({ baseURL }) => {
    const customer = await signUpCustomer(baseURL!);
    for (let i = 0; i < 5; i++) expect((await customer.client.post("/api/support/tickets", { topic: "other", message: `Question number ${i}` })).status()).toBe(201);
    const sixth = await customer.client.post("/api/support/tickets", { topic: "other", message: "One question too many" });
    expect(sixth.status()).toBe(429);
    expect(sixth.headers()["retry-after"]).toBeTruthy();
  });

  test("a guest writes about their order through its help link, signed in or signed out; another's order or a wrong token is a 404 and writes nothing", async ({
    baseURL,
  }) => {
    const owner = await signUpCustomer(baseURL!);
    const restaurant = await createRestaurant(owner.client);
    const item = await createItem(owner.client, restaurant.id);
    const guest = await signUpGuest(baseURL!);
    const order = await submitOrder(guest.client, (await createOrder(guest.client, { restaurantId: restaurant.id, itemId: item.id })).id, {
      ...standardCard,
      deliveryOption: "pickup",
    });
    const customer = await signUpCustomer(baseURL!);
    const another = await placeOrder(customer.client, { restaurantId: restaurant.id, itemId: item.id });
    const operator = await signUpOperator(baseURL!);

    // The guest's order page links its help page with the token; the guest's contact page offers that order.
    const link = await helpLinkOf(guest.client, order.id);
    const token = new URL(link, baseURL).searchParams.get("token")!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await (await guest.client.get("/help/contact")).text()).toContain(`Order #${order.id}`);
    // Without the link a guest's general message is still refused (nothing to answer to).
    expect((await guest.client.post("/api/support/tickets", { topic: "order", orderId: order.id, message: "Where is my order?" })).status()).toBe(403);

    const text = `Guest's order is late ${Date.now().toString(36)}`;
    const sent = await guest.client.post(`/api/orders/${order.id}/support`, { topic: "order", message: text, token });
    expect(sent.status(), await sent.text()).toBe(201);
    expect((await sent.json()).ticket).toMatchObject({ status: "open", orderId: order.id, message: text });
    // Signed out, the link alone: its page shows the order's form and messages, and a message goes through.
    const visitor = await newClient(baseURL!);
    const page = await visitor.get(link);
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toContain(text);
    expect(html).toContain(`Order #${order.id}`);
    const later = `And signed out ${Date.now().toString(36)}`;
    expect((await visitor.post(`/api/orders/${order.id}/support`, { topic: "delivery", message: later, token })).status()).toBe(201);
    const field = await visitor.post(`/api/orders/${order.id}/support`, { topic: "delivery", message: "short", token });
    expect(field.status()).toBe(400);
    expect((await field.json()).errors).toHaveProperty("message");

    // Nobody writes about another's order: the guest's token on it, a token changed, none: the same 404, nothing written.
    for (const [client, id, body] of [
      [visitor, another.id, { token }],
      [guest.client, another.id, { token }],
      [visitor, order.id, { token: `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}` }],
      [customer.client, order.id, { token: "" }],
      [customer.client, order.id, {}],
    ] as [Client, number, Record<string, string>][]) {
      const refused = await client.post(`/api/orders/${id}/support`, { topic: "order", message: "Someone else's order", ...body });
      expect(refused.status(), `${id} ${JSON.stringify(body)}`).toBe(body.token === undefined ? 400 : 404);
      expect(await refused.text()).not.toContain(text);
    }
    const wrongPage = await (await visitor.get(`/help/contact?order=${another.id}&token=${token}`)).text();
    expect(wrongPage).toContain("This help link does not open an order");
    expect(wrongPage).not.toContain(`Order #${another.id}`);

    // The operator's queue holds both, as the guest's messages about that order; the reply reaches the link's page.
    const queue = await (await operator.client.get("/admin/support")).text();
    expect(queue).toContain(text);
    expect(queue).toContain(later);
    const { ticket } = await sent.json();
    const reply = `We are on it ${Date.now().toString(36)}`;
    expect((await operator.client.post("/api/admin/support/replies", { ticketId: ticket.id, body: reply })).status()).toBe(201);
    expect(await (await visitor.get(link)).text()).toContain(reply);
    expect(await (await guest.client.get("/api/notifications")).text()).toContain(`Nosh support answered your message about order #${order.id}`);
  });

  test("a help link's messages count against its customer's 5 an hour", async ({ baseURL }) => {
    const owner = await signUpCustomer(baseURL!);
    const restaurant = await createRestaurant(owner.client);
    const item = await createItem(owner.client, restaurant.id);
    const guest = await signUpGuest(baseURL!);
    const order = await submitOrder(guest.client, (await createOrder(guest.client, { restaurantId: restaurant.id, itemId: item.id })).id, {
      ...standardCard,
      deliveryOption: "pickup",
    });
    const token = new URL(await helpLinkOf(guest.client, order.id), baseURL).searchParams.get("token")!;
    const visitor = await newClient(baseURL!);
    for (let i = 0; i < 5; i++)
      expect((await visitor.post(`/api/orders/${order.id}/support`, { topic: "order", message: `Question number ${i}`, token })).status()).toBe(201);
    const sixth = await guest.client.post(`/api/orders/${order.id}/support`, { topic: "order", message: "One question too many", token });
    expect(sixth.status()).toBe(429);
    expect(sixth.headers()["retry-after"]).toBeTruthy();
  });
});

/** The "Get help with this order" link of the order's page, as its customer reads it. */
async function helpLinkOf(client: Client, orderId: number): Promise<string> {
  const html = await (await client.get(`/orders/${orderId}`)).text();
  const href = /href="(\/help\/contact\?order=\d+(?:&amp;token=[^"]+)?)"/.exec(html)?.[1];
  if (!href) throw new Error(`no help link on /orders/${orderId}`);
  return href.replaceAll("&amp;", "&");
}
