import { expect, test, type Page } from "../fixtures";
import { pageClient, signUp } from "../support/api";

// A name may start or end with an emoji: the avatar's initials take whole characters, so the
// server's HTML and the client's render agree (a split surrogate pair is U+FFFD in the HTML and
// a lone surrogate on the client: React #418 on every page).

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

test('customers named "Nina 🍕" and "🍕 Pizza" see "N🍕" and "🍕P" in the avatar and no hydration error', async ({ page }) => {
  const errors = watchErrors(page);
  for (const [name, expected] of [
    ["Nina 🍕", "N🍕"],
    ["🍕 Pizza", "🍕P"],
  ] as const) {
    await test.step(`${name}: ${expected}`, async () => {
      // Each customer as on a browser of their own: the first one's cookies and storage go.
      await page.context().clearCookies();
      if (page.url().startsWith("http")) await page.evaluate(() => localStorage.clear());
      await signUp(await pageClient(page), { name }, "emoji");
      for (const path of ["/home", "/account", "/orders"]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        const avatar = page.getByRole("link", { name: "Account" }).locator("span");
        await expect(avatar).toHaveText(expected);
        expect(await avatar.textContent()).not.toContain("\uFFFD");
      }
      expect(errors, name).toEqual([]);
    });
  }
});
