import { expect, test } from "../fixtures";
import { newClient } from "../support/api";
import { buttonsOf, headings, textOf } from "../support/html";
import { placeOrder, standardWallet } from "../support/orders";

// The person's own language (docs/architecture/languages.md "The person's setting"): kept on the
// account, set by PUT /api/users/{id} (the account page) or the footer's links while signed in,
// handed to the browser at sign-in, and the language of their order mails.

test.describe("the account's language", () => {
  test("saved by PUT /api/users/{id} (also this browser's cookie), read in the user JSON; an unknown one is a 400 naming the field; sign-in sets the cookie; the footer's link saves it", async ({
    customer,
    baseURL,
  }) => {
    const { client, user, email, password } = customer;
    expect((await (await client.get("/api/auth")).json()).language).toBeNull();
    const saved = await client.put(`/api/users/${user.id}`, { language: "es" });
    expect(saved.status()).toBe(200);
    expect((await saved.json()).language).toBe("es");
    expect(saved.headers()["set-cookie"]).toMatch(/nosh_lang=es;/);
    expect(await client.cookie("nosh_lang")).toBe("es");

    const refused = await client.put(`/api/users/${user.id}`, { language: "de" });
    expect(refused.status()).toBe(400);
    // Its message in the language just chosen (the cookie): the server's errors follow the request's.
    expect((await refused.json()).errors).toMatchObject({ language: "Debe ser uno de estos: en, es, fr" });
    // The spec's body, without the field, leaves it alone.
    expect((await (await client.put(`/api/users/${user.id}`, { first_name: "Ana" })).json()).language).toBe("es");

    const elsewhere = await newClient(baseURL!);
    const login = await elsewhere.post("/api/auth/login", { credential: email, password });
    expect(login.status()).toBe(200);
    expect(login.headers()["set-cookie"]).toMatch(/nosh_lang=es;/);
    expect(await elsewhere.cookie("nosh_lang")).toBe("es");

    expect((await elsewhere.get("/language/fr", { Referer: `${baseURL}/account` })).status()).toBe(200);
    expect((await (await client.get("/api/auth")).json()).language).toBe("fr");
    await elsewhere.dispose();
  });

  test("a Spanish customer's receipt email is in Spanish (the development mailbox)", async ({ customer }) => {
    const { client, user } = customer;
    expect((await client.put(`/api/users/${user.id}`, { language: "es" })).status()).toBe(200);
    const order = await placeOrder(client);
    let mail: string | undefined;
    await expect
      .poll(
        async () => {
          const html = await (await client.get("/dev/mailbox")).text();
          mail = html.split("<li").find((item) => item.includes(`n.º ${order.id}`));
          return mail;
        },
        { message: `the receipt of order ${order.id} in the development mailbox`, timeout: 15_000 },
      )
      .toBeTruthy();
    expect(mail).toContain(`Tu recibo de Nosh del pedido n.º ${order.id}`);
    expect(mail).toContain("Hola, Test:");
    expect(mail).toContain("Subtotal:");
    expect(mail).toContain("Propina:");
    expect(mail).toContain("Ver tu pedido:");
    expect(mail).not.toContain("Your Nosh receipt");
  });

  test("the kitchen ticket is in the reader's language: Spanish for a Spanish owner, English as before for the same order read by an English one", async ({
    owner,
    customer,
  }) => {
    const order = await placeOrder(customer.client, {
      restaurantId: owner.restaurant.id,
      itemId: owner.item.id,
      quantity: 2,
      submit: { ...standardWallet, deliveryOption: "pickup" },
    });
    const path = `/restaurants/${owner.restaurant.id}/tickets/${order.id}`;
    const english = await (await owner.client.get(path)).text();
    expect(headings(english)).toEqual([`Order #${order.id}`]);
    expect(textOf(/<article\b[^>]*data-print-view[^>]*>([\s\S]*?)<\/article>/.exec(english)![1]!)).toContain("2 items");

    expect((await owner.client.put(`/api/users/${owner.user.id}`, { language: "es" })).status()).toBe(200);
    const html = await (await owner.client.get(path)).text();
    expect(html).toMatch(/<html[^>]* lang="es"/);
    expect(headings(html)).toEqual([`Pedido n.º ${order.id}`]);
    const ticket = textOf(/<article\b[^>]*data-print-view[^>]*>([\s\S]*?)<\/article>/.exec(html)![1]!);
    expect(ticket).toContain("Para recoger");
    expect(ticket).toContain("Para Test");
    expect(ticket).toContain("Realizado ");
    expect(ticket).toContain(`2 × ${owner.item.name}`);
    expect(ticket).toContain("2 artículos");
    expect(buttonsOf(html)).toContain("Imprimir comanda");
  });
});
