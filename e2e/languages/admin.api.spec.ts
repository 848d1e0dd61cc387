import { expect, test } from "../fixtures";
import { signUpOperator } from "../support/operator";

// The operator console in Spanish (docs/architecture/languages.md), its pages fetched over HTTP:
// the shell and nav, the orders, markets and disputes pages read in the catalogue's Spanish
// (admin.*.es.json) for an `Accept-Language: es` reader, and word for word as before in English.

test.describe("the operator console in Spanish", () => {
  test("its shell, orders, markets and disputes pages in Spanish for a Spanish reader, in English for an English one", async ({ baseURL }) => {
    const nia = await signUpOperator(baseURL!);
    const html = async (path: string, language: string) => {
      const response = await nia.client.ctx.get(path, { headers: { "Accept-Language": language } });
      expect(response.status(), path).toBe(200);
      return response.text();
    };

    const orders = await html("/admin/orders?attention=1", "es-MX,es;q=0.9");
    for (const words of [
      "Consola del operador",
      "Volver a la tienda",
      "Entregas señaladas",
      "Registro de auditoría",
      "Pedidos que requieren atención",
      "Número de pedido, cliente o restaurante",
      "Requiere atención",
    ]) {
      expect(orders, words).toContain(words);
    }
    expect(orders).toContain("Pedidos · Operador de Nosh");
    expect(orders).not.toContain("Back to the store");
    expect(orders).not.toContain("Orders needing attention");

    // The dashboard's tiles (admin.dashboardTiles; an open order's stage as the console's); GET /api/admin stays English.
    const dashboard = await html("/admin", "es");
    for (const words of [
      "Pedidos en la última hora",
      "Pedidos abiertos",
      "Repartidores en turno",
      "Restaurantes que no reciben pedidos",
      "En preparación",
      "Disputas abiertas",
    ]) {
      expect(dashboard, words).toContain(words);
    }
    expect(dashboard).not.toContain("Open orders");
    const api = await nia.client.ctx.get("/api/admin", { headers: { "Accept-Language": "es" } });
    expect(((await api.json()) as { tiles: { key: string; label: string }[] }).tiles.find((tile) => tile.key === "openOrders")?.label).toBe("Open orders");

    const markets = await html("/admin/markets", "es");
    for (const words of ["Mercados", "Zona horaria", "Pedidos pagados", "Abrir un mercado", "Mover un restaurante a un mercado", "Ciudad de México"]) {
      expect(markets, words).toContain(words);
    }
    const disputes = await html("/admin/disputes?status=closed", "es");
    expect(disputes).toContain("Un titular de tarjeta disputó estos cargos con su banco.");

    const english = await html("/admin/orders?attention=1", "en-US,en;q=0.9");
    for (const words of [
      "Operator console",
      "Back to the store",
      "Flagged deliveries",
      "Audit log",
      "Orders needing attention",
      "Order number, customer or restaurant",
    ]) {
      expect(english, words).toContain(words);
    }
    expect(english).toContain("Orders · Nosh operator");
    expect(english).not.toContain("Volver a la tienda");
    const englishDashboard = await html("/admin", "en-US,en;q=0.9");
    for (const words of ["Orders in the last hour", "Open orders", "Couriers on shift", "Preparing"]) expect(englishDashboard, words).toContain(words);
  });
});
