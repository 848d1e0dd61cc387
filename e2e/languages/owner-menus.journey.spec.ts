import { expect, test } from "../fixtures";
import { signUpInBrowser } from "../support/pages";
import { createItem, createRestaurant } from "../support/owner";

// The owner's menu and restaurant screens in Spanish (docs/architecture/languages.md): an owner
// whose browser asks for Spanish reads the menu page, the dish form, the restaurant form with its
// hours, the team, API keys and webhooks pages in Spanish, amounts formatted for Spanish.

test("an owner whose browser asks for Spanish manages the menu, the restaurant, the team, keys and webhooks in Spanish", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL, locale: "es-MX" });
  const page = await context.newPage();
  const { client } = await signUpInBrowser(page);
  const restaurant = await createRestaurant(client);
  const item = await createItem(client, restaurant.id);

  await page.goto(`/restaurants/${restaurant.id}/menu`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Menú");
  await expect(page.getByRole("link", { name: "Añadir plato" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Platos destacados" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Importar y exportar" })).toBeVisible();
  const dish = page.getByRole("list", { name: "Platos", exact: true }).getByRole("listitem").filter({ hasText: item.name });
  await expect(dish).toContainText(/\d,\d{2}\u00a0US\$/);

  await dish.getByRole("link", { name: `Editar ${item.name}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Editar plato");
  await expect(page.getByRole("group", { name: "Alérgenos y dieta" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Añadir grupo de opciones" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Guardar cambios" })).toBeVisible();

  await page.goto(`/restaurants/${restaurant.id}/update`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Editar restaurante");
  await expect(page.getByRole("group", { name: "Horario de apertura" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Lunes", exact: true })).toBeVisible();
  await expect(page.getByText(/^Los clientes ven: lun/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pedido mínimo y envío gratis" })).toBeVisible();

  for (const [path, title, heading] of [
    ["team", "Equipo", "Invitar a alguien"],
    ["api-keys", "Claves de API", "Crear una clave"],
    ["webhooks", "Webhooks", "Añadir un endpoint"],
  ] as const) {
    await page.goto(`/restaurants/${restaurant.id}/${path}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  }
  await context.close();
});
