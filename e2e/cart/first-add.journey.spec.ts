import { expect, test, type Page } from "../fixtures";
import { pageClient, uniqueEmail } from "../support/api";
import { alertWith, cartButton, expectAccessible, fillSignupForm, signUpInBrowser } from "../support/pages";

// A new customer's first Add (docs/architecture/cart-checkout-reviews.md, "A customer's first Add"). The address typed on the landing page is saved
// on signup; a customer without one gets the address form at Add, and the item goes in once
// it is saved.

const ADDRESS = "500 Market St, San Francisco, CA, 94105";
const ADDRESS_RULE = "Address must by ADDRESS, CITY, STATE, ZIP, seperated by commas";
const addButtons = (page: Page) => page.getByRole("button", { name: /^Add .+ to cart$/ });
const me = async (page: Page) =>
  (await (await page.request.get("/api/auth/")).json()) as { address: string | null; city: string | null; state: string | null; zip: string | null };

test("signing up: a bad address on the form is named under the field and creates no account; the address typed on the landing page is saved on signup, and the first Add works", async ({
  page,
}) => {
  await test.step("a bad address on the signup form is named under the field and creates no account", async () => {
    await page.goto("/signup");
    const email = uniqueEmail("bad-address");
    await fillSignupForm(page, { name: "Bea Bad", credential: email, address: "500 Market St, San Francisco" });
    await expect(page.getByText(ADDRESS_RULE)).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);

    // The server's rule, for a client that skips the form's check: 400 under `address`, nothing created.
    const client = await pageClient(page);
    for (const data of [{ address: "500 Market St, San Francisco" }, { address: "500 Market St", city: "San Francisco", zip: "94105" }]) {
      const response = await client.post("/api/auth/signup", { name: "Bea Bad", credential: email, password: "correct horse", ...data });
      expect(response.status()).toBe(400);
      expect((await response.json()).errors).toEqual({ address: ADDRESS_RULE });
    }
    const login = await client.post("/api/auth/login", { credential: email, password: "correct horse" });
    expect(login.status()).toBe(401);
  });

  await test.step("the address typed on the landing page is saved on signup, and the first Add works", async () => {
    await page.goto("/");
    await page.getByLabel("Delivery address").fill(ADDRESS);
    await page.getByRole("link", { name: "Sign up", exact: true }).first().click();
    await page.waitForURL("**/signup");
    const field = page.getByLabel("Delivery address (optional)");
    await expect(field).toHaveValue(ADDRESS);
    await expectAccessible(page, "signup with an address");
    await fillSignupForm(page, { name: "Fern First", credential: uniqueEmail("first-add") });
    await page.waitForURL("**/home");
    expect(await me(page)).toMatchObject({ address: "500 Market St", city: "San Francisco", state: "CA", zip: "94105" });
    await expect(page.getByRole("button", { name: /^Delivery address/ })).toContainText(ADDRESS);

    await page.goto("/restaurants/3");
    await addButtons(page).first().click();
    await expect(cartButton(page)).toHaveAccessibleName("Open cart, 1 item");
    await expect(page.getByRole("dialog", { name: "Delivery address" })).toHaveCount(0);
  });
});

test("without an address, Add opens the address form; a bad line is refused, a good one saves it and adds the item", async ({ page }) => {
  await signUpInBrowser(page, { address: false });
  await page.goto("/restaurants/3");
  const first = addButtons(page).first();
  const name = ((await first.getAttribute("aria-label")) ?? "").replace(/^Add (.+) to cart$/, "$1");
  await first.click();
  const dialog = page.getByRole("dialog", { name: "Delivery address" });
  await expect(dialog).toContainText("Please add a delivery address before adding items to your cart.");
  await expectAccessible(page, "address form at Add");

  await dialog.getByLabel("Address").fill("500 Market St");
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(dialog.getByText(ADDRESS_RULE)).toBeVisible();
  expect((await me(page)).address).toBeNull();
  await expect(cartButton(page)).toHaveAccessibleName("Open cart, 0 items");

  await dialog.getByLabel("Address").fill(ADDRESS);
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(dialog).toBeHidden();
  await expect(alertWith(page, `${name} is in your cart.`)).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName("Open cart, 1 item");
  expect(await me(page)).toMatchObject({ address: "500 Market St", city: "San Francisco", state: "CA", zip: "94105" });

  // The next Add goes straight in.
  await first.click();
  await expect(cartButton(page)).toHaveAccessibleName("Open cart, 2 items");
  await expect(dialog).toBeHidden();
});
