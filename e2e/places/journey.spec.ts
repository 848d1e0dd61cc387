import { expect, test } from "../fixtures";
import { demoLogin, expectAccessible } from "../support/pages";

// Places in the browser: the restaurant page's "Too far for delivery, pickup available"
// for a signed-in customer beyond the radius (computed in the browser: the page is replayed to
// everyone), and /home?address= at a phone's width and a desktop's.

const TOO_FAR = "Too far for delivery, pickup available";
// Seeded: Rosa lives in the Mission; Temescal Pasta Bar (6) is in Oakland, Taqueria La Paloma (15) in the Mission.
const TEMESCAL = 6;
const LA_PALOMA = 15;

test("/home with an address at a phone's width and a desktop's; the restaurant page tells a customer beyond the radius that pickup is available, and no one else", async ({
  page,
}, testInfo) => {
  test.slow(); // a demo login, an accessibility scan, screenshots at two widths and seven page loads
  await test.step("/home with an address at a phone's width and a desktop's", async () => {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 1000 });
      await page.goto("/home?address=2889+Mission+St%2C+San+Francisco%2C+CA+94110&when=now");
      await expect(page.getByRole("heading", { name: /^Delivering now to 2889 Mission St/ })).toBeVisible();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      await page.screenshot({ path: testInfo.outputPath(`home-address-${width}.png`) });
    }
    await page.goto("/home?address=nowhere+at+all&when=now");
    await page.setViewportSize({ width: 360, height: 900 });
    await page.screenshot({ path: testInfo.outputPath("home-unreadable-360.png") });
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step("the restaurant page tells a customer beyond the radius that pickup is available, and no one else", async () => {
    await page.goto(`/restaurants/${TEMESCAL}`);
    await expect(page.getByRole("heading", { level: 1, name: "Temescal Pasta Bar" })).toBeVisible();
    await expect(page.getByText(TOO_FAR)).toHaveCount(0);
    // The address searched on /home stays the visitor's on the restaurant page.
    await expect(page.getByRole("link", { name: /^Delivery address: 2889 Mission St, San Francisco, CA 94110/ }).filter({ visible: true })).toHaveCount(1);

    await demoLogin(page, 1);
    await page.goto(`/restaurants/${TEMESCAL}`);
    const notice = page.getByRole("status").filter({ hasText: TOO_FAR });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(/Your address is \d+(\.\d)? km away; Temescal Pasta Bar delivers within 8 km\./);
    await expectAccessible(page, "restaurant too far");
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`restaurant-too-far-${width}.png`) });
    }
    // In pickup mode the notice has nothing to say.
    await page.getByRole("group", { name: "Order options" }).getByRole("button", { name: "Pickup" }).click();
    await expect(page.getByText(TOO_FAR)).toHaveCount(0);
    await page.getByRole("group", { name: "Order options" }).getByRole("button", { name: "Pickup" }).click();

    await page.goto(`/restaurants/${LA_PALOMA}`);
    await expect(page.getByRole("heading", { level: 1, name: "Taqueria La Paloma" })).toBeVisible();
    await expect(page.getByText(TOO_FAR)).toHaveCount(0);
  });
});
