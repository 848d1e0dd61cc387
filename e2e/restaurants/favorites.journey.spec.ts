import { expect, test, type Page } from "../fixtures";
import { alertWith, signUpInBrowser } from "../support/pages";
import { signUpOwner } from "../support/owner";

// A restaurant's heart on its page (components/browse/restaurant-heart.tsx, whose code arrives after
// the page's; its call goes through useApiAction): the signed-out are asked to sign in, a
// customer's heart turns, stays across a reload, and turns back.

/** The heart the server rendered, once React has taken it over (its chunk loads beside the page's hydration). */
async function liveHeart(page: Page, name: string) {
  await page.waitForFunction((label) => {
    const button = [...document.querySelectorAll("button[aria-pressed]")].find((b) => b.getAttribute("aria-label") === label);
    return button !== undefined && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  }, name);
  return page.getByRole("button", { name, exact: true });
}

test("a restaurant's heart asks the signed-out to sign in, and turns and stays for a customer", async ({ page, baseURL }) => {
  const shop = await signUpOwner(baseURL!);
  const { id, name } = shop.restaurant;
  const add = `Add ${name} to favorites`;
  const remove = `Remove ${name} from favorites`;

  await page.goto(`/restaurants/${id}`);
  await (await liveHeart(page, add)).click();
  await expect(alertWith(page, "You must be logged in to add restaurants to the favorites")).toBeVisible();
  await expect(page.getByRole("button", { name: add, exact: true })).toHaveAttribute("aria-pressed", "false");

  await signUpInBrowser(page);
  await page.goto(`/restaurants/${id}`);
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/restaurants/${id}/favorite`) && r.request().method() === "PUT" && r.ok());
  await (await liveHeart(page, add)).click();
  await saved;
  await expect(page.getByRole("button", { name: remove, exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("button", { name: remove, exact: true })).toHaveAttribute("aria-pressed", "true");

  // Its card's heart on /favorites, pressed too.
  await page.goto("/favorites");
  await expect(page.getByRole("main").getByRole("button", { name: remove, exact: true })).toHaveAttribute("aria-pressed", "true");

  await page.goto(`/restaurants/${id}`);
  await expect(page.getByRole("button", { name: remove, exact: true })).toHaveAttribute("aria-pressed", "true");
  await (await liveHeart(page, remove)).click();
  await expect(page.getByRole("button", { name: add, exact: true })).toHaveAttribute("aria-pressed", "false");
});
