import { expect, test, type Page } from "../fixtures";
import { cartButton, expectAccessible, fillSignupModal, openMenu } from "../support/pages";

// Guest accounts on the account screens: /account offers the signup, and
// signing up from the guest session keeps the same account, so its cart stays.

const main = (page: Page) => page.getByRole("main");

async function continueAsGuest(page: Page) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue as guest" }).click();
  await page.waitForURL("**/home");
}

test.describe("guest accounts", () => {
  test("a guest visiting /account is offered the signup modal; signing up from the burger's Orders keeps the guest's cart and shows the new name", async ({ page }) => {
    await continueAsGuest(page);
    await test.step("a guest visiting /account is offered the signup modal", async () => {
      await page.goto("/account");
      await expect(main(page).getByText("You are browsing as a guest")).toBeVisible();
      await expect(main(page).getByRole("link", { name: "Edit name" })).toHaveCount(0);
      await expectAccessible(page, "guest account");
      await main(page).getByRole("button", { name: "Sign up" }).click();
      await expect(page.getByRole("dialog", { name: "Create your account" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog", { name: "Create your account" })).toBeHidden();
    });

    await test.step("signing up from the burger's Orders keeps the guest's cart and shows the new name", async () => {
      await page.goto("/restaurants/3");
      const addButtons = page.getByRole("button", { name: /^Add .+ to cart$/ });
      await addButtons.first().click();
      await addButtons.nth(1).click();
      await expect(cartButton(page)).toHaveAccessibleName("Open cart, 2 items");

      await (await openMenu(page)).getByRole("button", { name: "Orders" }).click();
      const dialog = page.getByRole("dialog", { name: "Create your account" });
      await fillSignupModal(dialog, { firstName: "Greta", lastName: "Guestly", label: "guest-cart" });
      await dialog.getByRole("button", { name: "Sign up" }).click();
      await expect(dialog).toBeHidden();

      await expect(cartButton(page)).toHaveAccessibleName("Open cart, 2 items");
      await expect((await openMenu(page)).getByText("Greta Guestly")).toBeVisible();
      await page.keyboard.press("Escape");
      await page.reload();
      await expect(cartButton(page)).toHaveAccessibleName("Open cart, 2 items");
      await page.goto("/account");
      await expect(main(page).getByRole("link", { name: "Edit name" })).toBeVisible();
    });
  });
});
