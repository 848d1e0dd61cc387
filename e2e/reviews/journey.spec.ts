import { expect, test, type Route } from "../fixtures";
import { pageClient } from "../support/api";
import { whileOwnedByAnother } from "../support/couriers";
import { acceptOrder, deliverOrder, placeOrder as placeApiOrder, standardCard } from "../support/orders";
import { signUpOwner } from "../support/owner";
import { alertWith, expectAccessible } from "../support/pages";
import { cards, form, placeOrder, reviewsUrl, signUpInPage, summary, xsrf } from "../support/reviews";

// Each test reviews a restaurant of its own (a fresh owner's), so the counts and averages it
// checks are exact and no other test moves them.

test.describe("reviews", () => {
  test("rate an order by keyboard, see it with the new rating, edit it on My reviews, delete it", async ({ page, baseURL }) => {
    test.slow(); // one journey across three pages, with seven accessibility scans
    const shop = await signUpOwner(baseURL!);
    await signUpInPage(page);
    const orderId = await placeOrder(page, shop);

    await page.goto(reviewsUrl(shop, orderId));
    await expect(page.getByRole("heading", { level: 1, name: `Reviews for ${shop.restaurant.name}` })).toBeVisible();
    await expect(summary(page)).toContainText("No reviews yet!");
    await expect(form(page)).toContainText(`Order #${orderId}`);
    await expectAccessible(page, "review form");

    // Validation: the spec's messages beside the fields, nothing sent.
    const submit = form(page).getByRole("button", { name: "Submit review" });
    await submit.click();
    const text = form(page).getByLabel("Your review");
    await expect(form(page).getByText("Please write a review before submitting.")).toBeVisible();
    await expect(form(page).getByText("Please select a rating for both order and restaurant.")).toBeVisible();
    await expect(text).toHaveAttribute("aria-invalid", "true");
    await expect(text).toBeFocused();
    await expectAccessible(page, "review form with errors");
    await text.fill("Crispy, hot and on time.");
    await submit.click();
    await expect(form(page).getByText("Please write a review before submitting.")).toHaveCount(0);
    await expect(form(page).getByText("Please select a rating for both order and restaurant.")).toBeVisible();

    // Keyboard only: Tab into each group, arrows pick the stars.
    const orderRating = form(page).getByRole("radiogroup", { name: "Order rating" });
    const restaurantRating = form(page).getByRole("radiogroup", { name: "Restaurant rating" });
    await expect(orderRating).toHaveAttribute("aria-invalid", "true");
    await text.focus();
    await page.keyboard.press("Tab");
    await expect(orderRating.getByRole("radio", { name: "1 star" })).toBeFocused();
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await expect(orderRating.getByRole("radio", { name: "4 stars" })).toBeChecked();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowLeft"); // wraps from 1 to 5
    await expect(restaurantRating.getByRole("radio", { name: "5 stars" })).toBeChecked();
    await expect(form(page).getByText("Please select a rating for both order and restaurant.")).toHaveCount(0);
    await submit.click();

    await expect(page.getByText("Review submitted successfully!")).toBeVisible();
    await expect(form(page)).toHaveCount(0);
    await expect(summary(page)).toContainText("5.0");
    await expect(summary(page)).toContainText("1 review");
    const mine = cards(page).filter({ hasText: "Crispy, hot and on time." });
    await expect(mine).toContainText("Rita");
    await expect(mine).toContainText("Your review");
    await expectAccessible(page, "after submitting");

    // The order is reviewed: no form on a fresh load, the review stays.
    await page.reload();
    await expect(mine).toBeVisible();
    await expect(form(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Submit review" })).toHaveCount(0);

    // My reviews: the restaurant links to its page; edit text and both ratings in place.
    await page.goto("/reviews");
    await expect(page.getByRole("heading", { level: 1, name: "My reviews" })).toBeVisible();
    // Filtered by what stays visible while the card turns into a form.
    const listed = cards(page).filter({ hasText: shop.restaurant.name });
    await expect(listed).toContainText("Crispy, hot and on time.");
    await expect(listed.getByRole("link", { name: shop.restaurant.name })).toHaveAttribute("href", `/restaurants/${shop.restaurant.id}`);
    await expectAccessible(page, "my reviews");
    await listed.getByRole("button", { name: "Edit review" }).click();
    const editText = listed.getByLabel("Your review");
    await expect(editText).toBeFocused();
    await editText.fill("");
    await listed.getByRole("button", { name: "Save changes" }).click();
    await expect(listed.getByText("Please write a review before submitting.")).toBeVisible();
    await editText.fill("Still good, but the fries were cold.");
    await listed.getByRole("radiogroup", { name: "Order rating" }).getByRole("radio", { name: "4 stars" }).focus();
    await page.keyboard.press("ArrowLeft");
    await listed.getByRole("radiogroup", { name: "Restaurant rating" }).getByRole("radio", { name: "2 stars" }).check();
    await expectAccessible(page, "editing a review");
    await listed.getByRole("button", { name: "Save changes" }).click();
    const edited = cards(page).filter({ hasText: "Still good, but the fries were cold." });
    await expect(edited).toBeVisible();
    await expect(edited.getByRole("button", { name: "Edit review" })).toBeFocused();
    await expect(edited.getByText("3 out of 5 stars")).toHaveCount(1);
    await expect(edited.getByText("2 out of 5 stars")).toHaveCount(1);

    // The restaurant's rating follows the edit; the author deletes it there, after a second thought.
    await page.goto(reviewsUrl(shop));
    await expect(summary(page)).toContainText("2.0");
    await expect(summary(page)).toContainText("1 review");
    const own = cards(page).filter({ hasText: "Still good, but the fries were cold." });
    await own.getByRole("button", { name: "Delete review" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this review?" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, "delete confirmation");
    await dialog.getByRole("button", { name: "Keep review" }).click();
    await expect(dialog).toBeHidden();
    await expect(own).toBeVisible();
    await own.getByRole("button", { name: "Delete review" }).click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(own).toHaveCount(0);
    await expect(summary(page)).toContainText("No reviews yet!");

    await page.goto("/reviews");
    // Scoped to the list: while the page streams, React may hold a second, hidden copy of the
    // resolved content until it swaps it in, and an unscoped text match would see both.
    await expect(page.getByRole("region", { name: "Your reviews" }).getByText("No reviews yet!")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expectAccessible(page, "my reviews, empty");
  });

  test("one customer and a shop: the form only for the viewer's own placed, unreviewed order; a refused, a failed submit and a failed edit say so; Rate on /orders gives way to a thumbs-up", async ({
    page,
    browser,
    baseURL,
    owner: shop,
  }) => {
    test.slow(); // three signed-in states, each in its own browser context, and three orders reviewed or not
    await signUpInPage(page);
    // In this order: the stranger sees the shop with no reviews yet, and the failed edit is of the customer's one review.
    await test.step("the form shows only for the viewer's own placed, unreviewed order", async () => {
      const active = await placeOrder(page, shop, false);
      const placed = await placeOrder(page, shop);

      await page.goto(reviewsUrl(shop, active));
      await expect(summary(page)).toBeVisible();
      await expect(form(page)).toHaveCount(0);
      await page.goto(`/reviews/restaurant/${shop.restaurant.id}?orderId=junk`);
      await expect(form(page)).toHaveCount(0);

      const strangerContext = await browser.newContext({ baseURL });
      const stranger = await strangerContext.newPage();
      await signUpInPage(stranger, "Sam Stranger");
      await stranger.goto(reviewsUrl(shop, placed));
      await expect(summary(stranger)).toContainText("No reviews yet!");
      await expect(form(stranger)).toHaveCount(0);
      await strangerContext.close();

      const anonymousContext = await browser.newContext({ baseURL });
      const anonymous = await anonymousContext.newPage();
      await anonymous.goto(reviewsUrl(shop, placed));
      await expect(form(anonymous)).toHaveCount(0);
      await expectAccessible(anonymous, "anonymous reviews page");
      await anonymous.goto("/reviews");
      await expect(anonymous).toHaveURL(/\/login$/);
      await anonymousContext.close();

      expect((await page.goto("/reviews/restaurant/999999999"))?.status()).toBe(404);
    });

    await test.step("a refused submit, a failed one and a failed edit say so", async () => {
      const orderId = await placeOrder(page, shop);
      await page.goto(reviewsUrl(shop, orderId));
      await form(page).getByLabel("Your review").fill("Lovely.");
      await form(page).getByRole("radiogroup", { name: "Order rating" }).getByRole("radio", { name: "3 stars" }).check();
      await form(page).getByRole("radiogroup", { name: "Restaurant rating" }).getByRole("radio", { name: "4 stars" }).check();
      const submit = form(page).getByRole("button", { name: "Submit review" });

      const answers: [(route: Route) => Promise<void>, string][] = [
        [(route) => route.fulfill({ status: 409, json: { message: "This order has already been reviewed" } }), "Failed to submit review. Please try again."],
        [(route) => route.abort(), "An error occurred. Please try again."],
        [(route) => route.fulfill({ status: 500, body: "" }), "An error occurred. Please try again."],
      ];
      for (const [answer, message] of answers) {
        await page.route("**/api/reviews/", answer);
        await submit.click();
        await expect(alertWith(page, message)).toBeVisible();
        await page.unroute("**/api/reviews/");
      }

      await submit.click();
      await expect(page.getByText("Review submitted successfully!")).toBeVisible();
      await page.route("**/api/reviews/*", (route) => (route.request().method() === "PUT" ? route.fulfill({ status: 500, body: "" }) : route.continue()));
      const card = cards(page).filter({ hasText: "Your review" });
      await card.getByRole("button", { name: "Edit review" }).click();
      await card.getByLabel("Your review").fill("Lovely, again.");
      await card.getByRole("button", { name: "Save changes" }).click();
      await expect(alertWith(page, "Failed to update review")).toBeVisible();
      await card.getByRole("button", { name: "Cancel" }).click();
      await expect(card).toContainText("Lovely.");
      await page.unroute("**/api/reviews/*");
    });

    await test.step("Rate on /orders (a submitted order's, as the spec has it) opens the form; the delivery makes it the card's first action; once rated it gives way to a thumbs-up", async () => {
      const orderId = await placeOrder(page, shop);
      await page.goto("/orders");
      const order = page.getByRole("article", { name: `Order ${orderId} from ${shop.restaurant.name}` });
      const rate = order.getByRole("link", { name: "Rate" });
      const reorder = order.getByRole("button", { name: /^Reorder/ });
      await expect(order.getByRole("button", { name: "Cancel order" })).toBeVisible();
      await expect(rate).toHaveAttribute(
        "href",
        `/reviews/restaurant/${shop.restaurant.id}?orderId=${orderId}&restaurantName=${encodeURIComponent(shop.restaurant.name)}`,
      );
      // Until the delivery Reorder is the card's primary (filled) action; then Rate is: the two swap looks.
      const fills = () => Promise.all([rate, reorder].map((control) => control.evaluate((element) => getComputedStyle(element).backgroundColor)));
      const [secondary, primary] = await fills();
      expect(secondary).not.toBe(primary);
      await deliverOrder(shop.client, shop.restaurant.id, orderId);
      await expect(order.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
      await expect.poll(fills).toEqual([primary, secondary]);
      await rate.click();
      await expect(page).toHaveURL(new RegExp(`/reviews/restaurant/${shop.restaurant.id}\\?orderId=${orderId}`));
      await form(page).getByLabel("Your review").fill("Exactly as ordered.");
      await form(page).getByRole("radiogroup", { name: "Order rating" }).getByRole("radio", { name: "3 stars" }).check();
      await form(page).getByRole("radiogroup", { name: "Restaurant rating" }).getByRole("radio", { name: "4 stars" }).check();
      await form(page).getByRole("button", { name: "Submit review" }).click();
      await expect(page.getByText("Review submitted successfully!")).toBeVisible();

      await page.getByRole("link", { name: "your orders" }).click();
      await expect(page).toHaveURL(/\/orders$/);
      await expect(order.getByRole("link", { name: "Rate" })).toHaveCount(0);
      await expect(order.getByRole("img", { name: /Thumbs up/ })).toBeVisible();
    });
  });

  test("long lists page with Show more on both pages", async ({ page, owner: shop }) => {
    await signUpInPage(page);
    const headers = await xsrf(page);
    for (let i = 1; i <= 11; i++) {
      const orderId = await placeOrder(page, shop);
      // Accepted, so the next one is not held back: one account may have three orders waiting at a restaurant.
      await acceptOrder(shop.client, shop.restaurant.id, orderId);
      const body = { restaurant_id: shop.restaurant.id, order_id: orderId, review: `Visit number ${i}.`, order_rating: 4, restaurant_rating: 3 };
      expect((await page.request.post("/api/reviews/", { data: body, headers })).status()).toBe(201);
    }
    for (const url of [reviewsUrl(shop), "/reviews"]) {
      await page.goto(url);
      await expect(cards(page)).toHaveCount(10);
      if (url !== "/reviews") await expect(summary(page)).toContainText(/3\.0.*11 reviews/);
      await expect(cards(page).first()).toContainText("Visit number 11.");
      await page.getByRole("button", { name: "Show more reviews" }).click();
      await expect(cards(page)).toHaveCount(11);
      await expect(cards(page).last()).toContainText("Visit number 1.");
      await expect(page.getByRole("button", { name: "Show more reviews" })).toHaveCount(0);
    }
  });
});

// The spec's Rate: on a submitted order until it is reviewed, not only once delivered.
test("rate a submitted order from /orders: Rate opens the form, the review counts in the restaurant's mean, and the card shows the thumbs-up", async ({
  page,
  owner: shop,
}) => {
  await signUpInPage(page);
  const orderId = await placeOrder(page, shop);
  await page.goto("/orders");
  const order = page.getByRole("article", { name: `Order ${orderId} from ${shop.restaurant.name}` });
  await expect(order.getByRole("button", { name: "Cancel order" })).toBeVisible();
  await order.getByRole("link", { name: "Rate" }).click();
  await expect(page).toHaveURL(new RegExp(`/reviews/restaurant/${shop.restaurant.id}\\?orderId=${orderId}`));
  await form(page).getByLabel("Your review").fill("Came fast and hot.");
  await form(page).getByRole("radiogroup", { name: "Order rating" }).getByRole("radio", { name: "4 stars" }).check();
  await form(page).getByRole("radiogroup", { name: "Restaurant rating" }).getByRole("radio", { name: "5 stars" }).check();
  await form(page).getByRole("button", { name: "Submit review" }).click();
  await expect(page.getByText("Review submitted successfully!")).toBeVisible();
  await expect(summary(page)).toContainText(/5\.0.*1 review/);
  await page.goto("/orders");
  await expect(order.getByRole("link", { name: "Rate" })).toHaveCount(0);
  await expect(order.getByRole("img", { name: /^Thumbs up: you rated this order 4 out of 5/ })).toBeVisible();
});

// Who may rate (docs/architecture/cart-checkout-reviews.md, Reviews), as /orders shows it.
test("an owner's order from their own restaurant offers no Rate and says why", async ({ page, owner: shop }) => {
  await page.context().addCookies(await shop.client.ctx.storageState().then((state) => state.cookies));
  // Owners cannot place one any more: one from before that rule, or before a handover.
  const orderId = await whileOwnedByAnother(shop.restaurant.id, shop.user.id, () => placeOrder(page, shop));
  await page.goto("/orders");
  const card = page.getByRole("article", { name: `Order ${orderId} from`, exact: false });
  await expect(card).toContainText("Your restaurant: owners can't rate their own");
  await expect(card.getByRole("link", { name: /^Rate/ })).toHaveCount(0);
  await page.goto(reviewsUrl(shop, orderId));
  await expect(form(page)).toHaveCount(0);
});

test("a guest's Rate opens the signup modal", async ({ page, owner: shop }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue as guest" }).click();
  await page.waitForURL("**/home");
  // A guest's delivery goes to the address sent with it (lib/server/orders/destination.ts), near the owner's restaurant.
  const submit = { ...standardCard, deliveryAddress: "1 Market St, San Francisco, CA, 94105" };
  const { id } = await placeApiOrder(await pageClient(page), { restaurantId: shop.restaurant.id, itemId: shop.item.id, submit });
  await deliverOrder(shop.client, shop.restaurant.id, id);
  await page.goto("/orders");
  await page.getByRole("button", { name: `Rate your order from ${shop.restaurant.name}: sign up first` }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByRole("dialog").getByLabel("First name")).toBeVisible();
  await page.goto(reviewsUrl(shop, id));
  await expect(form(page)).toHaveCount(0);
});
