import { parse } from "csv-parse/sync";
import { PDFDocument, PDFRawStream, decodePDFRawStream } from "pdf-lib";
import { expect, test } from "../fixtures";
import { newClient, signUpCustomer, type Client } from "../support/api";
import { textOf } from "../support/html";
import { placeOrder, standardCard } from "../support/orders";
import { signUpOwner } from "../support/owner";

// Receipts and monthly statements over HTTP (docs/architecture/receipts.md): a card order
// delivered and partly refunded by a problem report; its receipt page and PDF for its customer
// only (anyone else: the 404 of a missing order, nothing of it in the answer); the restaurant's
// month as PDF and CSV for its owner only, a bad month a 400 naming `month`. The figures against
// the ledger's lines are pinned on a real database in lib/server/receipts/receipts.test.ts.

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (amount: number) => `$${(amount / 100).toFixed(2)}`;
const thisMonth = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date()).slice(0, 7);

/** The text a PDF draws: each page's content inflated, each hex string shown (pdf-lib writes text as <hex> Tj). */
async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const texts: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    for (const ref of contents && "asArray" in contents ? contents.asArray() : [contents]) {
      const stream = doc.context.lookup(ref as never);
      if (!(stream instanceof PDFRawStream)) throw new Error("a loaded page's content is a raw stream");
      const raw = Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");
      for (const [, hex] of raw.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) texts.push(Buffer.from(hex!, "hex").toString("latin1"));
    }
  }
  return texts.join("\n");
}

/** A card order of two of the owner's dish, delivered by the owner's one-step Completed, then one of the two refunded by the owner's decision. */
async function refundedOrder(customer: Client, owner: Awaited<ReturnType<typeof signUpOwner>>) {
  const order = await placeOrder(customer, { restaurantId: owner.restaurant.id, itemId: owner.item.id, quantity: 2, submit: standardCard });
  expect((await owner.client.put(`/api/manage/${owner.restaurant.id}/orders/${order.id}`, { status: "Completed" })).status()).toBe(200);
  const { items } = await (await customer.get(`/api/orders/${order.id}/problems`)).json();
  const sent = await customer.post(`/api/orders/${order.id}/problems`, { lines: [{ orderItemId: items[0].orderItemId, quantity: 1, reason: "missing" }] });
  expect(sent.status(), await sent.text()).toBe(201);
  let { problem } = await sent.json();
  if (problem.status === "pending") {
    const decided = await owner.client.post(`/api/manage/${owner.restaurant.id}/problems/${problem.id}/decision`, { decision: "approve_all" });
    expect(decided.status(), await decided.text()).toBe(200);
    problem = (await decided.json()).problem;
  }
  expect(problem.refund.amount).toBeGreaterThan(0);
  return { order, refundCents: cents(problem.refund.amount) };
}

test("a customer's receipt: the page and its PDF itemise the order and its refund; anyone else gets a 404 that reveals nothing", async ({ baseURL }) => {
  const owner = await signUpOwner(baseURL!);
  const customer = await signUpCustomer(baseURL!);
  const { order, refundCents } = await refundedOrder(customer.client, owner);
  const total = cents(order.totalCost);

  const page = await customer.client.get(`/orders/${order.id}/receipt`);
  expect(page.status()).toBe(200);
  const text = textOf(await page.text());
  for (const part of [
    `Order #${order.id} from ${owner.restaurant.name}`,
    "Subtotal",
    "Delivery fee",
    "Service fee",
    "Tip",
    "Total",
    "Net paid",
    "Download PDF",
    "Visa •••• 4242",
  ])
    expect(text).toContain(part);
  expect(text).toContain(dollars(total));
  expect(text).toContain(dollars(total - refundCents));
  // The order's page links to it.
  expect(await (await customer.client.get(`/orders/${order.id}`)).text()).toContain(`href="/orders/${order.id}/receipt"`);

  const pdf = await customer.client.get(`/api/orders/${order.id}/receipt.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()).toMatchObject({ "content-type": "application/pdf", "cache-control": "private, no-store" });
  expect(pdf.headers()["content-disposition"]).toBe(`attachment; filename="nosh-receipt-order-${order.id}.pdf"`);
  const drawn = await pdfText(await pdf.body());
  expect(drawn).toContain(`#${order.id}`);
  expect(drawn).toContain(owner.restaurant.name);
  expect(drawn).toContain(dollars(total));
  expect(drawn).toContain(dollars(total - refundCents));

  // Another customer and the restaurant's owner: the 404 of a missing order, on the page and the PDF; anonymous: 401.
  const stranger = await signUpCustomer(baseURL!);
  for (const reader of [stranger.client, owner.client]) {
    const refused = await reader.get(`/api/orders/${order.id}/receipt.pdf`);
    expect(refused.status()).toBe(404);
    const body = await refused.text();
    expect(body).not.toContain(owner.restaurant.name);
    expect(body).not.toContain(dollars(total));
    const refusedPage = await reader.get(`/orders/${order.id}/receipt`);
    expect(refusedPage.status()).toBe(404);
    expect(await refusedPage.text()).not.toContain(dollars(total));
  }
  expect((await (await newClient(baseURL!)).get(`/api/orders/${order.id}/receipt.pdf`)).status()).toBe(401);
});

test("an owner's monthly statement as PDF and CSV ties the month's lines to its closing balance; others get a 404, a bad month a 400", async ({ baseURL }) => {
  const owner = await signUpOwner(baseURL!);
  const customer = await signUpCustomer(baseURL!);
  const { order: placed, refundCents } = await refundedOrder(customer.client, owner);
  const order = placed as typeof placed & { deliveryFee: number; priorityFee?: number; tip: number };
  const month = thisMonth();
  const id = owner.restaurant.id;

  const csv = await owner.client.get(`/api/manage/${id}/exports/statement.csv?month=${month}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const records: string[][] = parse(await csv.text());
  expect(records[0]).toEqual([
    "time",
    "type",
    "order",
    "reference",
    "description",
    "sales",
    "commission",
    "discount",
    "delivery_fees",
    "tips",
    "amount",
    "balance",
    "sales_tax_collected",
  ]);
  expect(records.map((record) => record[1])).toEqual(["type", "opening_balance", "order", "refund", "closing_balance"]);
  const [, opening, sale, refund, closing] = records as [string[], string[], string[], string[], string[]];
  expect(opening[11]).toBe("0.00");
  expect(sale[2]).toBe(String(order.id));
  // The owner's own staff delivered it: the food less 15% commission, the fees and the tip.
  const commission = Math.floor(cents(order.subtotal) * 0.15);
  const net = cents(order.subtotal) - commission + cents(order.deliveryFee) + cents(order.priorityFee ?? 0) + cents(order.tip);
  expect(sale.slice(5, 11).map((value) => cents(Number(value)))).toEqual([
    cents(order.subtotal),
    commission,
    0,
    cents(order.deliveryFee) + cents(order.priorityFee ?? 0),
    cents(order.tip),
    net,
  ]);
  expect(cents(Number(refund[10]))).toBeLessThan(0);
  expect(cents(Number(closing[11]))).toBe(net + cents(Number(refund[10])));
  // The restaurant gives back its share of the refund (the service fee's part is the platform's).
  expect(-cents(Number(refund[10]))).toBeLessThanOrEqual(refundCents);

  const pdf = await owner.client.get(`/api/manage/${id}/exports/statement.pdf?month=${month}`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const drawn = await pdfText(await pdf.body());
  expect(drawn).toContain("Closing balance");
  expect(drawn).toContain(dollars(cents(Number(closing[11]))));
  expect(drawn).toContain(`Order #${order.id} delivered`);

  // A month that is not one: 400 naming it; another owner and the customer: 404, nothing of the restaurant in it.
  const bad = await owner.client.get(`/api/manage/${id}/exports/statement.csv?month=2026-13`);
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors).toHaveProperty("month");
  const other = await signUpOwner(baseURL!);
  for (const reader of [other.client, customer.client])
    for (const kind of ["csv", "pdf"]) {
      const refused = await reader.get(`/api/manage/${id}/exports/statement.${kind}?month=${month}`);
      expect(refused.status()).toBe(404);
      expect(await refused.text()).not.toContain(owner.restaurant.name);
    }
  expect((await other.client.get(`/restaurants/${id}/statements`)).status()).toBe(404);

  // The page: the month's summary, its downloads; a month without activity shows the empty state.
  const statementPage = textOf(await (await owner.client.get(`/restaurants/${id}/statements?month=${month}`)).text());
  for (const part of ["Opening balance", "Closing balance", "Download PDF", "Download CSV", `Order #${order.id} delivered`]) expect(statementPage).toContain(part);
  const empty = textOf(await (await owner.client.get(`/restaurants/${id}/statements?month=2020-01`)).text());
  expect(empty).toContain("No activity in January 2020");
  const refusedMonth = textOf(await (await owner.client.get(`/restaurants/${id}/statements?month=2026-13`)).text());
  expect(refusedMonth).toContain("month must be a month (YYYY-MM)");
});
