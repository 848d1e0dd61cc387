import { expect, test, type Browser, type Page } from "../fixtures";
import { formatDate, formatDateTime, formatShortDateTime } from "@/lib/shared/time/format-date";
import { formatCents } from "@/lib/shared/money/money";
import { cartEstimate, checkoutDeliveryFeeCents } from "@/lib/shared/money/pricing";
import { scheduleSlots } from "@/lib/shared/time/schedule";
import { englishSlots } from "@/lib/contract/testing/in-english";
import { pageClient, signUp, uniqueEmail } from "../support/api";
import { createOrder, standardWallet } from "../support/orders";
import { alertWith, cartButton, expectAccessible, signUpInBrowser } from "../support/pages";
import { xsrf } from "../support/reviews";

// What a customer and an owner tripped over in a browser walk-through, each
// pinned through the pages of a production build.

test.describe.configure({ timeout: 120_000 });

const CONFLICT = "Your cart contains items from a different restaurant. Please clear your cart or complete your existing order first.";
const addButtons = (page: Page) => page.getByRole("button", { name: /^Add .+ to cart$/ });
const FEE = formatCents(checkoutDeliveryFeeCents("standard"));

async function openRestaurant(page: Page, id: number) {
  await page.goto(`/restaurants/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/** A page in a fresh browser context set to `timezoneId`, signed in with these credentials. */
async function signedInPage(browser: Browser, baseURL: string, timezoneId: string, credential: string, password: string) {
  const context = await browser.newContext({ baseURL, timezoneId });
  const page = await context.newPage();
  await page.request.get("/api/auth/");
  expect((await page.request.post("/api/auth/login", { data: { credential, password }, headers: await xsrf(page) })).status()).toBe(200);
  // React reports a hydration mismatch (#418) as an uncaught error; production builds log
  // the minified message to the console as well.
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /#418|#423|#425|hydrat/i.test(message.text())) errors.push(message.text());
  });
  return { page, errors, close: () => context.close() };
}

/** Opens the page and waits until it has hydrated (the cart badge knows its count only then). */
async function visit(page: Page, url: string) {
  await page.goto(url);
  await expect(cartButton(page)).toHaveAccessibleName(/^Open cart, \d+ items?$/);
}

test.describe("one time zone for dates and times, server and browser alike", () => {
  test("the kitchen's orders, the customer's orders and the reviews read the same in New York, Tokyo and UTC, without hydration errors", async ({
    browser,
    baseURL,
    owner,
    customer,
  }) => {
    const order = await createOrder(customer.client, owner.restaurant.id);
    const tomorrow = scheduleSlots(new Date(), owner.restaurant, englishSlots).find((day) => day.label === "Tomorrow")!;
    const slot = tomorrow.slots[0]!;
    const submitted = await customer.client.put(`/api/orders/${order.id}/submit`, { ...standardWallet, deliveryOption: "schedule", scheduledFor: slot.value });
    expect(submitted.status()).toBe(200);
    const review = await customer.client.post("/api/reviews/", {
      restaurant_id: owner.restaurant.id,
      order_id: order.id,
      review: "Right on time.",
      order_rating: 5,
      restaurant_rating: 4,
    });
    expect(review.status()).toBe(201);
    const { createdAt } = ((await review.json()) as { data: { createdAt: string } }).data;

    // What the picker promised ("Tomorrow, 5:00 PM", Pacific) is what the kitchen reads.
    const scheduled = `Scheduled for ${formatShortDateTime(slot.value)}`;
    expect(scheduled).toContain(slot.label);

    const seen: Record<string, string[]> = {};
    for (const timezoneId of ["America/New_York", "Asia/Tokyo", "UTC"]) {
      const kitchen = await signedInPage(browser, baseURL!, timezoneId, owner.email, owner.password);
      await visit(kitchen.page, `/restaurants/${owner.restaurant.id}/orders`);
      const incoming = kitchen.page
        .getByRole("list", { name: "New orders" })
        .locator(":scope > li")
        .filter({ hasText: `Order #${order.id}` });
      await expect(incoming).toContainText(scheduled);
      const texts = [await incoming.innerText()];

      const diner = await signedInPage(browser, baseURL!, timezoneId, customer.email, customer.password);
      await visit(diner.page, "/orders");
      const card = diner.page.getByRole("article").filter({ hasText: `Order #${order.id}` });
      await expect(card).toContainText(`Scheduled for ${formatDateTime(slot.value)}`);
      texts.push(await card.innerText());
      for (const url of [`/reviews/restaurant/${owner.restaurant.id}`, "/reviews"]) {
        await visit(diner.page, url);
        const reviewCard = diner.page.getByRole("article").filter({ hasText: "Right on time." });
        await expect(reviewCard).toContainText(formatDate(createdAt));
        texts.push(await reviewCard.innerText());
      }
      expect([...kitchen.errors, ...diner.errors], timezoneId).toEqual([]);
      seen[timezoneId] = texts;
      await kitchen.close();
      await diner.close();
    }
    expect(seen["Asia/Tokyo"]).toEqual(seen["America/New_York"]);
    expect(seen["UTC"]).toEqual(seen["America/New_York"]);
  });

  test("the kitchen's board hydrates without a mismatch when the browser's clock runs minutes past the server's render (a render and its hydration a minute apart under load)", async ({
    browser,
    baseURL,
    owner,
    customer,
  }) => {
    const order = await createOrder(customer.client, owner.restaurant.id);
    expect((await customer.client.put(`/api/orders/${order.id}/submit`, standardWallet)).status()).toBe(200);
    const kitchen = await signedInPage(browser, baseURL!, "UTC", owner.email, owner.password);
    // The card's "N min ago" was counted from the browser's clock at hydration, the server's in its
    // HTML. The browser's clock is held still 3 minutes ahead, so hydration alone is seen.
    const ahead = Date.now() + 3 * 60_000;
    await kitchen.page.clock.install({ time: ahead });
    await kitchen.page.clock.pauseAt(ahead + 1_000);
    await visit(kitchen.page, `/restaurants/${owner.restaurant.id}/orders`);
    const card = kitchen.page
      .getByRole("list", { name: "New orders" })
      .locator(":scope > li")
      .filter({ hasText: `Order #${order.id}` });
    await expect(card).toContainText("0 min ago");
    // Then the browser's clock takes over: the card counts the minutes by it.
    await kitchen.page.clock.runFor(1_000);
    await expect(card).toContainText("3 min ago");
    expect(kitchen.errors).toEqual([]);
    await kitchen.close();
  });
});

test.describe("a customer's walk-through", () => {
  test("the fee checkout charges shown everywhere, 'Back to store', 'Start a new cart?', the badge before and after hydration, the 99 limit, a first like and the About page", async ({
    page,
    request,
    browser,
    baseURL,
    owner,
  }) => {
    const { restaurant } = await (await request.get("/api/restaurants/3")).json();
    expect(formatCents(Math.round(restaurant.deliveryFee * 100)), "the demo restaurant lists a fee of its own").not.toBe(FEE);
    await signUpInBrowser(page);

    await test.step("cards, the restaurant page and the cart's preview show checkout's fee, not the restaurant's listed one", async () => {
      await page.goto("/home");
      const fees = await page
        .getByRole("main")
        .getByRole("article")
        .getByText(/delivery fee/)
        .allInnerTexts();
      expect(fees.length).toBeGreaterThan(0);
      for (const fee of fees) expect(fee).toContain(`${FEE} delivery fee`);

      await openRestaurant(page, 3);
      await expect(page.getByText(`${FEE} delivery fee on $15+`)).toBeVisible();
      await expect(page.getByText("(priority +$1.49)")).toBeVisible();

      await addButtons(page).first().click();
      await addButtons(page).first().click();
      await cartButton(page).click();
      const cart = page.getByRole("dialog", { name: "Your cart" });
      const [item] = await (await request.get("/api/menu-items?restaurantId=3")).json();
      const estimate = cartEstimate(Math.round(item.price * 100) * 2);
      const preview = cart.getByRole("definition");
      await expect(preview).toHaveText([formatCents(estimate.subtotalCents), FEE, formatCents(estimate.serviceFeeCents), formatCents(estimate.totalCents)]);
      await expect(cart.getByText("Before tip. Priority delivery adds $1.49.")).toBeVisible();
      await expectAccessible(page, "cart with fee preview");

      await cart.getByRole("button", { name: "Checkout", exact: true }).click();
      await page.waitForURL("**/checkout");
      const summary = page.getByRole("complementary", { name: "Your order" });
      await expect(summary.locator("dl > div").filter({ hasText: "Delivery fee" })).toContainText(FEE);
    });

    await test.step("'Back to store' at checkout goes back to the order's restaurant", async () => {
      await expect(page.getByRole("button", { name: "Place order" })).toBeEnabled();
      await page.getByRole("link", { name: "Back to store" }).click();
      await page.waitForURL("**/restaurants/3");
      await expect(cartButton(page)).toHaveAccessibleName("Open cart, 2 items");
    });

    await test.step("'Start a new cart?' keeps the cart, or empties it and adds the dish in one step", async () => {
      await openRestaurant(page, 4);
      const newName = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
      await addButtons(page).first().click();
      const dialog = page.getByRole("dialog", { name: "Start a new cart?" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(CONFLICT)).toBeVisible();
      await expectAccessible(page, "start a new cart dialog");
      await dialog.getByRole("button", { name: "Keep current cart" }).click();
      await expect(dialog).toBeHidden();
      expect(
        await page.evaluate(() =>
          Object.entries(localStorage)
            .filter(([k]) => k.startsWith("cartItems_"))
            .map(([, v]) => JSON.parse(v)[0].restaurantId),
        ),
      ).toEqual([3]);

      await addButtons(page).nth(1).click();
      await dialog.getByRole("button", { name: "Start new cart" }).click();
      await expect(dialog).toBeHidden();
      await expect(alertWith(page, /^Started a new cart with/)).toBeVisible();
      await expect(cartButton(page)).toHaveAccessibleName("Open cart, 1 item");
      await cartButton(page).click();
      const cart = page.getByRole("dialog", { name: "Your cart" });
      await expect(cart.getByRole("link", { name: new RegExp(newName) })).toBeVisible();
      await expect(cart.getByRole("list", { name: "Cart items" }).getByRole("listitem")).toHaveCount(1);
    });

    await test.step("the cart badge shows no '0' before the cart is known, then the real count", async () => {
      const raw = await browser.newContext({ baseURL, javaScriptEnabled: false });
      const before = await raw.newPage();
      await before.goto("/home");
      // The server's HTML (what shows until hydration) has an empty badge, not a "0": the
      // button's whole text is its screen-reader label.
      await expect(cartButton(before)).toHaveText("Open cart");
      await raw.close();
      await page.reload();
      await expect(page.getByTestId("cart-badge")).toHaveText("1");
    });

    await test.step("adding past 99 of a dish says so and keeps 99", async () => {
      await cartButton(page).click();
      await page.getByRole("dialog", { name: "Your cart" }).getByRole("button", { name: "Clear cart" }).click();
      await page.goto("/menu-items/12");
      await expect(cartButton(page)).toHaveAccessibleName("Open cart, 0 items");
      const name = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
      await page.getByRole("spinbutton", { name: "Quantity" }).fill("98");
      await page.getByRole("button", { name: /Add .*to cart/ }).click();
      await expect(cartButton(page)).toHaveAccessibleName("Open cart, 98 items");
      await page.getByRole("spinbutton", { name: "Quantity" }).fill("5");
      await page.getByRole("button", { name: /Add .*to cart/ }).click();
      await expect(alertWith(page, `Your cart can hold at most 99 of ${name}.`)).toBeVisible();
      await expect(cartButton(page)).toHaveAccessibleName("Open cart, 99 items");
      await page.getByRole("button", { name: "Dismiss notification" }).click();
      await page.getByRole("button", { name: /Add .*to cart/ }).click();
      await expect(alertWith(page, `Your cart can hold at most 99 of ${name}.`)).toBeVisible();
      await expect(cartButton(page)).toHaveAccessibleName("Open cart, 99 items");
    });

    await test.step("a dish nobody loves yet says nothing about it; one like says so", async () => {
      await page.goto(`/menu-items/${owner.item.id}`);
      await expect(page.getByRole("button", { name: "Add to favorites" })).toBeVisible();
      await expect(page.getByText(/people love this/)).toHaveCount(0);
      await page.getByRole("button", { name: "Add to favorites" }).click();
      await expect(page.getByText("1 person loves this")).toBeVisible();
    });

    await test.step("the footer's 'About Nosh' opens an About page", async () => {
      // From the dish's page (the footer is on every page): /home's feed grows as the footer
      // scrolls into view (show-more.tsx), which could move the link under the click.
      await page.getByRole("contentinfo").getByRole("link", { name: "About Nosh" }).click();
      await page.waitForURL("**/about");
      await expect(page.getByRole("heading", { level: 1, name: "About Nosh" })).toBeVisible();
      await expect(page).toHaveTitle("About Nosh · Nosh");
      await expect(page.getByText(`Delivery costs ${FEE} on every order`)).toBeVisible();
      await expectAccessible(page, "about");
    });
  });

  test("a long email on Account wraps at its '@' and dots, not mid-word", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const local = `christopher.alexander.montgomery-${uniqueEmail("w").split("@")[0]}`;
    const email = `${local}@subdomain.example-company.com`;
    await signUp(await pageClient(page), { name: "Long Email", credential: email, password: "correct horse" });
    await page.goto("/account");
    for (const value of [page.getByRole("heading", { name: "Long Email" }).locator("xpath=following-sibling::p[1]"), page.getByText(email, { exact: true }).last()]) {
      await expect(value).toHaveText(email);
      // Where the text wraps: the two characters either side of each line break.
      const breaks = await value.evaluate((element) => {
        const chars: { char: string; top: number }[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < node.textContent!.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            chars.push({ char: node.textContent![i]!, top: range.getBoundingClientRect().top });
          }
        }
        return chars.flatMap((c, i) => (i > 0 && c.top > chars[i - 1]!.top + 2 ? [chars[i - 1]!.char + c.char] : []));
      });
      expect(breaks.length, "the email needs more than one line at 390 px").toBeGreaterThan(0);
      // Each line starts after a dot or a hyphen, or at the "@".
      for (const pair of breaks) expect(pair, `line break between "${pair[0]}" and "${pair[1]}"`).toMatch(/^[.-].|^.@$/);
    }
    await context.close();
  });
});
