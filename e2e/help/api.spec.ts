import { expect, test } from "../fixtures";
import { newClient, signUpCustomer } from "../support/api";
import { redirectOf } from "../support/html";
import { signUpOperator } from "../support/operator";
import { placeOrder } from "../support/orders";
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
});
