import { expect, test, type Page } from "../fixtures";
import type { Client } from "../support/api";
import { placeOrder, standardCard } from "../support/orders";
import { expectAccessible } from "../support/pages";

// The rest of the customer's order flow in Spanish (namespace `orderflow`, docs/architecture/languages.md):
// a delivered order's report form and card payment, its receipt, an unknown order, a group order's host page.

test.describe.configure({ timeout: 120_000 });

/** The fixture's session in the browser, reading Spanish (the footer's choice: the nosh_lang cookie). */
async function logInSpanish(page: Page, client: Client, baseURL: string) {
  await page.context().addCookies([...(await client.ctx.storageState()).cookies, { name: "nosh_lang", value: "es", url: baseURL }]);
}

test("a customer reading Spanish: the delivered order's report form, its receipt, an unknown order and a group order's host page", async ({
  page,
  baseURL,
  customer,
  owner,
}) => {
  const order = await placeOrder(customer.client, { restaurantId: owner.restaurant.id, itemId: owner.item.id, quantity: 2, submit: standardCard });
  expect((await owner.client.put(`/api/manage/${owner.restaurant.id}/orders/${order.id}`, { status: "Completed" })).status()).toBe(200);
  await logInSpanish(page, customer.client, baseURL!);

  await test.step("the order page: the report form", async () => {
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole("heading", { name: "¿Algún problema con tu pedido?" })).toBeVisible();
    await page.getByRole("button", { name: "Informar de un problema" }).click();
    await expect(page.getByRole("group", { name: "¿Qué artículos?" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviar el informe" })).toBeDisabled();
    await expect(page.getByRole("main")).not.toContainText("Something wrong");
    await expectAccessible(page, "the report form in Spanish");
  });

  await test.step("the receipt", async () => {
    await page.goto(`/orders/${order.id}/receipt`);
    await expect(page).toHaveTitle(new RegExp(`^Recibo del pedido n\\.º ${order.id}`));
    await expect(page.getByRole("heading", { level: 1, name: "Recibo" })).toBeVisible();
    await expect(page.getByRole("term").filter({ hasText: "Pagado con" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Descargar PDF" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver al pedido" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(/\d,\d{2}\u00a0US\$/);
  });

  await test.step("an unknown order", async () => {
    await page.goto("/orders/99999999");
    await expect(page.getByRole("heading", { name: "Pedido no encontrado" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ver tus pedidos" })).toBeVisible();
  });

  await test.step("a group order's host page", async () => {
    const started = await customer.client.post("/api/group-orders", { restaurantId: owner.restaurant.id });
    expect(started.status()).toBe(201);
    const { token } = (await started.json()) as { token: string };
    await page.goto(`/group/${token}`);
    await expect(page.getByRole("heading", { name: "Eres el organizador" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Carrito del grupo" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Bloquear el pedido" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Copiar el enlace" })).toBeVisible();
    await page.goto(`/group/${"A".repeat(22)}`);
    await expect(page.getByRole("main").getByText("Este enlace de pedido en grupo ya no está activo", { exact: true })).toBeVisible();
  });
});
