import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { makeOperator } from "../support/couriers";
import { approveCourier, failedDelivery } from "../support/courier-record";
import { expectAccessible, shoot } from "../support/pages";
import { signUpOwner } from "../support/owner";

// The courier's record in a browser (docs/architecture/courier-screens.md "Record"): a suspended courier
// reads the rules and their thresholds, the warning that came first, and appeals with a note; the
// operator answers from the appeal queue; the courier reads the answer. With SCREENSHOT_DIR set,
// the record and the queue are saved at 390 and 1280 px.

/** The page fits its width: nothing scrolls sideways on a phone. */
const fits = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

async function pageAs(browser: Browser, client: Client, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 900 }, storageState: await client.ctx.storageState() });
  return context.newPage();
}

test("a suspended courier appeals from their record, the operator answers from the queue, the courier reads it", async ({ browser, baseURL }) => {
  const owner = await signUpOwner(baseURL!);
  const customer = await signUpCustomer(baseURL!);
  const rider = await signUpCustomer(baseURL!, { name: "Rae Journey" });
  const nia = await signUpCustomer(baseURL!);
  await approveCourier(rider.user.id);
  await makeOperator(nia.user.id);
  for (let i = 0; i < 3; i++)
    await failedDelivery(customer.client, { restaurantId: owner.restaurant.id, itemId: owner.item.id }, { client: rider.client, id: rider.user.id });

  const page = await pageAs(browser, rider.client, baseURL!);
  await test.step("the record: suspended, the rules with their thresholds, the warning before the suspension", async () => {
    await page.goto("/courier/record");
    await expect(page.getByRole("heading", { name: "Your record" })).toBeVisible();
    await expect(page.getByText("Your courier account is suspended")).toBeVisible();
    const failed = page.locator("[data-rule=failed]");
    await expect(failed).toContainText("2 of 5 in 30 days");
    await expect(failed).toContainText("3 of 5 in 30 days");
    await expect(page.getByText(/^Warning: Failed deliveries/)).toBeVisible();
    await expect(page.getByText(/^Suspension: Failed deliveries/)).toBeVisible();
    await expectAccessible(page);
    await fits(page);
    await shoot(page, "courier-record");
  });

  await test.step("the appeal: an empty or short note is refused beside the field, a note is sent", async () => {
    const form = page.getByRole("form", { name: "Appeal your suspension" });
    const note = form.getByLabel("Why should the suspension be lifted?");
    await form.getByRole("button", { name: "Send the appeal" }).click();
    await expect(note).toHaveAccessibleDescription("Tell Nosh why the suspension should be lifted, in 20 to 2000 characters.");
    await note.fill("Unfair");
    await form.getByRole("button", { name: "Send the appeal" }).click();
    await expect(note).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Tell Nosh why the suspension should be lifted, in 20 to 2000 characters.")).toBeVisible();
    await shoot(page, "courier-record-appeal-short");
    await form.getByLabel("Why should the suspension be lifted?").fill("The building's buzzer was broken; I called twice.");
    await form.getByRole("button", { name: "Send the appeal" }).click();
    await expect(page.getByText("Waiting for Nosh's answer")).toBeVisible();
    await expectAccessible(page);
    await shoot(page, "courier-record-appealed");
  });

  const console = await pageAs(browser, nia.client, baseURL!);
  await test.step("the operator's queue: the appeal with the suspension and the trail; overturned with an answer", async () => {
    await console.goto("/admin/courier-appeals");
    const card = console.getByRole("listitem").filter({ hasText: "Rae Journey" });
    await expect(card).toContainText("The building's buzzer was broken");
    await expect(card).toContainText('under "Failed deliveries"');
    await card.getByText(/^Trail: 3 jobs/).click();
    await expectAccessible(console);
    await fits(console);
    await shoot(console, "operator-appeals");
    await card.getByRole("button", { name: /^Overturn/ }).click();
    await card.getByLabel(/Your answer/).fill("The buzzer was broken: restored.");
    await card.getByRole("button", { name: "Confirm: overturn" }).click();
    await expect(console.getByRole("listitem").filter({ hasText: "Rae Journey" })).toHaveCount(0);
  });

  await test.step("the courier reads the answer: restored", async () => {
    await page.reload();
    await expect(page.getByText("Answered: your account was restored")).toBeVisible();
    await expect(page.getByText("Nosh's answer: The buzzer was broken: restored.")).toBeVisible();
    await expect(page.getByText("Your courier account is suspended")).toHaveCount(0);
  });
  await Promise.all([owner.client, customer.client, rider.client, nia.client].map((client) => client.dispose()));
});

test("an operator suspending a courier warned a minute ago, with no fault since, is asked why; the courier reads it on their record", async ({ browser, baseURL }) => {
  const tag = `Override${Date.now().toString(36)}`;
  const name = `Dev ${tag}`;
  const dev = await signUpCustomer(baseURL!, { name });
  const nia = await signUpCustomer(baseURL!);
  await approveCourier(dev.user.id);
  await makeOperator(nia.user.id);
  expect((await nia.client.post(`/api/admin/couriers/${dev.user.id}`, { action: "warn", reason: "Rude at the door" })).status()).toBe(200);

  const console = await pageAs(browser, nia.client, baseURL!);
  await console.setViewportSize({ width: 1280, height: 900 });
  await test.step("Suspend is refused with the rule, beside the field that asks why", async () => {
    await console.goto(`/admin/couriers?q=${tag}`);
    const card = console.getByRole("listitem").filter({ hasText: name });
    await card.getByRole("button", { name: /^Suspend/ }).click();
    await card.getByLabel(/^Why\?/).fill("Complaints about manners");
    await card.getByRole("button", { name: "Confirm: suspend" }).click();
    const override = card.getByLabel(/^Why suspend them anyway\?/);
    await expect(override).toBeFocused();
    await expect(override).toHaveAccessibleDescription(/^A suspension needs a new fault after the warning, and this courier has had none since/);
    await expectAccessible(console, "suspend asks why");
    await shoot(console, "operator-suspend-override");
    await override.fill("Short");
    await card.getByRole("button", { name: "Confirm: suspend" }).click();
    await expect(override).toHaveAccessibleDescription(/^Say in 20 to 500 characters why this courier is suspended/);
    await override.fill("A customer reported a threat at the door; the police were called");
    await card.getByLabel("A safety report").check();
    await card.getByRole("button", { name: "Confirm: suspend" }).click();
    await expect(card.getByText("Suspended", { exact: true })).toBeVisible();
  });

  const page = await pageAs(browser, dev.client, baseURL!);
  await test.step("the courier's record says why the rule was set aside", async () => {
    await page.goto("/courier/record");
    await expect(page.getByText(/^Suspension \(safety report\), /)).toBeVisible();
    await expect(page.getByTestId("standing-override")).toHaveText(
      "Suspended without a warning and a new fault after it. Nosh's reason: A customer reported a threat at the door; the police were called",
    );
    await expectAccessible(page, "record with an override");
    await fits(page);
    await shoot(page, "courier-record-override");
  });
  await Promise.all([dev.client, nia.client].map((client) => client.dispose()));
});
