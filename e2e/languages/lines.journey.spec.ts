import { expect, test } from "../fixtures";
import { createOrder } from "../support/orders";

// lib/shared's lines in the reader's language (the catalogue's `lines`, docs/architecture/languages.md):
// a paused kitchen's lines on the restaurant page and at checkout, and the schedule's days, read
// Spanish for a Spanish customer; English as before for an English one.

test.describe.configure({ timeout: 120_000 });

test("a paused restaurant in Spanish: its page's lines, checkout's refusal and the schedule's days", async ({ page, baseURL, customer, owner }) => {
  const id = owner.restaurant.id;
  await createOrder(customer.client, { restaurantId: id, itemId: owner.item.id });
  expect((await owner.client.put(`/api/manage/${id}/kitchen`, { pause: "30" })).status()).toBe(200);

  const english = await (await customer.client.get(`/restaurants/${id}`)).text();
  expect(english).toMatch(/Not taking orders until \d{1,2}:\d{2}\s(AM|PM)/);
  expect(english).toMatch(/Opens again at \d{1,2}:\d{2}/);

  const cookies = (await customer.client.ctx.storageState()).cookies;
  await page.context().addCookies([...cookies, { name: "nosh_lang", value: "es", url: baseURL! }]);

  await test.step("the restaurant page", async () => {
    await page.goto(`/restaurants/${id}`);
    await expect(page.getByText(/^No acepta pedidos hasta las \d{1,2}:\d{2}$/).first()).toBeVisible();
    await expect(page.getByText(/^Vuelve a abrir a las \d{1,2}:\d{2}$/)).toBeVisible();
  });

  await test.step("checkout: the refusal for now and the schedule's days", async () => {
    await page.goto("/orders");
    await page.getByRole("button", { name: "Continuar con el pago" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("status").filter({ hasText: `${owner.restaurant.name} no acepta pedidos hasta las` })).toContainText(
      "Puedes programar un pedido para más tarde.",
    );
    await expect(page.getByRole("main")).not.toContainText("not taking orders");
    // The slot checkout starts on, from the pause's end: "Hoy, 14:30".
    await expect(page.getByRole("main")).toContainText(/(Hoy|Mañana), \d{1,2}:\d{2}/);
    await page.getByRole("button", { name: "Cambiar la hora" }).click();
    await expect(page.getByRole("tab").first()).toHaveText(/^(Hoy|Mañana)$/);
  });
});
