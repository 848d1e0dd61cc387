import { expect, test } from "../fixtures";
import { expectAccessible, shoot, signUpInBrowser } from "../support/pages";

// The account page's language (docs/architecture/languages.md "The person's setting"): on a
// phone, the select lists each language in its own words; saving it turns this browser's pages
// to it at once and keeps it on the account (mail and push).

test("on a phone, a customer chooses Spanish on the account page: the page turns Spanish and the account keeps it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpInBrowser(page);
  await page.goto("/account");
  const card = page.getByRole("region", { name: "Language" });
  const select = card.getByLabel("Nosh writes to you in");
  await expect(select).toHaveValue("en");
  await expect(select.locator("option")).toHaveText(["English", "Español", "Français"]);
  await card.scrollIntoViewIfNeeded();
  await expectAccessible(page, "the account's language card");
  await shoot(page, "account-language");

  await select.selectOption("es");
  await card.getByRole("button", { name: "Save language" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const spanish = page.getByRole("region", { name: "Idioma" });
  await expect(spanish.getByLabel("Nosh te escribe en")).toHaveValue("es");
  await expect(spanish.getByRole("button", { name: "Guardar idioma" })).toBeDisabled();
  await expectAccessible(page, "the account in Spanish");
  await shoot(page, "account-language-es");
  expect((await (await page.request.get("/api/auth")).json()).language).toBe("es");
});
