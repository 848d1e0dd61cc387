import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { createPlateWithChoices } from "../support/owner";
import { alertWith, expectAccessible, shoot } from "../support/pages";

// A phone order of a dish with required choices on the board (docs/architecture/phone-orders.md),
// on a phone and on a laptop: the owner opens the dish's choices (the customer's own picker), picks
// a size and a side, and the line is listed with them; delivered by the restaurant's own staff, the
// card says so, shows the choices, and the staff take it out and mark it delivered (no courier).

test.describe.configure({ timeout: 120_000 });

const column = (page: Page, title: string) => page.getByRole("region", { name: new RegExp(`^${title} \\d+$`) });

for (const width of [390, 1280]) {
  test(`at ${width} px: a plate with a required size and side, delivered by the restaurant's staff, marked delivered from the board`, async ({ page, owner }) => {
    const id = owner.restaurant.id;
    await createPlateWithChoices(owner.client, id);
    await page.setViewportSize({ width, height: 900 });
    await page.context().addCookies((await owner.client.ctx.storageState()).cookies);
    await page.goto(`/restaurants/${id}/orders`);
    await page.getByRole("button", { name: "New phone order" }).click();
    const dialog = page.getByRole("dialog", { name: "New phone order" });

    await test.step("the customer and the restaurant's own delivery", async () => {
      await dialog.getByLabel("Name").fill("Rosa Diaz");
      await dialog.getByLabel("Phone").fill("415-555-0134");
      await dialog.getByRole("radio", { name: /^Delivery by your staff/ }).check();
      await expect(dialog.getByText("No Nosh delivery fee.")).toBeVisible();
      await dialog.getByLabel("Street address").fill("1 Market St");
      await dialog.getByLabel("City").fill("San Francisco");
      await dialog.getByLabel("State").fill("CA");
      await dialog.getByLabel("ZIP code").fill("94105");
    });

    await test.step("the plate's choices in the customer's picker: a size and a side", async () => {
      await dialog.getByRole("button", { name: "Choose Chicken plate" }).click();
      const picker = dialog.getByRole("form", { name: "Choices for Chicken plate" });
      await expect(picker).toBeVisible();
      await expect(dialog.getByRole("heading", { name: "Chicken plate" })).toBeFocused();
      const add = picker.getByRole("button", { name: /^Add to order/ });
      await expect(add).toBeDisabled();
      await picker.getByTestId("option-group-Size").getByLabel("Large").check();
      await expect(picker.getByText("Choose 1 Side").first()).toBeVisible();
      await picker.getByTestId("option-group-Side").getByLabel("Salad").check();
      await picker.getByLabel("Special instructions").fill("No onions");
      await picker.getByRole("button", { name: "Increase quantity" }).click();
      await expect(picker.getByTestId("dish-total")).toHaveText("$35.00");
      await expectAccessible(page, "phone order, a dish's choices");
      await shoot(page, `phone-order-choices-picker-at-${width}`, [width]);
      await add.click();
    });

    await test.step("the line listed with its choices; placed, paid at the door", async () => {
      await expect(dialog.getByRole("button", { name: "Choose Chicken plate" })).toBeFocused();
      const line = dialog.getByTestId("phone-line");
      await expect(line).toContainText("Large (+$2.00), Salad (+$1.50)");
      await expect(line).toContainText("No onions");
      await expect(dialog.getByRole("group", { name: "Quantity of Chicken plate, Large, Salad" })).toContainText("2");
      await expect(dialog.getByText("Items $35.00")).toBeVisible();
      await expectAccessible(page, "phone order form, a line with choices");
      await shoot(page, `phone-order-choices-form-at-${width}`, [width]);
      await dialog.getByRole("button", { name: "Place phone order" }).click();
      await expect(alertWith(page, /^Phone order #\d+ placed: \$[\d.]+ to collect at the door$/)).toBeVisible();
    });

    await test.step("the card: who delivers and the choices; the staff take it out and mark it delivered", async () => {
      const card = column(page, "New").getByRole("listitem").filter({ hasText: "Rosa Diaz" });
      await expect(card).toContainText("Delivery by your staff");
      await expect(card).toContainText("Large (+$2.00), Salad (+$1.50)");
      const orderId = Number((await card.getByRole("heading").textContent())!.match(/#(\d+)/)![1]);
      for (const step of [{ stage: "accepted", prepMinutes: 10 }, { stage: "ready" }])
        expect((await owner.client.post(`/api/manage/${id}/orders/${orderId}/stage`, step)).status()).toBe(200);
      await page.reload();
      const ready = column(page, "Ready").getByRole("listitem").filter({ hasText: "Rosa Diaz" });
      // "Dish unavailable" wears the house's button (a border, not a heading's bare text).
      const unavailable = ready.locator("summary", { hasText: "Dish unavailable" });
      await expect(unavailable).toBeVisible();
      expect(await unavailable.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe("solid");
      await expectAccessible(page, "board, a staff delivery ready");
      await shoot(page, `phone-order-staff-delivery-ready-at-${width}`, [width]);
      await ready.getByRole("button", { name: /^Out for delivery/ }).click();
      const out = column(page, "Out for delivery").getByRole("listitem").filter({ hasText: "Rosa Diaz" });
      await out.getByRole("button", { name: /^Delivered/ }).click();
      await expect(column(page, "Done today").getByRole("listitem").filter({ hasText: "Rosa Diaz" })).toContainText("Delivered");
      // No courier was ever asked.
      const board = await (await owner.client.get(`/api/manage/${id}/board`)).json();
      expect(board.doneToday.find((o: { id: number }) => o.id === orderId)).toMatchObject({ staffDelivery: true, delivery: null, deliveryFee: 0 });
    });
  });
}
