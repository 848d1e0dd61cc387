import { parse } from "csv-parse/sync";
import { PDFDocument, PDFRawStream, decodePDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { problemReportSchema } from "@/lib/contract/problems/rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";

// Receipts and monthly statements (docs/architecture/receipts.md) on a real migrated SQLite file:
// a card order delivered, then partly refunded by a problem report; the receipt's figures and the
// statement's sums are compared with the ledger's lines, cent for cent, and the PDF and CSV read back.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  wallet: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  place: await import("../orders/place"),
  complete: await import("../orders/complete"),
  post: await import("../ledger/post"),
  check: await import("../ledger/check"),
  report: await import("../problems/report"),
  placePaid: (await import("../orders/testing/place-paid")).placePaid,
  receipt: await import("./receipt"),
  statement: await import("./statement"),
  statementCsv: await import("./statement-csv"),
  pdf: await import("./pdf"),
  hours: await import("@/lib/shared/time/opening-hours"),
};

const inTx = <T>(work: (sql: import("../platform/sql").Sql) => Promise<T>) => m.db.$transaction((tx) => work(m.sql.sqlOf(tx)));

async function shop(fries = "Fries") {
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  const dish = (name: string, priceCents: number) =>
    m.db.menuItem.create({ data: { restaurantId: restaurant.id, name, description: "d", priceCents, foodImage: "/d.webp", foodType: "entree" } });
  return { owner, restaurant, burger: await dish("Burger", 1_800), fries: await dish(fries, 300) };
}

async function customer(): Promise<User> {
  const user = await m.db.user.create({ data: { firstName: "Ada" } });
  await inTx((sql) => m.wallet.moveWallet(sql, { userId: user.id, amountCents: 20_000, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

/** 1 burger and 2 fries, paid as checkout pays (a card authorized by the test provider), delivered by the restaurant's own staff. */
async function deliveredOrder(place: Awaited<ReturnType<typeof shop>>, user: User, paymentMethod: "card" | "wallet") {
  const input = placeOrderSchema.parse({
    restaurantId: place.restaurant.id,
    items: [
      { menuItemId: place.burger.id, quantity: 1 },
      { menuItemId: place.fries.id, quantity: 2 },
    ],
    submit: { deliveryOption: "standard", tipPercent: 15, paymentMethod },
  });
  const order = await m.placePaid(user, { cart: input }, input.submit!);
  await m.complete.closeIncomingOrder(place.owner, place.restaurant.id, order.id, "Completed");
  const lines = await m.db.orderItem.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" } });
  return { order: await m.db.order.findUniqueOrThrow({ where: { id: order.id } }), fries: lines[1]! };
}

/** A line's amount on the entry keyed `key` for `account` (0 without one). */
async function ledgerLine(key: string, account: string): Promise<number> {
  const lines = await m.db.ledgerLine.findMany({ where: { account, entry: { key } } });
  return lines.reduce((sum, line) => sum + line.amountCents, 0);
}

/** The text a PDF draws: each page's content streams inflated, each hex string shown (pdf-lib writes text as <hex> Tj). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const texts: string[] = [];
  for (const page of doc.getPages()) {
    const streams = page.node.Contents();
    const refs = streams && "asArray" in streams ? streams.asArray() : [streams];
    for (const ref of refs) {
      const stream = doc.context.lookup(ref as never);
      if (!(stream instanceof PDFRawStream)) throw new Error("a loaded page's content is a raw stream");
      const raw = Buffer.from(decodePDFRawStream(stream).decode());
      for (const [, hex] of raw.toString("latin1").matchAll(/<([0-9A-Fa-f]*)> Tj/g)) texts.push(Buffer.from(hex!, "hex").toString("latin1"));
    }
  }
  return texts.join("\n");
}

const thisMonth = (timeZone: string) => m.hours.localDateKey(new Date(), timeZone).slice(0, 7);

describe("receipts", () => {
  it("itemises a card order with its partial refund as the ledger moved it, for its customer only, and as a PDF", async () => {
    const place = await shop();
    const ada = await customer();
    const { order, fries } = await deliveredOrder(place, ada, "card");
    // A small claim is approved at once: one fries and its share of the service fee back to the card.
    const problem = await m.report.submitProblem(ada, order.id, problemReportSchema.parse({ lines: [{ orderItemId: fries.id, quantity: 1, reason: "missing" }] }), null);
    expect(problem.status).toBe("approved");

    const receipt = await m.receipt.orderReceipt(ada, order.id);
    // What the card paid is the payment's line into clearing; the refund the card-refunds line of the problem's entry.
    const paid = await ledgerLine(`order:${order.id}:payment`, "clearing");
    const { entryId } = await m.db.problemReport.findUniqueOrThrow({ where: { id: problem.id } });
    const refundLines = await m.db.ledgerLine.findMany({ where: { entryId: entryId!, account: m.post.account.cardRefunds } });
    const refunded = refundLines.reduce((sum, line) => sum + line.amountCents, 0);
    expect(refunded).toBeGreaterThan(0);
    expect(receipt.totalCents).toBe(paid);
    expect(receipt.refunds.map((row) => row.cents)).toEqual([-refunded]);
    expect(receipt.netCents).toBe(paid - refunded);
    // The rows add up to the total, and name the card.
    expect([...receipt.items].reduce((sum, row) => sum + row.cents, 0)).toBe(order.subtotalCents);
    expect(receipt.charges.reduce((sum, row) => sum + row.cents, 0)).toBe(order.totalCents);
    expect(receipt).toMatchObject({
      restaurantName: place.restaurant.name,
      restaurantAddress: "742 Evergreen Terrace, Springfield, OR 97403",
      payment: "Visa •••• 4242",
    });
    expect(receipt.charges.map((row) => row.label)).toEqual(["Subtotal", "Delivery fee", "Service fee", "Tip"]);

    // Anyone else (another customer, the restaurant's owner) gets the 404 of a missing order.
    const stranger = await customer();
    await expect(m.receipt.orderReceipt(stranger, order.id)).rejects.toMatchObject({ status: 404 });
    await expect(m.receipt.orderReceipt(place.owner, order.id)).rejects.toMatchObject({ status: 404 });

    const text = await pdfText(await m.pdf.receiptPdf(receipt));
    expect(text).toContain(`#${order.id}`);
    expect(text).toContain("Total");
    expect(text).toContain(`$${(paid / 100).toFixed(2)}`);
    expect(text).toContain(`$${((paid - refunded) / 100).toFixed(2)}`);
    // WinAnsi's bullet is 0x95.
    expect(text).toContain("Visa \x95\x95\x95\x95 4242");
    expect(await inTx((sql) => m.check.ledgerProblems(sql))).toEqual([]);

    // In the downloader's language (the route passes the request's): words, amounts and times in Spanish.
    const spanish = await m.receipt.orderReceipt(ada, order.id, "es");
    expect(spanish.charges.map((row) => row.label)).toEqual(["Subtotal", "Gastos de envío", "Tarifa de servicio", "Propina"]);
    const pending = receipt.refunds[0]!.label.startsWith("Refund pending");
    expect(receipt.refunds.map((row) => row.label)).toEqual([`${pending ? "Refund pending" : "Refunded"} · problem report #${problem.id}`]);
    expect(spanish.refunds.map((row) => row.label)).toEqual([`${pending ? "Reembolso pendiente" : "Reembolsado"} · reporte de problema n.º ${problem.id}`]);
    expect(spanish.status).toBe("Entregado");
    const texto = await pdfText(await m.pdf.receiptPdf(spanish));
    for (const word of ["Recibo", "Pedido", "Pagado con", "Pagado neto", "Gracias por pedir con Nosh."]) expect(texto).toContain(word);
    expect(texto).toContain(`${(paid / 100).toFixed(2).replace(".", ",")} US$`);
    expect(texto).not.toMatch(/Receipt|Paid with|Thank you/);
  });

  it("states a month of the restaurant's account from its opening to its closing balance, every line by kind, tied to the ledger; as CSV and PDF; for its owner only", async () => {
    const place = await shop('Fries, "large"');
    const ada = await customer();
    const first = await deliveredOrder(place, ada, "card");
    const second = await deliveredOrder(place, ada, "card");
    const problem = await m.report.submitProblem(
      ada,
      second.order.id,
      problemReportSchema.parse({ lines: [{ orderItemId: second.fries.id, quantity: 1, reason: "missing" }] }),
      null,
    );
    expect(problem.status).toBe("approved");
    const restaurantAccount = m.post.account.restaurant(place.restaurant.id);
    // A kind of line the statement has no part for (here a deduction; a dispute's, once there are disputes) is an adjustment, with its kind.
    await inTx((sql) =>
      m.post.post(sql, {
        kind: "deduct",
        key: `deduct:${first.order.id}`,
        orderId: first.order.id,
        lines: [
          { account: restaurantAccount, amountCents: -500 },
          { account: m.post.account.external, amountCents: 500 },
        ],
        overdraw: [restaurantAccount],
      }),
    );

    const month = thisMonth(place.restaurant.timeZone);
    const statement = await m.statement.monthlyStatement(place.owner, place.restaurant.id, month);
    const ledger = await m.db.ledgerLine.findMany({ where: { account: restaurantAccount }, include: { entry: true }, orderBy: { id: "asc" } });
    const sumOf = (kind: string) => ledger.filter((line) => line.entry.kind === kind).reduce((sum, line) => sum + line.amountCents, 0);
    expect(statement.lines.map((line) => line.amountCents)).toEqual(ledger.map((line) => line.amountCents));
    expect(statement.openingCents).toBe(0);
    expect(statement.closingCents).toBe(await inTx((sql) => m.post.balanceOf(sql, restaurantAccount)));
    expect(statement.totals).toMatchObject({ orderCount: 2, order: sumOf("settlement"), refund: sumOf("refund"), adjustment: -500, payout: 0, tip: 0 });
    expect(statement.totals.refund).toBeLessThan(0);
    // Its own staff delivered both: the tips and the delivery fees are the restaurant's.
    expect(statement.totals.tipsCents).toBe(first.order.tipCents + second.order.tipCents);
    expect(statement.totals.deliveryCents).toBe(first.order.deliveryFeeCents + second.order.deliveryFeeCents);
    expect(statement.totals.salesCents).toBe(first.order.subtotalCents + second.order.subtotalCents);
    for (const line of statement.lines)
      expect(line.salesCents - line.commissionCents - line.discountCents + line.deliveryCents + line.tipCents, line.description).toBe(
        line.category === "order" ? line.amountCents : 0,
      );
    expect(statement.lines.find((line) => line.category === "adjustment")?.description).toBe(`Order #${first.order.id}: deduct`);
    const summary = m.statement.statementSummary(statement);
    const moved = summary.filter((row) => !row.part && !row.total).reduce((sum, row) => sum + row.cents, 0);
    expect(statement.openingCents + moved).toBe(statement.closingCents);

    // The next month opens where this one closed, with nothing in it; the one before is empty.
    const next = await m.statement.monthlyStatement(place.owner, place.restaurant.id, (await import("@/lib/contract/payouts/statement-rules")).shiftMonth(month, 1));
    expect(next).toMatchObject({ openingCents: statement.closingCents, closingCents: statement.closingCents, lines: [] });
    const before = await m.statement.monthlyStatement(place.owner, place.restaurant.id, (await import("@/lib/contract/payouts/statement-rules")).shiftMonth(month, -1));
    expect(before).toMatchObject({ openingCents: 0, closingCents: 0, lines: [] });

    // Another owner, and the customer, get the 404 of a missing restaurant.
    const other = await shop();
    await expect(m.statement.monthlyStatement(other.owner, place.restaurant.id, month)).rejects.toMatchObject({ status: 404 });
    await expect(m.statement.monthlyStatement(ada, place.restaurant.id, month)).rejects.toMatchObject({ status: 404 });

    // The CSV: RFC 4180 (the dish's comma and quotes come back whole), opening, every line, closing.
    const records: string[][] = parse([...m.statementCsv.statementCsv(statement)].join(""));
    expect(records[0]).toEqual([...m.statementCsv.STATEMENT_COLUMNS]);
    expect(records[1]!.slice(1, 2)).toEqual(["opening_balance"]);
    expect(records.at(-1)!.slice(1, 2)).toEqual(["closing_balance"]);
    expect(records.at(-1)![11]).toBe((statement.closingCents / 100).toFixed(2));
    const body = records.slice(2, -1);
    expect(body.map((record) => record[1])).toEqual(["order", "order", "refund", "adjustment"]);
    expect(body.reduce((sum, record) => sum + Math.round(Number(record[10]) * 100), 0)).toBe(statement.closingCents);
    expect(body[2]![4]).toBe(`Order #${second.order.id}: Problem report #${problem.id}: 1 × Fries, "large" (missing)`);

    const text = await pdfText(await m.pdf.statementPdf(statement));
    expect(text).toContain("Closing balance");
    expect(text).toContain(`$${(statement.closingCents / 100).toFixed(2)}`);
    expect(text).toContain(`Order #${first.order.id}: deduct`);

    // In the reader's language (the page's and the PDF route's request): the same lines and sums, worded in Spanish; the CSV is the English above.
    const es = await m.statement.monthlyStatement(place.owner, place.restaurant.id, month, "es");
    expect(es.lines.map((line) => [line.category, line.amountCents])).toEqual(statement.lines.map((line) => [line.category, line.amountCents]));
    expect(es.lines.map((line) => line.description)).toEqual([
      `Pedido n.º ${first.order.id} entregado`,
      `Pedido n.º ${second.order.id} entregado`,
      `Pedido n.º ${second.order.id}: Reporte de problema n.º ${problem.id}: 1 × Fries, "large" (falta)`,
      `Pedido n.º ${first.order.id}: descuento`,
    ]);
    expect(m.statement.statementSummary(es).map((row) => row.label)).toContain("Pedidos (2)");
    const texto = await pdfText(await m.pdf.statementPdf(es));
    // WinAnsi's ó and º, as latin1 reads them.
    for (const word of ["Estado de cuenta mensual", "Resumen", "Actividad", "Saldo final", "Ajuste", "Pedido n.\xba"]) expect(texto).toContain(word);
    expect(texto).toContain(`${(statement.closingCents / 100).toFixed(2).replace(".", ",")} US$`);
    expect(texto).not.toMatch(/Monthly statement|Closing balance|Activity|delivered/);
    // The payouts page's entries too (GET /api/manage/{id}/payouts stays English).
    const payouts = (await import("../payouts/restaurant")).restaurantPayouts;
    const reasonsOf = async (locale: "en" | "es") =>
      (await payouts(place.owner, place.restaurant.id, null, new Date(), locale)).entries.map((entry) => entry.reason).filter(Boolean);
    expect(await reasonsOf("en")).toEqual([`Problem report #${problem.id}: 1 × Fries, "large" (missing)`]);
    expect(await reasonsOf("es")).toEqual([`Reporte de problema n.º ${problem.id}: 1 × Fries, "large" (falta)`]);
  });

  it("files each line by its entry's kind, an unknown kind as an adjustment", () => {
    expect(m.statement.categoryOf({ kind: "settlement", key: "order:1:settlement" })).toBe("order");
    expect(m.statement.categoryOf({ kind: "payment", key: "order:1:tip:300:500" })).toBe("tip");
    expect(m.statement.categoryOf({ kind: "payment", key: "tip:7" })).toBe("tip");
    expect(m.statement.categoryOf({ kind: "payment", key: "order-change:3:charge" })).toBe("adjustment");
    expect(m.statement.categoryOf({ kind: "refund", key: "problem:2:refund" })).toBe("refund");
    expect(m.statement.categoryOf({ kind: "payout", key: "payout:4:returned" })).toBe("payout");
    expect(m.statement.categoryOf({ kind: "dispute", key: "dispute:9" })).toBe("adjustment");
  });

  it("refuses no emoji or script a standard font cannot draw: it prints ? instead", async () => {
    const place = await shop("Dumplings 🥟 饺子");
    const ada = await customer();
    const { order } = await deliveredOrder(place, ada, "wallet");
    const receipt = await m.receipt.orderReceipt(ada, order.id);
    expect(receipt.payment).toBe("Nosh wallet");
    const text = await pdfText(await m.pdf.receiptPdf(receipt));
    // WinAnsi's × is 0xd7, as latin1 reads it.
    expect(text).toContain("2 \xd7 Dumplings ? ??");
  });
});
