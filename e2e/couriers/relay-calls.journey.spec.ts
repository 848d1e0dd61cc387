import { randomInt } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import twilio from "twilio";
import { expect, test } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { makeCourier, makeOperator, northOf, ownSpot, placeCustomer, placeRestaurant, write } from "../support/couriers";
import { acceptOrder, standardWallet } from "../support/orders";
import { signUpOwner } from "../support/owner";
import { expectAccessible, shoot } from "../support/pages";

// Masked calls between courier and customer (docs/architecture/text-messages.md "Masked calls"), on
// phones 390 px wide, with the built-in provider and its /dev/calls phone (the e2e servers' pool:
// RELAY_NUMBERS, playwright.config.ts): while Kofi holds Tess's delivery, her order page shows "Call
// courier" and his app "Call customer", both to one relay number; a call from either number to it
// reaches the other, a stranger's reaches nobody; neither number is in the other's pages or JSON.
// A forged webhook is refused and changes nothing. After the delivery and its window, nobody.

const SECRET = "e2e-built-in-texts-secret"; // playwright.config.ts serverEnv TEXTS_BUILTIN_SECRET
const RELAY = /^(tel|sms):\+14152300(101|102)$/;
const localNumber = () => `415${randomInt(200, 999)}${String(randomInt(0, 10_000)).padStart(4, "0")}`;

async function phoneOf(browser: Browser, baseURL: string, client: Client): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, storageState: await client.ctx.storageState() });
  return context.newPage();
}

/** A person with their own phone on their account (PUT /api/users/{id}, the profile's 10 digits). */
async function withPhone(baseURL: string, name: string) {
  const signed = await signUpCustomer(baseURL, { name });
  const local = localNumber();
  const saved = await signed.client.put(`/api/users/${signed.user.id}`, { phoneNumber: local });
  expect(saved.status(), await saved.text()).toBe(200);
  return { ...signed, local, e164: `+1${local}` };
}

/** /dev/calls: a call (or text) from `from` to `relay`; the page's answer, whom it connected. */
async function devCall(page: Page, from: string, relay: string, kind: "Call" | "Text" = "Call", body = "") {
  await page.goto("/dev/calls");
  await page.getByLabel("Calling from").fill(from);
  await page.getByLabel("Relay number").fill(relay);
  await page.getByRole("radio", { name: kind }).check();
  if (kind === "Text") await page.getByLabel("Message").fill(body);
  await page.getByRole("button", { name: kind === "Call" ? "Call the relay" : "Text the relay" }).click();
  const status = page.getByRole("status").filter({ hasText: /Connected|Not in service/ });
  await expect(status).toBeVisible();
  return (await status.locator("p").first().textContent())!;
}

/** Neither the E.164 form nor the 10 digits of `phone` anywhere in `text`. */
const expectNoNumber = (text: string, phone: { local: string; e164: string }, where: string) => {
  expect(text, where).not.toContain(phone.local);
  expect(text, where).not.toContain(phone.e164);
};

test("courier and customer reach each other through one relay number, never seeing the other's number; a forged webhook is refused; after the delivery and its window the relay connects nobody", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const spot = ownSpot();
  const kofi = await withPhone(baseURL!, "Kofi Rider");
  await makeCourier(kofi.user.id);
  const tess = await withPhone(baseURL!, "Tess Caller");
  const owner = await signUpOwner(baseURL!);
  await placeRestaurant(owner.restaurant.id, spot);
  await placeCustomer(tess.user.id, northOf(spot, 2));

  // Kofi on shift 200 m from the restaurant; Tess's order placed and accepted; Kofi accepts the offer.
  const app = await phoneOf(browser, baseURL!, kofi.client);
  await app.context().grantPermissions(["geolocation"], { origin: baseURL });
  const start = northOf(spot, 0.2);
  await app.context().setGeolocation({ latitude: start.lat, longitude: start.lng });
  await app.goto("/courier");
  await app.getByRole("button", { name: "Go on shift" }).click();
  await expect(app.getByRole("button", { name: "Go off shift" })).toBeVisible();
  const positionOf = async () => ((await (await kofi.client.get("/api/courier")).json()) as { courier: { position: { lat: number } | null } }).courier.position?.lat;
  await expect.poll(positionOf, { timeout: 15_000 }).toBeCloseTo(start.lat, 4);
  const created = await tess.client.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [{ menu_item_id: owner.item.id, quantity: 1 }] });
  const orderId = ((await created.json()) as { id: number }).id;
  expect((await tess.client.put(`/api/orders/${orderId}/submit`, standardWallet)).status()).toBe(200);
  await acceptOrder(owner.client, owner.restaurant.id, orderId);
  await app.getByRole("button", { name: "Accept" }).click({ timeout: 20_000 });
  await expect(app.getByRole("heading", { name: `To the restaurant: ${owner.restaurant.name}` })).toBeVisible();

  const shopper = await phoneOf(browser, baseURL!, tess.client);
  let relay = "";
  await test.step("each side sees Call and Text links to the same relay number, and nothing of the other's number", async () => {
    await shopper.goto(`/orders/${orderId}`);
    const call = shopper.getByRole("link", { name: "Call courier" });
    await expect(call).toHaveAttribute("href", RELAY, { timeout: 15_000 });
    await expect(shopper.getByRole("link", { name: "Text courier" })).toHaveAttribute("href", RELAY);
    relay = (await call.getAttribute("href"))!.slice(4);
    await expect(app.getByRole("link", { name: "Call customer" })).toHaveAttribute("href", `tel:${relay}`);
    await expect(app.getByRole("link", { name: "Text customer" })).toHaveAttribute("href", `sms:${relay}`);
    await expectAccessible(shopper, "order page, call the courier");
    await shoot(shopper, "relay-order-page", [390, 1280]);
    await shoot(app, "relay-courier-app", [390, 1280]);

    expectNoNumber(await shopper.content(), kofi, "the order page");
    expectNoNumber(await app.content(), tess, "the courier app");
    const jobs = await (await kofi.client.get("/api/courier/jobs")).text();
    const jobId = (JSON.parse(jobs) as { jobs: { id: number; orderId: number }[] }).jobs.find((job) => job.orderId === orderId)!.id;
    for (const [client, url, other] of [
      [tess.client, `/api/orders/${orderId}`, kofi],
      [tess.client, `/api/orders/${orderId}/messages`, kofi],
      [kofi.client, "/api/courier/jobs", tess],
      [kofi.client, `/api/courier/jobs/${jobId}/messages`, tess],
    ] as const) {
      const answer = await client.get(url);
      expect(answer.status(), url).toBe(200);
      expectNoNumber(await answer.text(), other, url);
    }
  });

  const dev = await phoneOf(browser, baseURL!, tess.client);
  await test.step("a call from either number reaches the other side; a stranger's reaches nobody; a text is forwarded from the relay", async () => {
    expect(await devCall(dev, tess.e164, relay)).toBe(`Connected to the courier of order #${orderId}.`);
    await expect(dev.getByLabel("The webhook's answer")).toContainText(`callerId="${relay}"`);
    await shoot(dev, "relay-dev-calls", [390, 1280]);
    expect(await devCall(dev, kofi.local, relay)).toBe(`Connected to the customer of order #${orderId}.`);
    expect(await devCall(dev, `+1${localNumber()}`, relay)).toBe("Not in service: nobody was connected.");
    await expect(dev.getByLabel("The webhook's answer")).not.toContainText("<Dial");
    expect(await devCall(dev, tess.e164, relay, "Text", "Gate code 4321")).toBe(`Connected to the courier of order #${orderId}.`);
    await dev.goto(`/dev/texts?to=${encodeURIComponent(kofi.e164)}`);
    await expect(dev.getByRole("list", { name: "Texts, newest first" }).getByRole("listitem").first()).toContainText("Nosh, your customer: Gate code 4321");
  });

  await test.step("a forged or unsigned call to the webhook is refused and connects nobody", async () => {
    const url = `${baseURL}/api/calls/builtin/voice`;
    const params = { From: tess.e164, To: relay, CallSid: `CA${randomInt(1e9)}` };
    const forged = twilio.getExpectedTwilioSignature("not-the-secret-at-all", url, params);
    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    const recorded = async () => Number((await write((query) => query(`SELECT COUNT(*) AS n FROM "RelayCall" WHERE "providerId" = ?`, [params.CallSid])))[0]!.n);
    expect((await dev.request.post(url, { headers: { ...headers, "X-Nosh-Text-Signature": forged }, data: new URLSearchParams(params).toString() })).status()).toBe(403);
    expect((await dev.request.post(url, { headers, data: new URLSearchParams(params).toString() })).status()).toBe(403);
    expect(await recorded()).toBe(0);
    // Signed with the provider's secret, the same call connects (the refusal was the signature's).
    const signed = await dev.request.post(url, {
      headers: { ...headers, "X-Nosh-Text-Signature": twilio.getExpectedTwilioSignature(SECRET, url, params) },
      data: new URLSearchParams(params).toString(),
    });
    expect(await signed.text()).toContain("<Dial");
    expect(await recorded()).toBe(1);
  });

  await test.step("delivered: the relay still connects for its window, then nobody, and the links are gone", async () => {
    const jobs = (await (await kofi.client.get("/api/courier/jobs")).json()) as { jobs: { id: number; orderId: number }[] };
    const jobId = jobs.jobs.find((job) => job.orderId === orderId)!.id;
    for (const [step, body] of [
      ["arrived", { confirm: true }],
      ["picked-up", { handedOver: true, confirm: true }],
      ["delivered", { confirm: true }],
    ] as const) {
      const moved = await kofi.client.post(`/api/courier/jobs/${jobId}/${step}`, body);
      expect(moved.status(), `${step}: ${await moved.text()}`).toBe(200);
    }
    expect(await devCall(dev, tess.e164, relay)).toBe(`Connected to the courier of order #${orderId}.`);
    // The window passes: the delivery's end moved back past RELAY_WINDOW_MINUTES (15).
    await write((query) => query(`UPDATE "DeliveryJob" SET "closedAt" = ? WHERE "orderId" = ?`, [new Date(Date.now() - 16 * 60_000), orderId]));
    expect(await devCall(dev, tess.e164, relay)).toBe("Not in service: nobody was connected.");
    expect(await devCall(dev, kofi.e164, relay)).toBe("Not in service: nobody was connected.");
    await shopper.reload();
    await expect(shopper.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(shopper.getByRole("link", { name: "Call courier" })).toHaveCount(0);
    expectNoNumber(await shopper.content(), kofi, "the order page, delivered");
  });

  await test.step("the operator sees each call and text, by side, with its length, and neither number", async () => {
    const nia = await signUpCustomer(baseURL!, { name: "Nia Operator" });
    await makeOperator(nia.user.id);
    const desk = await phoneOf(browser, baseURL!, nia.client);
    await desk.goto(`/admin/orders/${orderId}`);
    const delivery = desk.getByRole("region", { name: "Delivery", exact: true });
    await expect(delivery).toContainText("Relay calls");
    await expect(delivery).toContainText("Call from the customer · completed · 60 s");
    await expect(delivery).toContainText("Text from the customer · connected");
    expectNoNumber(await desk.content(), tess, "the operator's order page");
    expectNoNumber(await desk.content(), kofi, "the operator's order page");
    await shoot(desk, "relay-operator-order", [390, 1280]);
  });
});
