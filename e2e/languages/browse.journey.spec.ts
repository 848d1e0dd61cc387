import { expect, test } from "../fixtures";

// Browsing in Spanish (docs/architecture/languages.md, namespace `browse`): a browser asking for
// Spanish reads the home page, its cards, search, the help centre and about in Spanish.

test.describe("browsing in Spanish", () => {
  test("home, search, help and about read in Spanish", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: "es-MX" });
    const page = await context.newPage();

    await test.step("/home: the title, the filters, the cards", async () => {
      await page.goto("/home");
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Restaurantes cerca de ti");
      await expect(page.getByRole("navigation", { name: "Cocinas" }).getByRole("link", { name: "Todas" })).toBeVisible();
      await expect(page.getByRole("checkbox", { name: "Abierto ahora" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Todos los restaurantes" })).toBeVisible();
      await expect(page.getByText("Ordenar por", { exact: true })).toBeVisible();
      await expect(page.getByText(/Envío/).first()).toBeVisible();
    });

    await test.step("/search: the heading, the filters and the counts", async () => {
      await page.goto("/search?q=pizza");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Resultados para “pizza”");
      await expect(page.getByRole("group", { name: "Valoración mínima" })).toBeAttached();
      await expect(page.getByText(/\d+ restaurantes? · \d+ platos?/)).toBeVisible();
    });

    await test.step("/help: the articles in Spanish, searched in Spanish", async () => {
      await page.goto("/help?q=reembolso");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Centro de ayuda");
      await expect(page.getByRole("heading", { name: "Artículos faltantes, comida equivocada y reembolsos" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Mostrar todos los artículos" })).toBeVisible();
    });

    await test.step("/about", async () => {
      await page.goto("/about");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acerca de Nosh");
    });
    await context.close();
  });
});
