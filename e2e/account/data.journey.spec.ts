import { readFile } from "node:fs/promises";
import { expect, test } from "../fixtures";
import { alertWith, expectAccessible, shoot, signUpInBrowser } from "../support/pages";

// The account page's data download and danger zone, and the wallet page's statement CSV
// (docs/architecture/customer-data.md "Customers own their data").

test("a customer's data: the account page downloads it and the wallet page the statement; then the account is deleted from its dialog, by keyboard: the balance shown, a wrong password refused, then signed out", async ({
  page,
}) => {
  test.setTimeout(90_000); // many steps, and six screenshots with SCREENSHOT_DIR set
  const { user, email } = await signUpInBrowser(page);
  await test.step("the account page downloads my data, and the wallet page my statement", async () => {
    await page.goto("/account");
    const [data] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
    expect(data.suggestedFilename()).toMatch(/^nosh-data-\d{4}-\d{2}-\d{2}\.json$/);
    const json = JSON.parse(await readFile((await data.path())!, "utf8"));
    expect(json.profile).toMatchObject({ id: user.id, email, firstName: "Casey" });
    expect(json.walletStatement).toHaveLength(1);

    await page.goto("/wallet");
    const [statement] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download statement (CSV)" }).click()]);
    expect(statement.suggestedFilename()).toMatch(/^nosh-wallet-statement-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await statement.path())!, "utf8");
    expect(csv.split("\r\n").filter(Boolean)).toEqual(["Date,Description,Amount,Balance", expect.stringMatching(/,Sign-up credit,999.99,999.99$/)]);
    await shoot(page, "wallet-statement-download");
  });

  await test.step("deleting the account from its dialog, by keyboard: the balance shown, a wrong password refused, then signed out", async () => {
    await page.goto("/account");
    const open = page.getByRole("button", { name: "Delete my account" });
    await open.focus();
    await shoot(page, "account-danger-zone");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("$999.99")).toBeVisible();
    await expect(dialog.getByText(/This balance is forfeited/)).toBeVisible();
    await expect(dialog.getByLabel("Password")).toBeFocused();
    await expectAccessible(page, "delete account dialog");
    await shoot(page, "account-delete-dialog");

    await page.keyboard.type("wrong password");
    await page.keyboard.press("Enter");
    await expect(dialog.getByText("Password is incorrect")).toBeVisible();
    await shoot(page, "account-delete-dialog-error");

    await dialog.getByLabel("Password").fill("correct horse");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/");
    await expect(alertWith(page, "Your account was deleted")).toBeVisible();
    expect((await page.request.get("/api/auth/")).status()).toBe(401);
    await page.goto("/account");
    await page.waitForURL("**/login");
    expect(user.id).toBeGreaterThan(0);
  });
});
