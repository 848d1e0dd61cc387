import { expect, test } from "../fixtures";
import { approveCourier, suspendCourier } from "../support/courier-record";
import { headings, shownTextOf, textOf } from "../support/html";

// The courier's screens in the person's language (docs/architecture/languages.md): a Spanish
// reader who is no courier yet is told so and offered the application in Spanish; once approved,
// the app's shell, its words (they ride in the page's payload to the client components) and the
// record are Spanish, and no English sentence of them is left.

test("a Spanish courier reads the courier app, its record and the refusal in Spanish", async ({ customer }) => {
  const { client, user } = customer;
  expect((await client.put(`/api/users/${user.id}`, { language: "es" })).status()).toBe(200);

  const refused = await (await client.get("/courier")).text();
  expect(headings(refused)).toContain("Esta página es para repartidores");
  expect(textOf(refused)).toContain("¿Quieres repartir para Nosh?");
  expect(textOf(refused)).not.toContain("This page is for couriers");

  await approveCourier(user.id);
  const app = await (await client.get("/courier")).text();
  expect(textOf(app)).toContain("Cargando tu turno…");
  expect(textOf(app)).toContain("Tienda");
  expect(app).toContain("Empezar turno");
  expect(app).toContain("Nueva oferta de entrega");
  expect(app).not.toContain("Go on shift");

  const blocks = await (await client.get("/courier/blocks")).text();
  expect(textOf(blocks)).toContain("Cargando tus bloques…");

  await suspendCourier(user.id);
  const record = await (await client.get("/courier/record")).text();
  expect(headings(record)).toContain("Tu historial");
  expect(textOf(record)).toMatch(/Últimos \d+ días/);
  expect(textOf(record)).toContain("Tu cuenta de repartidor está suspendida");
  expect(textOf(record)).toContain("Enviar la apelación");
  expect(textOf(record)).not.toContain("Your record");
  // The rules, their thresholds and the note on declining, in Spanish (GET /api/courier/record keeps English).
  for (const words of ["Entregas fallidas", "Entregas tarde", "2 de 5 en 30 días", "Rechazar ofertas o dejar que venzan"])
    expect(shownTextOf(record), words).toContain(words);
  for (const words of ["Failed deliveries", "of 5 in 30 days", "Declining offers"]) expect(shownTextOf(record), words).not.toContain(words);
});
