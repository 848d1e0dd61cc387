import { randomInt } from "node:crypto";
import twilio from "twilio";
import { expect, test, type Page } from "../fixtures";
import { deliverOrder, placeOrder, acceptOrder } from "../support/orders";
import { signUpOwner } from "../support/owner";
import { expectAccessible, shoot, signUpInBrowser } from "../support/pages";

// Text messages on a phone (docs/architecture/text-messages.md), with the built-in provider whose
// texts /dev/texts shows: a customer opts a number in on /account (a bad number refused beside
// the field, then the code texted to it entered), gets "on the way" and "at the door", answers
// STOP and gets nothing more; a forged delivery status callback is refused and changes nothing.

const SECRET = "e2e-built-in-texts-secret"; // playwright.config.ts serverEnv TEXTS_BUILTIN_SECRET
const texts = (page: Page) => page.getByRole("list", { name: "Texts, newest first" }).getByRole("listitem");

async function signedPost(page: Page, baseURL: string, kind: "inbound" | "status", params: Record<string, string>, secret = SECRET) {
  const url = `${baseURL}/api/texts/builtin/${kind}`;
  return page.request.post(url, {
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Nosh-Text-Signature": twilio.getExpectedTwilioSignature(secret, url, params) },
    data: new URLSearchParams(params).toString(),
  });
}

test("a customer opts a number in with its texted code, gets on the way and at the door, answers STOP and gets nothing more; a forged status callback is refused", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 900 });
  const { client } = await signUpInBrowser(page);
  const owner = await signUpOwner(baseURL!);
  const local = `415555${String(randomInt(0, 10_000)).padStart(4, "0")}`;
  const phone = `+1${local}`;

  await test.step("a number that is no number is refused beside its field; a real one is texted a code, entered to confirm it", async () => {
    await page.goto("/account");
    const section = page.getByRole("region", { name: "Text messages" });
    await section.getByLabel("Mobile number").fill("12345");
    await section.getByRole("button", { name: "Text me a code" }).click();
    await expect(section.getByText("Enter a mobile number, such as (415) 555-0142 or +44 7700 900123")).toBeVisible();
    await expect(section.getByLabel("Mobile number")).toHaveAttribute("aria-invalid", "true");
    await section.getByLabel("Mobile number").fill(`(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}`);
    await section.getByRole("button", { name: "Text me a code" }).click();
    await expect(section.getByText(`(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}`, { exact: true })).toBeVisible();
    await expect(section.getByText("Waiting for the code")).toBeVisible();

    const phonePage = await page.context().newPage();
    await phonePage.goto(`/dev/texts?to=${encodeURIComponent(phone)}`);
    await expect(async () => {
      await phonePage.reload();
      await expect(texts(phonePage).first()).toContainText("Your Nosh code is", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const code = /code is (\d{6})/.exec((await texts(phonePage).first().textContent())!)![1]!;
    await phonePage.close();

    await section.getByLabel("Code").fill(code === "000000" ? "111111" : "000000");
    await section.getByRole("button", { name: "Confirm" }).click();
    await expect(section.getByText("Enter the 6-digit code we texted you")).toBeVisible();
    await section.getByLabel("Code").fill(code);
    await section.getByRole("button", { name: "Confirm" }).click();
    await expect(section.getByText("Gets texts")).toBeVisible();
    await expect(section.getByRole("checkbox", { name: "My order is on the way" })).toBeChecked();
    await section.getByRole("checkbox", { name: "Quiet hours" }).check();
    await section.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Text choices saved")).toBeVisible();
    await expectAccessible(page, "account with text messages");
    await section.scrollIntoViewIfNeeded();
    await shoot(page, "account-texts");
  });

  await test.step("the order's moments are texted: on the way, then at the door", async () => {
    const order = await placeOrder(client, { restaurantId: owner.restaurant.id, itemId: owner.item.id });
    await deliverOrder(owner.client, owner.restaurant.id, order.id);
    await page.goto(`/dev/texts?to=${encodeURIComponent(phone)}`);
    await expect(async () => {
      await page.reload();
      await expect(texts(page).first()).toContainText("is at the door", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(texts(page).nth(1)).toContainText(`Nosh: your order from ${owner.restaurant.name} is on the way.`);
    await shoot(page, "dev-texts", [390]);
  });

  await test.step("a forged status callback is refused (403) and changes nothing", async () => {
    const before = await texts(page).first().textContent();
    const params = { MessageSid: "SM0", MessageStatus: "undelivered" };
    expect((await signedPost(page, baseURL!, "status", params, "a-forger-does-not-know-it")).status()).toBe(403);
    const unsigned = await page.request.post(`${baseURL}/api/texts/builtin/status`, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: new URLSearchParams(params).toString(),
    });
    expect(unsigned.status()).toBe(403);
    await page.reload();
    expect(await texts(page).first().textContent()).toBe(before);
  });

  await test.step("STOP opts the number out at once: the next order's moments are not texted", async () => {
    const stop = await signedPost(page, baseURL!, "inbound", { From: phone, Body: "STOP", MessageSid: `SM${randomInt(0, 1e9)}` });
    expect(stop.status()).toBe(200);
    expect(await stop.text()).toContain("You will get no more texts from Nosh. Reply START to get them again.");
    await page.reload();
    const count = await texts(page).count();
    const order = await placeOrder(client, { restaurantId: owner.restaurant.id, itemId: owner.item.id });
    await acceptOrder(owner.client, owner.restaurant.id, order.id);
    for (const stage of ["ready", "out_for_delivery", "delivered"])
      expect((await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${order.id}/stage`, { stage })).status()).toBe(200);
    // The worker runs every 500 ms here: several ticks pass, and nothing more reaches the phone.
    await page.waitForTimeout(3_000);
    await page.reload();
    await expect(texts(page)).toHaveCount(count);
    await expect(texts(page).first()).toContainText("You will get no more texts from Nosh");
  });
});
