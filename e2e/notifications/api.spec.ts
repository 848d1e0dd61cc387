import { expect, test } from "../fixtures";
import { signUpCustomer } from "../support/api";
import { cookieOf, openEventStream } from "../support/events";
import { pathOf, unsubscribeLinkOf } from "../support/mailbox";
import { acceptOrder, placeOrder } from "../support/orders";

// The notification centre and the choices over HTTP (docs/architecture/notifications.md): the
// rows an order's steps write, the bell's stream, read marks, and that nobody lists or marks
// another person's notifications. The outbox's worker, retries and email:
// lib/server/notifications/outbox.test.ts.

type Page = { notifications: { id: number; kind: string; title: string; href: string; read: boolean; payload: { orderId?: number } }[]; unread: number; more: boolean };

test.describe("notifications", () => {
  test("an order's steps reach the customer's and the owner's bells, live, and read marks count down", async ({ baseURL, owner, customer }) => {
    const bell = await openEventStream(`${baseURL}/api/notifications/events`, { cookie: await cookieOf(owner.client) });
    try {
      expect(bell.status).toBe(200);
      const order = await placeOrder(customer.client, { restaurantId: owner.restaurant.id, itemId: owner.item.id });
      // The owner's bell hears of it; its stream carries only wake-ups, never the order's own events.
      const woke = await bell.waitFor((m) => m.event === "notification" && m.data.orderId === order.id, "the owner's wake-up");
      expect(woke.data.restaurantId).toBeNull();
      expect(bell.messages.every((m) => m.event === "notification")).toBe(true);

      const ownerPage = (await (await owner.client.get("/api/notifications")).json()) as Page;
      expect(ownerPage.unread).toBe(1);
      expect(ownerPage.notifications[0]).toMatchObject({ kind: "owner_new_order", href: `/restaurants/${owner.restaurant.id}/orders`, read: false });

      await acceptOrder(owner.client, owner.restaurant.id, order.id);
      const customerPage = (await (await customer.client.get("/api/notifications")).json()) as Page;
      expect(customerPage.notifications.map((n) => n.kind)).toEqual(["order_accepted", "order_receipt"]);
      expect(customerPage.notifications.every((n) => n.href === `/orders/${order.id}`)).toBe(true);
      expect(customerPage.unread).toBe(2);

      const one = await customer.client.post("/api/notifications/read", { ids: [customerPage.notifications[0]!.id] });
      expect(one.status()).toBe(200);
      expect(await one.json()).toEqual({ unread: 1 });
      const all = await customer.client.post("/api/notifications/read", { all: true });
      expect(await all.json()).toEqual({ unread: 0 });
      const after = (await (await customer.client.get("/api/notifications")).json()) as Page;
      expect(after.notifications.map((n) => n.read)).toEqual([true, true]);
    } finally {
      bell.close();
    }
  });

  test("another person's notifications are never listed, and marking one is a 404 that changes nothing", async ({ baseURL, owner, customer }) => {
    await placeOrder(customer.client, { restaurantId: owner.restaurant.id, itemId: owner.item.id });
    const mine = (await (await customer.client.get("/api/notifications")).json()) as Page;
    expect(mine.notifications).toHaveLength(1);
    const stranger = await signUpCustomer(baseURL!);
    const theirs = (await (await stranger.client.get("/api/notifications")).json()) as Page;
    expect(theirs).toEqual({ notifications: [], unread: 0, more: false });

    const refused = await stranger.client.post("/api/notifications/read", { ids: [mine.notifications[0]!.id] });
    expect(refused.status()).toBe(404);
    // One of yours and one of someone else's: nothing is marked.
    const ownerPage = (await (await owner.client.get("/api/notifications")).json()) as Page;
    const mixed = await owner.client.post("/api/notifications/read", { ids: [ownerPage.notifications[0]!.id, mine.notifications[0]!.id] });
    expect(mixed.status()).toBe(404);
    expect(((await (await owner.client.get("/api/notifications")).json()) as Page).unread).toBe(1);
    expect(((await (await customer.client.get("/api/notifications")).json()) as Page).unread).toBe(1);
    // "All" is one's own all.
    await stranger.client.post("/api/notifications/read", { all: true });
    expect(((await (await customer.client.get("/api/notifications")).json()) as Page).unread).toBe(1);
  });

  test("bad input: a read mark without ids or all, unknown kinds and channels are 400s naming the field", async ({ customer }) => {
    for (const body of [{}, { ids: [] }, { ids: ["x"] }, { all: false }]) {
      const response = await customer.client.post("/api/notifications/read", body);
      expect(response.status(), JSON.stringify(body)).toBe(400);
    }
    const unknownKind = await customer.client.put("/api/account/notifications", { preferences: [{ kind: "marketing", channel: "email", enabled: true }] });
    expect(unknownKind.status()).toBe(400);
    expect((await unknownKind.json()).errors).toHaveProperty(["preferences.0.kind"]);
    const unknownChannel = await customer.client.put("/api/account/notifications", { preferences: [{ kind: "order_receipt", channel: "pigeon", enabled: true }] });
    expect(unknownChannel.status()).toBe(400);
    expect((await customer.client.get("/api/notifications?limit=0")).status()).toBe(400);
  });

  test("the choices: defaults on for receipts and order problems, a customer sees no owner kinds; an in-app choice turned off keeps it off the bell", async ({
    owner,
    customer,
  }) => {
    const choices = (await (await customer.client.get("/api/account/notifications")).json()) as {
      channels: string[];
      kinds: { kind: string; channels: Record<string, boolean> }[];
    };
    expect(choices.channels).toEqual(["in_app", "email", "push"]);
    const byKind = Object.fromEntries(choices.kinds.map((k) => [k.kind, k.channels]));
    expect(byKind.order_receipt).toEqual({ in_app: true, email: true, push: false });
    expect(byKind.order_rejected).toEqual({ in_app: true, email: true, push: true });
    expect(byKind.owner_new_order).toBeUndefined();
    expect(((await (await owner.client.get("/api/account/notifications")).json()) as typeof choices).kinds.map((k) => k.kind)).toContain("owner_new_order");

    const saved = await customer.client.put("/api/account/notifications", { preferences: [{ kind: "order_receipt", channel: "in_app", enabled: false }] });
    expect(saved.status()).toBe(200);
    expect(((await saved.json()) as typeof choices).kinds.find((k) => k.kind === "order_receipt")!.channels).toEqual({ in_app: false, email: true, push: false });
    const order = await placeOrder(customer.client, { restaurantId: owner.restaurant.id, itemId: owner.item.id });
    await acceptOrder(owner.client, owner.restaurant.id, order.id);
    const page = (await (await customer.client.get("/api/notifications")).json()) as Page;
    expect(page.notifications.map((n) => n.kind)).toEqual(["order_accepted"]);
  });

  test("the OpenAPI document describes the routes", async ({ request }) => {
    const document = (await (await request.get("/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(document.paths["/api/notifications"]!)).toContain("get");
    expect(Object.keys(document.paths["/api/notifications/read"]!)).toContain("post");
    expect(Object.keys(document.paths["/api/notifications/events"]!)).toContain("get");
    expect(Object.keys(document.paths["/api/account/notifications"]!).sort()).toEqual(["get", "put"]);
  });
  test("a mail's one-click unsubscribe: GET only asks, a tampered link is a 400, the provider's POST (no session, no anti-forgery token) turns that email off", async ({
    customer,
    request,
    baseURL,
  }) => {
    const emailOn = async (kind: string) => {
      const choices = (await (await customer.client.get("/api/account/notifications")).json()) as { kinds: { kind: string; channels: { email: boolean } }[] };
      return choices.kinds.find((k) => k.kind === kind)!.channels.email;
    };
    // The signup's welcome mail, in the development mailbox, carries the link: to the server that
    // sent it (whichever of the suite's two processes' workers took the mail; PUBLIC_ORIGIN unset).
    const full = await unsubscribeLinkOf(customer.client, "Welcome to Nosh");
    expect([baseURL, process.env.E2E_SECOND_URL]).toContain(new URL(full).origin);
    const link = pathOf(full);
    expect(await emailOn("account_welcome")).toBe(true);

    const page = await request.get(link, { headers: { accept: "text/html" } });
    expect(page.status()).toBe(200);
    expect(page.headers()["content-type"]).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("Welcome mail when you sign up");
    expect(html).toMatch(/<form method="post" action="\/api\/notifications\/unsubscribe\?token=[\w.-]+">/);
    expect(await emailOn("account_welcome")).toBe(true); // GET changed nothing

    const token = new URL(link, "http://x").searchParams.get("token")!;
    const [userId, , signature] = token.split(".");
    for (const forged of [`${userId}.order_receipt.${signature}`, `${Number(userId) + 1}.account_welcome.${signature}`, "junk"]) {
      const refused = await request.post(`/api/notifications/unsubscribe?token=${forged}`, { form: { "List-Unsubscribe": "One-Click" } });
      expect(refused.status()).toBe(400);
      expect(await refused.json()).toMatchObject({ message: "This unsubscribe link is not valid" });
    }
    expect(await emailOn("account_welcome")).toBe(true);
    expect(await emailOn("order_receipt")).toBe(true);

    // RFC 8058: the mail provider POSTs "List-Unsubscribe=One-Click", without cookies.
    const done = await request.post(link, { form: { "List-Unsubscribe": "One-Click" } });
    expect(done.status()).toBe(200);
    expect(await done.json()).toEqual({ unsubscribed: true, kind: "account_welcome" });
    expect(await emailOn("account_welcome")).toBe(false);
    expect(await emailOn("order_receipt")).toBe(true);
    // The page's button (a browser's form POST): 303 to the confirmation page.
    const again = await request.post(link, { headers: { accept: "text/html" }, form: {}, maxRedirects: 0 });
    expect(again.status()).toBe(303);
    const location = again.headers()["location"]!;
    expect(location).toMatch(/&done=1$/);
    const confirmation = await request.get(location, { headers: { accept: "text/html" } });
    expect(await confirmation.text()).toContain("You are unsubscribed");
  });
});
