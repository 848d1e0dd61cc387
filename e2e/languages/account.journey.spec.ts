import { expect, test } from "../fixtures";
import { expectAccessible, shoot, signUpInBrowser } from "../support/pages";
import { placeOrder, standardWallet } from "../support/orders";
import { createItem, createRestaurant } from "../support/owner";

// The account page's language (docs/architecture/languages.md "The person's setting"): on a
// phone, the select lists each language in its own words; saving it turns this browser's pages
// to it at once and keeps it on the account (mail and push).

test("on a phone, a customer chooses Spanish on the account page: the page turns Spanish and the account keeps it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpInBrowser(page);
  await page.goto("/account");
  const card = page.getByRole("region", { name: "Language" });
  const select = card.getByLabel("Nosh writes to you in");
  await expect(select).toHaveValue("en");
  await expect(select.locator("option")).toHaveText(["English", "Español", "Français"]);
  await card.scrollIntoViewIfNeeded();
  await expectAccessible(page, "the account's language card");
  await shoot(page, "account-language");

  await select.selectOption("es");
  await card.getByRole("button", { name: "Save language" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const spanish = page.getByRole("region", { name: "Idioma" });
  await expect(spanish.getByLabel("Nosh te escribe en")).toHaveValue("es");
  await expect(spanish.getByRole("button", { name: "Guardar idioma" })).toBeDisabled();
  await expectAccessible(page, "the account in Spanish");
  await shoot(page, "account-language-es");
  expect((await (await page.request.get("/api/auth")).json()).language).toBe("es");
});

test("a Spanish-reading kitchen prints its ticket in Spanish", async ({ page, customer }) => {
  const { user, client } = await signUpInBrowser(page);
  expect((await client.put(`/api/users/${user.id}`, { language: "es" })).status()).toBe(200);
  const restaurant = await createRestaurant(client);
  const item = await createItem(client, restaurant.id);
  const order = await placeOrder(customer.client, { restaurantId: restaurant.id, itemId: item.id, submit: { ...standardWallet, deliveryOption: "pickup" } });
  await page.goto(`/restaurants/${restaurant.id}/tickets/${order.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Pedido n.º ${order.id}`);
  await expect(page.getByRole("button", { name: "Imprimir comanda" })).toBeEnabled();
  await expect(page.getByRole("list", { name: "Artículos" })).toContainText(item.name);
  await expectAccessible(page, "the kitchen ticket in Spanish");
  await shoot(page, "ticket-es");
});
