import { expect, test } from "../fixtures";
import { expectAccessible, shoot } from "../support/pages";
import { acceptOrder, placeOrder } from "../support/orders";
import { SimulatedPrinter, svgWords } from "@/lib/server/printers/testing/simulated-printer";

// Kitchen printers that print by themselves (docs/architecture/kitchen.md "Printers that print by
// themselves"), in the browser and against a simulated Star CloudPRNT printer polling the real
// server: the owner adds a printer on the settings page (a wrong value said beside its field) and
// sets the printer up with the URL and credentials shown once; an order accepted on the board
// prints once, its allergy on the ticket the printer rendered; Reprint prints it again; a printer
// switched off while tickets wait raises the alarm on the board, and prints what it missed when it
// is back. At 390 px (screenshots at 390 and 1280); a printer is silent after 4 s on the suite's
// server (PRINTER_SILENT_SECONDS, playwright.config.ts), 30 s by default.

test("an accepted order prints once on the kitchen printer, and a silent printer raises the alarm", async ({ page, owner, customer, baseURL }) => {
  test.setTimeout(90_000); // accessibility scans, the printer's polls
  await page.setViewportSize({ width: 390, height: 900 });
  await page.context().addCookies((await owner.client.ctx.storageState()).cookies);
  const id = owner.restaurant.id;

  await page.goto(`/restaurants/${id}/update`);
  const section = page.getByRole("region", { name: "Kitchen printers" });
  await expect(section.getByText("No printers yet")).toBeVisible();
  // Bad input: said beside its field, nothing added.
  await section.getByLabel("Skip tickets older than (minutes)").fill("2");
  await section.getByRole("button", { name: "Add printer" }).click();
  // Beside each field (the status line repeats the first).
  const besideField = (text: string) => section.locator("p[id$='-error']", { hasText: text });
  await expect(besideField("Name is required")).toBeVisible();
  await expect(besideField("Enter whole minutes from 5 to 1440")).toBeVisible();
  await section.getByLabel("Printer name").fill("Pass");
  await section.getByLabel("Prints").selectOption("kitchen");
  await section.getByLabel("Skip tickets older than (minutes)").fill("60");
  await section.getByRole("button", { name: "Add printer" }).click();
  const setUp = page.getByRole("region", { name: "Set up Pass" });
  await expect(setUp).toContainText("the password is shown only this once");
  const shownUrl = (await setUp.getByTestId("printer-url").textContent())!;
  expect(shownUrl).toMatch(/\/api\/printers\/cloudprnt$/);
  const login = (await setUp.getByTestId("printer-login").textContent())!;
  const password = (await setUp.getByTestId("printer-password").textContent())!;
  await expect(section.getByRole("listitem").filter({ hasText: "Pass" })).toContainText("Never connected");
  await expectAccessible(page, "settings, a printer added");
  await shoot(page, "printers-settings");

  // Wrong credentials: a 401, nothing printed, the printer still never heard from.
  const url = new URL(new URL(shownUrl).pathname, baseURL).toString();
  const stranger = new SimulatedPrinter(url, login, "not-the-password");
  expect((await stranger.poll()).status).toBe(401);

  const printer = new SimulatedPrinter(url, login, password);
  printer.start(1000);
  try {
    expect((await customer.client.put(`/api/users/${customer.user.id}`, { avoidAllergens: ["peanuts"] })).status()).toBe(200);
    const order = await placeOrder(customer.client, { restaurantId: id, itemId: owner.item.id, quantity: 2 });
    await page.goto(`/restaurants/${id}/orders`);
    const status = page.getByRole("region", { name: "Printers" });
    await expect(status.getByRole("listitem").filter({ hasText: "Pass" })).toContainText("Online", { timeout: 15_000 });

    // Accepted on the board: printed once, with the allergy the board shows.
    await page.getByRole("button", { name: `Accept order ${order.id}` }).click();
    await page
      .getByRole("dialog", { name: `Accept order #${order.id}` })
      .getByRole("button", { name: "Accept order" })
      .click();
    await expect.poll(() => printer.printed.length, { timeout: 15_000 }).toBe(1);
    const ticket = svgWords(printer.printed[0]!.svg);
    expect(ticket).toContain(`Order #${order.id}`);
    expect(ticket).toContain("ALLERGY: peanuts");
    expect(ticket).toContain(`2 × ${owner.item.name}`);
    expect(ticket).toContain("Packed and sealed");
    expect(ticket).toMatch(/Ready by|Pickup at|Deliver at/);
    // Three more polls: nothing printed twice.
    const polled = printer.polls;
    await expect.poll(() => printer.polls, { timeout: 15_000 }).toBeGreaterThanOrEqual(polled + 3);
    expect(printer.printed).toHaveLength(1);

    // Reprint from the board.
    await expect(status.getByTestId("recent-ticket")).toContainText(`Order #${order.id}`, { timeout: 15_000 });
    await status.getByRole("button", { name: `Reprint order #${order.id}` }).click();
    await expect(status.getByRole("status")).toHaveText(`Order #${order.id} sent to the printer again`);
    await expect.poll(() => printer.printed.length, { timeout: 15_000 }).toBe(2);
    await expectAccessible(page, "board with a printer");
    await shoot(page, "printers-board");

    // Switched off while an order waits: the board's alarm.
    await printer.stop();
    const waiting = await placeOrder(customer.client, { restaurantId: id, itemId: owner.item.id });
    await acceptOrder(owner.client, id, waiting.id);
    const alarm = page.getByTestId("printer-alarm");
    await expect(alarm).toHaveText("Pass is not printing and 1 ticket is waiting. Check its power, paper and network.", { timeout: 20_000 });
    await expect(status.getByRole("listitem").filter({ hasText: "Pass" })).toContainText("Not responding");
    await expectAccessible(page, "board, printer alarm");
    await shoot(page, "printers-alarm");

    // Back on: it prints what it missed, and the alarm goes.
    printer.start(1000);
    await expect.poll(() => printer.printed.length, { timeout: 15_000 }).toBe(3);
    expect(svgWords(printer.printed[2]!.svg)).toContain(`Order #${waiting.id}`);
    await expect(alarm).toHaveCount(0, { timeout: 20_000 });
  } finally {
    await printer.stop();
  }
});
