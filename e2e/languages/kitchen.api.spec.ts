import { PDFDocument } from "pdf-lib";
import { expect, test } from "../fixtures";
import { buttonsOf, headings, shownTextOf } from "../support/html";
import { placeOrder, standardWallet } from "../support/orders";

// The owner's kitchen in the reader's language (docs/architecture/languages.md): the order board,
// its cards and controls, the restaurants list and the owner's pages read Spanish for a Spanish
// browser (Accept-Language), and English as before for the same owner without it.

const SPANISH = { "Accept-Language": "es-MX,es;q=0.9" };
/** The board's second-level headings without their counts: the kitchen controls, then the columns. */
const columns = (html: string) => headings(html, 2).map((heading) => heading.replace(/ (\d+|…)$/, ""));

test.describe("the owner's kitchen in Spanish", () => {
  test("the order board: its title, columns, a new order's card and buttons and the kitchen controls; English unchanged", async ({ owner, customer }) => {
    const order = await placeOrder(customer.client, {
      restaurantId: owner.restaurant.id,
      itemId: owner.item.id,
      quantity: 2,
      submit: { ...standardWallet, deliveryOption: "pickup" },
    });
    const path = `/restaurants/${owner.restaurant.id}/orders`;

    const english = await (await owner.client.get(path)).text();
    expect(headings(english)).toEqual(["Order board"]);
    expect(columns(english)).toEqual(expect.arrayContaining(["Kitchen", "New", "Preparing", "Ready", "Out for delivery", "Done today"]));
    expect(headings(english, 3)).toContain(`Order #${order.id} for Test`);
    expect(buttonsOf(english)).toEqual(expect.arrayContaining([`Accept order ${order.id}`, `Reject order ${order.id}`, "New phone order", "Rest of today"]));

    const html = await (await owner.client.get(path, SPANISH)).text();
    expect(html).toMatch(/<html[^>]* lang="es"/);
    expect(headings(html)).toEqual(["Tablero de pedidos"]);
    expect(columns(html)).toEqual(expect.arrayContaining(["Cocina", "Nuevos", "En preparación", "Listos", "En reparto", "Terminados hoy"]));
    expect(headings(html, 3)).toContain(`Pedido n.º ${order.id} para Test`);
    expect(buttonsOf(html)).toEqual(expect.arrayContaining([`Aceptar pedido ${order.id}`, `Rechazar pedido ${order.id}`, "Nuevo pedido telefónico", "Resto del día"]));
    expect(html).toMatch(/\d+ pedidos? nuevos? en espera/);
    expect(html).toContain("Paga al recoger");
  });

  test("the restaurants list and the insights, promotions, payouts and statements pages", async ({ owner }) => {
    const id = owner.restaurant.id;
    const spanish = async (path: string) => {
      const response = await owner.client.get(path, SPANISH);
      expect(response.status(), path).toBe(200);
      return response.text();
    };

    const manage = await spanish("/restaurants/manage");
    expect(headings(manage)).toEqual(["Administra tus restaurantes"]);
    expect(manage).toContain("Editar menú");
    // The card's hours and cuisine in Spanish words (the API's businessHours stays English).
    expect(shownTextOf(manage)).toContain("Horario: lun-dom Abierto 24 horas");
    expect(shownTextOf(manage)).toContain("Americana");
    expect(shownTextOf(manage)).not.toContain("Mon-Sun Open 24 hours");
    expect(headings(await spanish(`/restaurants/${id}/insights`))).toEqual(["Estadísticas"]);
    const promotions = await spanish(`/restaurants/${id}/promotions`);
    expect(headings(promotions)).toEqual(["Promociones"]);
    expect(buttonsOf(promotions)).toContain("Crear promoción");
    const payouts = await spanish(`/restaurants/${id}/payouts`);
    expect(headings(payouts)).toEqual(["Pagos"]);
    expect(headings(payouts, 2)).toEqual(expect.arrayContaining(["Datos para pagos", "Movimientos"]));
    const statements = await spanish(`/restaurants/${id}/statements?month=2026-01`);
    expect(headings(statements)).toEqual(["Estados de cuenta"]);
    expect(headings(statements, 2)).toEqual(expect.arrayContaining(["enero de 2026", "Actividad"]));

    expect(headings(await (await owner.client.get("/restaurants/manage")).text())).toEqual(["Manage your restaurants"]);
    const english = await (await owner.client.get(`/restaurants/${id}/statements?month=2026-01`)).text();
    expect(headings(english, 2)).toEqual(expect.arrayContaining(["January 2026", "Activity"]));

    // The statement's PDF in the downloader's language, as the page it comes from; English as before.
    const pdfTitle = async (headers?: Record<string, string>) => {
      const response = await owner.client.get(`/api/manage/${id}/exports/statement.pdf?month=2026-01`, headers);
      expect(response.headers()["content-type"]).toContain("application/pdf");
      return (await PDFDocument.load(await response.body())).getTitle();
    };
    expect(await pdfTitle(SPANISH)).toBe(`Estado de cuenta de Nosh, ${owner.restaurant.name}, enero de 2026`);
    expect(await pdfTitle()).toBe(`Nosh statement, ${owner.restaurant.name}, January 2026`);
  });
});
