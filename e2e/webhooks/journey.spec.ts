import { expect, test } from "../fixtures";
import { expectAccessible, shoot } from "../support/pages";
import { startReceiver } from "../support/webhook-receiver";

// A restaurant's webhooks page in the browser (docs/architecture/webhooks.md): the empty state,
// an endpoint added to a local receiver (its secret shown once), the test event sent and seen in
// the delivery log, resent with the same webhook-id, and refused with its reason past 5 a minute;
// accessible and laid out at 390 and 1280 px.

test("an owner adds a webhook endpoint, sends a test event, reads the log and resends it", async ({ page, owner }) => {
  test.slow(); // two accessibility scans and screenshots at two widths
  const hook = await startReceiver();
  await page.context().addCookies((await owner.client.ctx.storageState()).cookies);
  const id = owner.restaurant.id;
  await page.goto("/restaurants/manage");
  await page.getByRole("link", { name: `Webhooks ${owner.restaurant.name}` }).click();
  await page.waitForURL(`**/restaurants/${id}/webhooks`);
  await expect(page.getByText("No webhooks yet")).toBeVisible();
  await expectAccessible(page, "webhooks, empty");
  await shoot(page, "webhooks-empty");

  await page.getByLabel("Endpoint URL").fill("not a url");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  // Said beside the field (and in the form's status line).
  await expect(page.getByText("Enter a full URL, such as https://example.com/webhooks").first()).toBeVisible();
  await expect(page.getByLabel("Endpoint URL")).toHaveAccessibleDescription(/Enter a full URL/);
  await page.getByLabel("Endpoint URL").fill(hook.url);
  await page.getByRole("checkbox", { name: /menu\.item_changed/ }).check();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByTestId("webhook-secret")).toHaveText(/^whsec_/);

  await page.getByRole("button", { name: `Send test event to ${hook.url}` }).click();
  await expect.poll(() => hook.hits.length, { timeout: 5_000 }).toBe(1);
  await page.getByRole("button", { name: `Delivery log of ${hook.url}` }).click();
  const deliveries = page.getByRole("list", { name: "Deliveries" });
  await expect(deliveries).toContainText("webhook.test");
  await expect(deliveries).toContainText("delivered");
  await expect(deliveries).toContainText("200 in");
  await expectAccessible(page, "webhooks, log open");
  await shoot(page, "webhooks-log");

  await deliveries.getByRole("button", { name: /^Resend webhook\.test/ }).click();
  await expect(page.getByText("will be sent again in a few seconds, with the same webhook-id")).toBeVisible();
  await expect.poll(() => hook.hits.length, { timeout: 5_000 }).toBe(2);
  expect(hook.hits[1]!.headers["webhook-id"]).toBe(hook.hits[0]!.headers["webhook-id"]);

  // Four more test events make the minute's five; the sixth is refused, saying why.
  const send = page.getByRole("button", { name: `Send test event to ${hook.url}` });
  for (let i = 0; i < 4; i++) {
    await send.click();
    await expect.poll(() => hook.hits.length, { timeout: 5_000 }).toBe(3 + i);
  }
  await send.click();
  await expect(page.getByText("Too many test events for this endpoint: at most 5 a minute. Try again in a minute.")).toBeVisible();
  await shoot(page, "webhooks-too-many");
  expect(hook.hits).toHaveLength(6);
  await hook.close();
});
