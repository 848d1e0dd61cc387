import { expect, test, type Page } from "../fixtures";
import { pageClient } from "../support/api";
import { createOrder, standardCard, submitOrder } from "../support/orders";
import { expectAccessible, shoot } from "../support/pages";

// A guest reaches support about their order (docs/architecture/help.md "A guest's order"), at a
// phone's width: the help centre's "Contact us" opens the form for their placed order (not the
// sign-up), the message is sent and listed; the order page's "Get help with this order" link opens
// the same order's form signed out, on another device, where a message goes through too; a link
// whose token is not the order's says so and shows nothing. Screenshots at 390 and 1280 px.

test.describe.configure({ timeout: 90_000 });

const help = (page: Page) => page.getByRole("form", { name: "Contact us" });

test("a guest writes to support about their order from the help centre, and signed out from the order's help link", async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue as guest" }).click();
  await page.waitForURL("**/home");
  const client = await pageClient(page);
  const order = await submitOrder(client, (await createOrder(client, 3)).id, { ...standardCard, deliveryOption: "pickup" });
  const first = `My pickup order was not ready ${Date.now().toString(36)}`;
  const later = `And the drink was missing ${Date.now().toString(36)}`;

  await test.step("the help centre's Contact us opens the form for the guest's order", async () => {
    await page.goto("/help");
    await page.getByRole("link", { name: "Contact us" }).click();
    await page.waitForURL("**/help/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
    const which = help(page).getByRole("combobox", { name: "Which order?" });
    await expect(which).toHaveValue(String(order.id));
    await expect(which.getByRole("option")).toHaveCount(1);
    await help(page)
      .getByRole("combobox", { name: /^What is it about\?/ })
      .selectOption("order");
    await help(page)
      .getByRole("textbox", { name: /^Your message/ })
      .fill(first);
    await help(page).getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The answer will show on this page." })).toBeVisible();
    await expect(page.getByText(first)).toBeVisible();
    await expectAccessible(page, "guest contact");
    await shoot(page, "guest-contact");
  });

  let link = "";
  await test.step("the order page's help link opens that order's form signed out, and a message goes through", async () => {
    await page.goto(`/orders/${order.id}`);
    const get = page.getByRole("link", { name: "Get help with this order" });
    await expect(get).toBeVisible();
    link = (await get.getAttribute("href"))!;
    expect(link).toMatch(new RegExp(`^/help/contact\\?order=${order.id}&token=[A-Za-z0-9_-]{43}$`));
    await shoot(page, "guest-order-help-link");

    const other = await browser.newContext({ baseURL, viewport: { width: 390, height: 900 } });
    const visitor = await other.newPage();
    await visitor.goto(link);
    await expect(visitor.getByText("keep its link to read the answer on any device")).toBeVisible();
    await expect(visitor.getByRole("heading", { name: "Messages about this order" })).toBeVisible();
    await expect(visitor.getByText(first)).toBeVisible();
    await help(visitor)
      .getByRole("combobox", { name: /^What is it about\?/ })
      .selectOption("order");
    await help(visitor)
      .getByRole("textbox", { name: /^Your message/ })
      .fill(later);
    await help(visitor).getByRole("button", { name: "Send message" }).click();
    await expect(visitor.getByRole("status").filter({ hasText: "The answer will show on this page." })).toBeVisible();
    await expect(visitor.getByText(later)).toBeVisible();
    await expectAccessible(visitor, "guest help link signed out");
    await shoot(visitor, "guest-help-link");

    // The token of another order (or a changed one) opens nothing and names no order.
    const token = new URL(link, baseURL).searchParams.get("token")!;
    await visitor.goto(`/help/contact?order=${order.id + 100_000}&token=${token}`);
    await expect(visitor.getByRole("heading", { level: 1, name: "This help link does not open an order" })).toBeVisible();
    await expect(visitor.getByText(first)).toHaveCount(0);
    await expectAccessible(visitor, "help link not valid");
    await shoot(visitor, "guest-help-link-not-valid");
    await other.close();
  });
});
