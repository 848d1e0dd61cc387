import { expect, test } from "../fixtures";
import { expectAccessible, shoot } from "../support/pages";

// Languages (docs/architecture/languages.md): a visitor's language is the footer's choice, else
// the browser's Accept-Language, else English; pages read their words from the catalogue, and
// the host keeps a page per language.

test.describe("languages", () => {
  test("a browser asking for Spanish gets the landing page in Spanish; the footer's English stays chosen", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: "es-MX" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pide comida a domicilio cerca de ti");
    await expect(page.getByRole("search", { name: "Restaurantes que entregan en tu dirección" }).getByRole("button", { name: "Buscar" })).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Acerca de Nosh" })).toBeVisible();
    await expect(footer.getByRole("navigation", { name: "Idioma" }).locator('[aria-current="true"]')).toHaveText("Español");
    await expectAccessible(page, "the landing page in Spanish");
    await shoot(page, "landing-es");

    await footer.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order delivery near you");
    // Chosen, not guessed: the next page is English though the browser still asks for Spanish.
    await page.goto("/about");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "About Nosh" })).toBeVisible();
    await context.close();
  });

  test("the host keeps a page per language: English and Spanish visitors never get each other's copy", async ({ request }) => {
    const heading = async (language: string) => {
      const html = await (await request.get("/", { headers: { "Accept-Language": language } })).text();
      return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
    };
    // Three rounds: the second render of a page is kept, then replayed.
    for (let round = 0; round < 3; round++) {
      expect(await heading("es-ES,es;q=0.9")).toBe("Pide comida a domicilio cerca de ti");
      expect(await heading("en-US,en;q=0.9")).toBe("Order delivery near you");
      expect(await heading("fr-CA,fr;q=0.9")).toBe("Faites-vous livrer près de chez vous");
    }
  });

  test("/language/{code}: a known language is kept for a year and leads back to this site's page; another site's Referer leads home; an unknown one is a 404", async ({
    request,
    baseURL,
  }) => {
    const back = await request.get("/language/es", { maxRedirects: 0, headers: { Referer: `${baseURL}/about?x=1` } });
    expect(back.status()).toBe(303);
    expect(back.headers()["location"]).toBe("/about?x=1");
    expect(back.headers()["set-cookie"]).toMatch(/^nosh_lang=es; Path=\/; Max-Age=31536000; SameSite=Lax/m);
    const elsewhere = await request.get("/language/fr", { maxRedirects: 0, headers: { Referer: "https://evil.example/phish" } });
    expect(elsewhere.headers()["location"]).toBe("/");
    expect((await request.get("/language/xx", { maxRedirects: 0 })).status()).toBe(404);
  });
});
