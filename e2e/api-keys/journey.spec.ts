import { expect, test } from "../fixtures";
import { expectAccessible, shoot } from "../support/pages";

// A restaurant's API keys page in the browser (docs/architecture/api-keys.md): the empty state,
// a key created with a name and scopes and shown once with Copy, the list with its scopes and
// last use, revoked after a confirmation; how the deliveries a key asks for are paid, and the
// refusal when nothing can pay, in English and Spanish; accessible and laid out at 390 and 1280 px.

test("an owner creates an API key, sees it once, uses it and revokes it", async ({ page, owner, baseURL }) => {
  test.slow(); // two accessibility scans and screenshots at two widths
  await page.context().addCookies((await owner.client.ctx.storageState()).cookies);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! });
  const id = owner.restaurant.id;
  await page.goto("/restaurants/manage");
  await page.getByRole("link", { name: `API keys ${owner.restaurant.name}` }).click();
  await page.waitForURL(`**/restaurants/${id}/api-keys`);
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  await expect(page.getByText("No API keys yet")).toBeVisible();
  // How a delivery a key asks for is paid: up front, here on the owner's card (a new account's demo card; no earnings yet).
  const paying = page.getByRole("region", { name: "Paying for deliveries" });
  await expect(paying).toContainText("costs $6.49 plus the tip it sends, paid up front");
  await expect(paying).toContainText("Your available earnings do not cover a delivery now: it is charged to Visa •••• 4242.");
  await expect(paying).toContainText("On their way now: 0 of the 2 deliveries your restaurants may have at once until the owner's email address is verified.");
  await expectAccessible(page, "API keys, empty");
  await shoot(page, "api-keys-empty");

  // No scope chosen: said beside the scopes, nothing made.
  await page.getByLabel("Name", { exact: true }).fill("Kitchen display");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText("Choose at least one scope")).toBeVisible();
  await page.getByRole("checkbox", { name: /Orders: read/ }).check();
  await page.getByRole("checkbox", { name: /Order steps/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByTestId("new-api-key");
  await expect(shown).toHaveText(/^nosh_test_[A-Za-z0-9_-]{43}$/);
  const key = (await shown.textContent())!;
  await page.getByRole("button", { name: "Copy key" }).click();
  await expect(page.getByText("Copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  const row = page.getByRole("listitem").filter({ hasText: "Kitchen display" });
  await expect(row).toContainText("Orders: read");
  await expect(row).toContainText("Order steps");
  await expect(row).toContainText("never used");
  await expectAccessible(page, "API keys, one made");
  await shoot(page, "api-keys-created");

  // Used once, the list says when (after a reload: the key itself is gone from the page).
  const used = await page.request.get(`/api/manage/${id}/orders`, { headers: { Authorization: `Bearer ${key}` } });
  expect(used.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  await expect(page.getByRole("listitem").filter({ hasText: "Kitchen display" })).toContainText("last used");
  expect(await page.content()).not.toContain(key);

  // Revoked after a confirmation; the key stops working at once.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Revoke the key Kitchen display" }).click();
  await expect(page.getByText('The key "Kitchen display" was revoked.')).toBeVisible();
  await expect(page.getByText("No API keys yet")).toBeVisible();
  expect((await page.request.get(`/api/manage/${id}/orders`, { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(401);
});

test("with no earnings and no card, the page says delivery requests are refused, in the reader's language", async ({ page, owner }) => {
  test.slow(); // accessibility scans and screenshots in two languages
  for (const card of (await (await owner.client.get("/api/payment-methods")).json()).paymentMethods as { id: number }[])
    expect((await owner.client.del(`/api/payment-methods/${card.id}`)).status()).toBe(200);
  await page.context().addCookies((await owner.client.ctx.storageState()).cookies);
  await page.goto(`/restaurants/${owner.restaurant.id}/api-keys`);
  const refused = page.getByRole("region", { name: "Paying for deliveries" }).getByRole("status");
  await expect(refused).toContainText("Delivery requests are refused now: your restaurant has no earnings available to cover one and its owner has no saved card.");
  await expect(refused.getByRole("link", { name: "Add a card on the wallet page" })).toHaveAttribute("href", "/wallet");
  await expectAccessible(page, "API keys, deliveries refused");
  await shoot(page, "api-keys-deliveries-refused");

  await page.context().addCookies([{ name: "nosh_lang", value: "es", url: page.url() }]);
  await page.reload();
  const rechazo = page.getByRole("region", { name: "Pago de las entregas" }).getByRole("status");
  await expect(rechazo).toContainText("Las solicitudes de entrega se rechazan ahora");
  await expect(page.getByRole("region", { name: "Pago de las entregas" })).toContainText("cuesta 6,49 US$ más la propina");
  await expectAccessible(page, "API keys in Spanish, deliveries refused");
  await shoot(page, "api-keys-deliveries-refused-es");
});

test("the API reference shows how to send a key, with a Copy button", async ({ page }) => {
  await page.goto("/developers/api");
  const example = page.locator("pre code").filter({ hasText: "Authorization: Bearer" });
  await expect(example).toContainText('curl -H "Authorization: Bearer $NOSH_API_KEY"');
  await expect(page.getByRole("button", { name: "Copy the API keys example" })).toBeVisible();
});
