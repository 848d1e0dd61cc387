import { expect, test } from "../fixtures";
import { newClient } from "../support/api";
import { placeOrder } from "../support/orders";

// The server's own words in the reader's language (docs/architecture/languages.md "Not yet"):
// an API error's message and field messages, and the bell's titles, in the request's language
// (the footer's cookie, else Accept-Language); English, and a request naming none, as ever.

const SPANISH = { "Accept-Language": "es-MX,es;q=0.9" };

test.describe("the server's words", () => {
  test("an error is in the request's language: Spanish for Accept-Language es, the spec's English otherwise", async ({ customer, baseURL }) => {
    // From an address of its own: the suite shares 127.0.0.1, whose failed logins are capped (playwright.config.ts).
    const stranger = await newClient(baseURL!, { "X-Forwarded-For": `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
    const wrong = { credential: customer.email, password: "not-the-password-1" };
    const spanish = await stranger.post("/api/auth/login", wrong, SPANISH);
    expect(spanish.status()).toBe(401);
    expect(await spanish.json()).toMatchObject({ message: "Credenciales no válidas", errors: { credential: "Credenciales no válidas" } });
    const english = await stranger.post("/api/auth/login", wrong);
    expect(await english.json()).toMatchObject({ message: "Invalid credentials", errors: { credential: "Invalid credentials" } });
    await stranger.dispose();

    const missing = "/api/orders/999999999";
    expect(await (await customer.client.get(missing, SPANISH)).json()).toEqual({ message: "No se encontró el pedido" });
    expect(await (await customer.client.get(missing)).json()).toEqual({ message: "Order not found" });
  });

  test("the bell's titles are in the request's language", async ({ customer }) => {
    const order = await placeOrder(customer.client);
    const titles = async (headers?: Record<string, string>) =>
      ((await (await customer.client.get("/api/notifications", headers)).json()).notifications as { title: string }[]).map((row) => row.title);
    await expect.poll(() => titles(SPANISH), { timeout: 15_000 }).toContain(`Pedido n.º ${order.id} realizado: tu recibo`);
    expect(await titles()).toContain(`Order #${order.id} placed: your receipt`);
  });
});
