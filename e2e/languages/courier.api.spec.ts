import { expect, test } from "../fixtures";
import { approveCourier, suspendCourier } from "../support/courier-record";
import { write } from "../support/couriers";
import { verifyEmailOf } from "../support/mailbox";
import { headings, shownTextOf, textOf } from "../support/html";

// The courier's screens in the person's language (docs/architecture/languages.md): a Spanish
// reader who is no courier yet is told so and offered the application in Spanish; once approved,
// the app's shell, its words (they ride in the page's payload to the client components) and the
// record are Spanish, and no English sentence of them is left. A courier's pay in a second
// market's currency (MXN) is answered and paid out apart from USD's.

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

/** A delivery's pay in `currency` on the courier's account in it, as a settlement of an order of that market posts it (one balanced entry). */
async function plantCourierPay(userId: number, currency: string, cents: number) {
  await write(async (query) => {
    const now = new Date();
    const [entry] = await query(`INSERT INTO "LedgerEntry" ("kind", "createdAt", "currency") VALUES ('settlement', ?, ?) RETURNING "id"`, [now, currency]);
    const upsert = `INSERT INTO "LedgerAccount" ("id", "kind", "balanceCents", "updatedAt", "currency") VALUES (?, ?, ?, ?, ?)
      ON CONFLICT ("id") DO UPDATE SET "balanceCents" = "LedgerAccount"."balanceCents" + excluded."balanceCents"`;
    await query(upsert, [`courier:${userId}:${currency}`, "courier", cents, now, currency]);
    await query(upsert, [`external:${currency}`, "external", -cents, now, currency]);
    await query(`INSERT INTO "LedgerLine" ("entryId", "account", "amountCents") VALUES (?, ?, ?), (?, ?, ?)`, [
      entry!.id,
      `courier:${userId}:${currency}`,
      cents,
      entry!.id,
      `external:${currency}`,
      -cents,
    ]);
  });
}

test("a courier's MXN pay is answered beside USD's and paid out apart", async ({ customer }) => {
  const { client, user, email } = customer;
  await approveCourier(user.id);
  await verifyEmailOf(client, email);
  const usd = await (await client.get("/api/courier/earnings")).json();
  expect(usd).not.toHaveProperty("currencies");

  await plantCourierPay(user.id, "MXN", 12_345);
  const both = await (await client.get("/api/courier/earnings")).json();
  expect(both).toMatchObject({ available: usd.available, days: usd.days });
  expect(both.currencies).toEqual([expect.objectContaining({ currency: "MXN", available: 123.45, pending: 0, inFlight: null })]);

  const unknown = await client.post("/api/courier/payouts?currency=XYZ", { amount: 1 });
  expect(unknown.status()).toBe(400);
  expect(Object.keys((await unknown.json()).errors)).toEqual(["currency"]);
  expect((await client.post("/api/courier/payouts?currency=MXN", { amount: 123.46 })).status()).toBe(409);
  const paid = await client.post("/api/courier/payouts?currency=MXN", { amount: 123.45 });
  expect(paid.status()).toBe(201);
  const after = await (await client.get("/api/courier/earnings")).json();
  expect(after.available).toBe(usd.available);
  expect(after.currencies).toEqual([expect.objectContaining({ currency: "MXN", available: 0, inFlight: expect.objectContaining({ amount: 123.45 }) })]);
});
