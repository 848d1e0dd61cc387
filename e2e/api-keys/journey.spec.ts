import { expect, test } from "../fixtures";
import { expectAccessible, shoot } from "../support/pages";

// A restaurant's API keys page in the browser (docs/architecture/api-keys.md): the empty state,
// a key created with a name and scopes and shown once with Copy, the list with its scopes and
// last use, revoked after a confirmation; accessible and laid out at 390 and 1280 px.

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

test("the API reference shows how to send a key, with a Copy button", async ({ page }) => {
  await page.goto("/developers/api");
  const example = page.locator("pre code").filter({ hasText: "Authorization: Bearer" });
  await expect(example).toContainText('curl -H "Authorization: Bearer $NOSH_API_KEY"');
  await expect(page.getByRole("button", { name: "Copy the API keys example" })).toBeVisible();
});
