import { expect, test } from "../fixtures";
import { acceptOrder, orderBody, standardWallet } from "../support/orders";
import { expectAccessible, shoot } from "../support/pages";

// "Start cooking when the courier is N minutes away" in the browser (docs/architecture/kitchen.md
// "Start cooking when the courier is near"): the owner turns it on on the restaurant's settings page
// (a bad number said beside the field), and an accepted delivery order's card on the board says when
// to start cooking.

test("the owner sets start cooking at 10 min; an accepted delivery order's card says when to start", async ({ page, owner, customer }) => {
  const id = owner.restaurant.id;
  await page.context().addCookies((await owner.client.ctx.storageState()).cookies);
  await page.goto(`/restaurants/${id}/update`);
  const section = page.getByRole("region", { name: "Start cooking when the courier is near" });
  await expect(section.getByText("Off: start cooking as soon as you accept an order.")).toBeVisible();
  const field = section.getByLabel("Minutes before the courier arrives");
  await field.fill("90");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(section.getByText("Enter a whole number of minutes from 1 to 60, or leave it empty to turn it off")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.fill("10");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(section.getByRole("status")).toHaveText("Saved: start cooking when the courier is 10 min away");
  await expect(section.getByText(/^On: each accepted delivery order/)).toBeVisible();
  await expectAccessible(page, "settings, start cooking");
  await section.scrollIntoViewIfNeeded();
  await shoot(page, "start-cooking-settings");

  // An order accepted with 20 minutes' prep: before a courier is on the way, the cue counts to the
  // ready time less the 10 minutes (or follows a courier already coming).
  const placed = await customer.client.post("/api/orders/", { ...orderBody(id, owner.item.id), submit: standardWallet });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  await acceptOrder(owner.client, id, order.id);
  await page.goto(`/restaurants/${id}/orders`);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: new RegExp(`^Order #${order.id} `) }) });
  await expect(card.getByTestId("start-cooking")).toHaveText(/^\s*Start cooking (in ~(9|10) min|now) \(when the courier is 10 min away\)$/);
  await expectAccessible(page, "board, start cooking cue");
  await shoot(page, "start-cooking-board");
});
