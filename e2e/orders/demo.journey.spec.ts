import { expect, test } from "../fixtures";
import { pageClient, signUp } from "../support/api";
import { positionTimeOf } from "../support/couriers";
import { alertWith, cartButton, demoLogin, expectAccessible, fillCart, openPlacedOrder, shoot } from "../support/pages";
import { startServer, type Server } from "../support/server";

// The demo as a newcomer sees it (docs/architecture/kitchen.md "The demo kitchen"):
// a customer alone, on a server with the demo data and the simulator on, orders from a demo
// restaurant and watches the order go from "Place order" to "Delivered" with nobody else signed in:
// the demo kitchen accepts it and marks it ready, a demo courier takes it, rides and delivers.
// Its own server (E2E_PORT + 9, data/e2e-demo, from the seeded template) runs the demo
// DEMO_SPEED=300 times faster (lib/shared/demo/demo-pace.ts): the minute before the kitchen takes the
// order is 0.2 s and a 20-minute prep time 4 s; the courier still rides at most 180 km/h and
// reports once a second, as the position check demands, so the ride (about 1.5 km) takes most of
// the test's half minute.

test.describe.configure({ timeout: 120_000 });

// Dolores Slice House (open around the clock: ALWAYS_OPEN_DEMO_RESTAURANTS), 300 m from the demo courier Dev's home in the Mission.
const RESTAURANT = 8;
// The demo couriers Amara (at home in Oakland, 14 km from it: never nearer than Dev) and Luis (in SoMa).
const AMARA = { id: 7, home: { lat: 37.8052, lng: -122.2745 } };
const LUIS = 8;

let server: Server;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({
    port: Number(process.env.E2E_PORT ?? 3111) + 9,
    dataDir: "data/e2e-demo",
    args: [],
    // The product's timing of offers (DISPATCH_EARLY_MINUTES' default): the demo courier is sent for the food's ready time.
    env: { DATABASE_URL: "", NEXT_TELEMETRY_DISABLED: "1", COURIER_SIMULATOR: "on", DEMO_SPEED: "300", DISPATCH_TICK_MS: "250", DISPATCH_EARLY_MINUTES: "2" },
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test("a customer alone orders from a demo restaurant and follows it from Place order to Delivered: the demo kitchen and a demo courier do the rest", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto("/home");
  const client = await pageClient(page);
  const { user } = await signUp(client, { name: "Nell Newcomer", password: "correct horse" }, "demo");
  // An address in the Mission (ZIP 94110), within the restaurant's delivery area.
  expect((await client.put(`/api/users/${user.id}`, { address: "3200 20th St", city: "San Francisco", state: "CA", zip: "94110" })).status()).toBe(200);

  await fillCart(page, RESTAURANT);
  await cartButton(page).click();
  await page.getByRole("dialog", { name: "Your cart" }).getByRole("button", { name: "Checkout", exact: true }).click();
  await page.waitForURL("**/checkout");
  await expect(page.getByRole("button", { name: "Place order" })).toBeEnabled();
  await page.getByRole("radio", { name: /Wallet Balance/ }).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(alertWith(page, "Your food will arrive soon!")).toBeVisible();
  // The demo kitchen may accept before /orders renders: no "Just placed" mark is awaited.
  await openPlacedOrder(page, { marked: false });

  // While the demo delivers it, a person takes Amara over from the simulator (the
  // README's "log in as a courier to take the jobs by hand"). Her phone refuses location at first:
  // the app reports nothing, yet the simulator lets her go the moment the page opens: while it
  // rides Luis on (a step a second), it no longer reports for her.
  const phone = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 780 } });
  const app = await phone.newPage();
  await demoLogin(app, AMARA.id);
  await app.goto("/courier");
  await expect(app.getByRole("heading", { level: 1, name: "On shift, Amara" })).toBeVisible();
  const opened = Date.now();
  await expect.poll(async () => (await positionTimeOf(LUIS, server.dbFile))! - opened, { timeout: 15_000 }).toBeGreaterThan(2_500);
  expect((await positionTimeOf(AMARA.id, server.dbFile))!).toBeLessThan(opened);
  // Location allowed, 20 m from where the simulator left her: her own reports are taken (they no longer meet the simulator's 429s).
  const here = { latitude: AMARA.home.lat + 0.0002, longitude: AMARA.home.lng };
  await phone.grantPermissions(["geolocation"], { origin: server.url });
  await phone.setGeolocation(here);
  await app.getByRole("button", { name: "Go off shift" }).click();
  await app.getByRole("button", { name: "Go on shift" }).click();
  const amara = await pageClient(app);
  await expect.poll(async () => (await (await amara.get("/api/courier")).json()).courier.position?.lat, { timeout: 15_000 }).toBeCloseTo(here.latitude, 4);
  await phone.close();

  const status = page.getByRole("region", { name: /^Your (food|order)/ });
  await expect(status.getByRole("heading", { name: "Your order was delivered" })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole("list", { name: "Order progress" }).getByRole("listitem")).toHaveText([
    /Order placed/,
    /Accepted by the restaurant/,
    /Ready/,
    /Out for delivery/,
    /Delivered/,
  ]);
  await expectAccessible(page, "a demo order delivered");
  await shoot(page, "demo-delivered");
  await context.close();
});
