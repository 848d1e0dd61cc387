import { expect, test, type Page } from "../fixtures";
import { formatCents } from "@/lib/shared/money/money";
import { priceOrder } from "@/lib/shared/money/pricing";
import { menuOf } from "../support/orders";
import { expectAccessible, shoot, signUpInBrowser } from "../support/pages";

// Languages (docs/architecture/languages.md): a visitor's language is the footer's choice, else
// the browser's Accept-Language, else English; pages read their words from the catalogue, and
// the host keeps a page per language.

/** The demo's restaurant every checkout journey orders from. */
const RESTAURANT = 3;

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

  test("a customer whose browser asks for Spanish orders in Spanish: a restaurant, the cart, checkout and the order, with Spanish amounts and times; the footer's English stays", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL, locale: "es-ES" });
    const page = await context.newPage();
    await signUpInBrowser(page);
    // "12,34 US$" (a no-break space before the symbol), never "$12.34".
    const spanishAmount = /\d,\d{2}\u00a0US\$/;
    const cart = (p: Page) => p.getByRole("button", { name: /^Abrir el carrito/ });

    await test.step("the restaurant page: its words, prices, fee and hours in Spanish", async () => {
      await page.goto(`/restaurants/${RESTAURANT}`);
      await page.waitForLoadState("networkidle");
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(page.getByRole("group", { name: "Opciones de pedido" })).toBeVisible();
      await expect(page.getByText("Gastos de envío", { exact: true })).toBeVisible();
      await expect(page.getByText("Horario", { exact: true })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Categorías del menú" })).toBeVisible();
      const dish = page
        .getByRole("article")
        .filter({ has: page.getByRole("button", { name: /^Añadir .* al carrito$/ }) })
        .first();
      await expect(dish).toContainText(spanishAmount);
      // No dish priced the US way; the facts (fee, hours) in Spanish with a 24-hour clock.
      await expect(page.getByRole("article").filter({ hasText: /\$\d/ })).toHaveCount(0);
      const facts = page.locator("header dl");
      await expect(facts).toContainText(spanishAmount);
      await expect(facts).not.toContainText(/\$\d|\d (AM|PM)\b/);
      await dish.getByRole("button", { name: /^Añadir .* al carrito$/ }).click();
      await expect(cart(page)).toHaveAccessibleName("Abrir el carrito, 1 artículo");
    });

    await test.step("the cart panel and checkout", async () => {
      await cart(page).click();
      const panel = page.getByRole("dialog", { name: "Tu carrito" });
      await expect(panel.getByTestId("cart-subtotal")).toHaveText(spanishAmount);
      await panel.getByRole("button", { name: "Pagar", exact: true }).click();
      await page.waitForURL("**/checkout");
      await expect(page.getByRole("heading", { level: 1, name: "Finalizar pedido" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Realizar pedido" })).toBeEnabled();
      await page.getByRole("radio", { name: /Monedero/ }).check();
      const order = await page.evaluate(() => JSON.parse(localStorage.getItem("currentOrder") ?? "null") as { id: number; subtotal: number });
      const price = priceOrder(Math.round(order.subtotal * 100), "standard", { percent: 15 });
      const summary = page.getByRole("complementary", { name: "Tu pedido" });
      await expect(summary.getByRole("heading", { name: "Resumen del pedido" })).toBeVisible();
      await expect(summary.locator("dl > div").filter({ hasText: "Propina (15 %)" })).toContainText(formatCents(price.tipCents, { locale: "es" }));
      await expect(summary.locator("dl > div").filter({ hasText: /^Total/ })).toContainText(formatCents(price.totalCents, { locale: "es" }));
      await expect(summary).not.toContainText(/\$\d/);
      await expect(page.getByRole("group", { name: "Propina para tu repartidor" })).toContainText(formatCents(price.tipCents, { locale: "es" }));
      await expectAccessible(page, "checkout in Spanish");
      await shoot(page, "checkout-es");
      await page.getByRole("button", { name: "Realizar pedido" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "¡Tu comida llegará pronto!" })).toBeVisible();
      await page.waitForURL(/\/orders$/);
      await expect(page.getByRole("heading", { level: 1, name: "Pedidos" })).toBeVisible();
      const card = page.getByRole("article", { name: `Pedido ${order.id} de`, exact: false });
      await expect(card).toContainText(formatCents(price.totalCents, { locale: "es" }));
      await expect(card).toContainText("Pagado con el monedero");
      await card.getByRole("link", { name: `Detalles del pedido n.º ${order.id}` }).click();
      await page.waitForURL(`**/orders/${order.id}`);
      await expect(page.getByRole("heading", { level: 1, name: `Pedido n.º ${order.id}` })).toBeVisible();
      // Placed "28 nov 2026, 18:15": a day before its month, a 24-hour clock.
      await expect(page.getByRole("main").locator("time").first()).toHaveText(/^\d{1,2} [a-z]{3,4}\.? \d{4}, \d{1,2}:\d{2}$/);
      const progress = page.getByRole("list", { name: "Progreso del pedido" });
      await expect(progress.getByText("Pedido realizado")).toBeVisible();
      await expect(progress.locator("time").first()).toHaveText(/^\d{1,2}:\d{2}$/);
      const receipt = page.getByRole("region", { name: "Recibo" });
      await expect(receipt).toContainText(formatCents(price.totalCents, { locale: "es" }));
      await expect(page.getByText("Saldo del monedero")).toBeVisible();
      await expect(receipt).not.toContainText(/\$\d/);
      await expectAccessible(page, "the order in Spanish");
      await shoot(page, "order-es");
    });

    await test.step("the footer's English: this page, and the next, in English with US amounts", async () => {
      const id = Number(new URL(page.url()).pathname.split("/").pop());
      await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1, name: `Order #${id}` })).toBeVisible();
      await expect(page.getByRole("region", { name: "Receipt" })).toContainText(/\$\d+\.\d{2}/);
      await expect(page.getByRole("list", { name: "Order progress" }).locator("time").first()).toHaveText(/^\d{1,2}:\d{2}\s[AP]M$/);
      // Chosen, not guessed: the browser still asks for Spanish.
      await page.goto(`/restaurants/${RESTAURANT}`);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("group", { name: "Order options" })).toBeVisible();
      await expect(page.getByText("Hours", { exact: true })).toBeVisible();
      await expect(cart(page)).toHaveCount(0);
      await expect(page.getByRole("button", { name: /^Open cart/ })).toBeVisible();
    });
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

  test("a restaurant's and a dish's kept pages are per language too: Spanish words and amounts for Spanish, English for English", async ({ request }) => {
    const html = async (path: string, language: string) => (await request.get(path, { headers: { "Accept-Language": language } })).text();
    const dish = (await menuOf(request, RESTAURANT))[0]!;
    // Three rounds: the second render of a catalog page is kept, then replayed.
    for (let round = 0; round < 3; round++) {
      const restaurantEs = await html(`/restaurants/${RESTAURANT}`, "es-ES,es;q=0.9");
      expect(restaurantEs).toContain('<html lang="es"');
      expect(restaurantEs).toContain('aria-label="Opciones de pedido"');
      expect(restaurantEs).toMatch(/\d,\d{2}\u00a0US\$/);
      expect(restaurantEs).not.toContain('aria-label="Order options"');
      const restaurantEn = await html(`/restaurants/${RESTAURANT}`, "en-US,en;q=0.9");
      expect(restaurantEn).toContain('aria-label="Order options"');
      expect(restaurantEn).not.toMatch(/\u00a0US\$/);
      const dishEs = await html(`/menu-items/${dish.id}`, "es-MX,es;q=0.9");
      expect(dishEs).toContain("Añadir al carrito");
      expect(dishEs).toContain(formatCents(Math.round(dish.price * 100), { locale: "es" }));
      const dishEn = await html(`/menu-items/${dish.id}`, "en-US,en;q=0.9");
      expect(dishEn).toContain("Add to cart");
      expect(dishEn).toContain(formatCents(Math.round(dish.price * 100)));
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
