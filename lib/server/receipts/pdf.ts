import "server-only";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { formatCents } from "@/lib/shared/money/money";
import { translatorFor } from "@/lib/i18n/translate";
import type { Receipt, ReceiptRow } from "./receipt";
import { statementSummary, statementTime, type MonthlyStatement } from "./statement";

// The receipt and the monthly statement as PDF (docs/architecture/receipts.md), drawn with pdf-lib:
// plain JavaScript, no native module and no font file to read from disk (Helvetica is one of the
// PDF's standard fonts, which every reader has), so it runs in a Next.js route handler as bundled.
// Server only: no page ships it. Text a standard font cannot encode (WinAnsi: an emoji, CJK) is
// printed as "?" rather than failing the download.

const PAGE = { width: 612, height: 792, margin: 48 } as const; // US Letter, points
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.42);
const RULE = rgb(0.82, 0.82, 0.85);

type Column = { x: number; width: number; align?: "right" };

class Writer {
  page!: PDFPage;
  y = 0;
  private readonly known: Set<number>;

  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.known = new Set(font.getCharacterSet());
    this.addPage();
  }

  addPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Room for `height` more points on this page, else a new one. */
  room(height: number) {
    if (this.y - height < PAGE.margin) this.addPage();
  }

  safe(text: string): string {
    return Array.from(text.replaceAll("\u00a0", " "), (char) => (this.known.has(char.codePointAt(0)!) ? char : "?")).join("");
  }

  /** `text` cut with an ellipsis to fit `width` at `size`. */
  fit(text: string, width: number, size: number, font = this.font): string {
    let fitted = this.safe(text);
    if (font.widthOfTextAtSize(fitted, size) <= width) return fitted;
    while (fitted.length > 1 && font.widthOfTextAtSize(`${fitted}...`, size) > width) fitted = fitted.slice(0, -1);
    return `${fitted}...`;
  }

  text(text: string, x: number, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; width?: number; align?: "right" } = {}) {
    const { size = 10, bold = false, color = INK, width = PAGE.width - PAGE.margin - x, align } = options;
    const font = bold ? this.bold : this.font;
    const fitted = this.fit(text, width, size, font);
    const left = align === "right" ? x + width - font.widthOfTextAtSize(fitted, size) : x;
    this.page.drawText(fitted, { x: left, y: this.y, size, font, color });
  }

  /** One row of cells at the current line, then down by `height`. */
  row(cells: readonly (string | null)[], columns: readonly Column[], options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; height?: number } = {}) {
    const { size = 9, height = size + 6 } = options;
    this.room(height);
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      if (cell) this.text(cell, column.x, { size, bold: options.bold, color: options.color, width: column.width, align: column.align });
    });
    this.y -= height;
  }

  rule() {
    this.room(8);
    this.page.drawLine({ start: { x: PAGE.margin, y: this.y + 4 }, end: { x: PAGE.width - PAGE.margin, y: this.y + 4 }, thickness: 0.6, color: RULE });
    this.y -= 8;
  }

  gap(points: number) {
    this.y -= points;
  }
}

async function writer(title: string): Promise<Writer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer("Nosh");
  doc.setCreator("Nosh");
  const [font, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)]);
  return new Writer(doc, font, bold);
}

const LABEL_AND_AMOUNT: Column[] = [
  { x: PAGE.margin, width: 380 },
  { x: PAGE.width - PAGE.margin - 120, width: 120, align: "right" },
];

function receiptRows(out: Writer, rows: readonly ReceiptRow[], money: (cents: number) => string = formatCents) {
  for (const row of rows) {
    const indent = row.style === "part" ? 12 : 0;
    out.row([row.label, money(row.cents)], [{ ...LABEL_AND_AMOUNT[0]!, x: PAGE.margin + indent }, LABEL_AND_AMOUNT[1]!], { size: 10, bold: row.style === "total" });
    if (row.note) out.row([row.note], [{ x: PAGE.margin + indent + 12, width: 360 }], { size: 8, color: MUTED, height: 12 });
  }
}

/** GET /api/orders/{id}/receipt.pdf: the receipt the page shows, on one Letter page (more when the order is long). */
export async function receiptPdf(receipt: Receipt): Promise<Uint8Array> {
  // In the receipt's language (orderReceipt's `locale`) and its order's currency.
  const t = translatorFor(receipt.locale, "server.receipt");
  const money = (cents: number) => formatCents(cents, { locale: receipt.locale, currency: receipt.currency });
  const out = await writer(t("title", { id: String(receipt.orderId) }));
  out.text(t("heading"), PAGE.margin, { size: 20, bold: true });
  out.gap(26);
  out.text(receipt.restaurantName, PAGE.margin, { size: 13, bold: true });
  out.gap(15);
  if (receipt.restaurantAddress) {
    out.text(receipt.restaurantAddress, PAGE.margin, { size: 10, color: MUTED });
    out.gap(14);
  }
  out.gap(6);
  const facts: [string, string][] = [
    [t("order"), `#${receipt.orderId}`],
    [t("placed"), t("placedAt", { time: receipt.placedAt, zone: receipt.timeZone.replaceAll("_", " ") })],
    [t("status"), receipt.status],
    [t("paidWith"), receipt.payment],
  ];
  for (const [label, value] of facts)
    out.row(
      [label, value],
      [
        { x: PAGE.margin, width: 80 },
        { x: PAGE.margin + 80, width: 400 },
      ],
      { size: 10, height: 15 },
    );
  out.gap(6);
  out.rule();
  receiptRows(out, receipt.items, money);
  out.rule();
  receiptRows(out, receipt.charges, money);
  out.rule();
  receiptRows(out, [{ label: t("total"), cents: receipt.totalCents, style: "total" }], money);
  if (receipt.refunds.length) {
    out.gap(4);
    receiptRows(out, receipt.refunds, money);
    out.rule();
    receiptRows(out, [{ label: t("netPaid"), cents: receipt.netCents, style: "total" }], money);
  }
  out.gap(16);
  out.text(t("thanks"), PAGE.margin, { size: 9, color: MUTED });
  return out.doc.save();
}

const ACTIVITY: Column[] = [
  { x: PAGE.margin, width: 98 },
  { x: PAGE.margin + 100, width: 58 },
  { x: PAGE.margin + 160, width: 196 },
  { x: PAGE.width - PAGE.margin - 160, width: 76, align: "right" },
  { x: PAGE.width - PAGE.margin - 80, width: 80, align: "right" },
];

/** GET /api/manage/{id}/exports/statement.pdf: the summary from the opening to the closing balance, then every line with the balance after it; in the statement's language (the page's words, kitchen.statement, and server.labels.statementPdf). */
export async function statementPdf(statement: MonthlyStatement): Promise<Uint8Array> {
  const { locale } = statement;
  const [t, page] = [translatorFor(locale, "server.labels.statementPdf"), translatorFor(locale, "kitchen.statement")];
  const money = (cents: number) => formatCents(cents, { locale, currency: statement.currency });
  const out = await writer(t("title", { name: statement.restaurantName, month: statement.monthLabel }));
  out.text(t("heading"), PAGE.margin, { size: 20, bold: true });
  out.gap(24);
  out.text(`${statement.restaurantName} · ${statement.monthLabel}`, PAGE.margin, { size: 13, bold: true });
  out.gap(15);
  out.text(statement.restaurantAddress, PAGE.margin, { size: 10, color: MUTED });
  out.gap(14);
  out.text(t("restaurant", { id: String(statement.restaurantId), zone: statement.timeZone.replaceAll("_", " ") }), PAGE.margin, { size: 10, color: MUTED });
  out.gap(22);
  out.text(t("summary"), PAGE.margin, { size: 12, bold: true });
  out.gap(16);
  for (const row of statementSummary(statement)) {
    if (row.total) out.rule();
    out.row([row.label, money(row.cents)], [{ ...LABEL_AND_AMOUNT[0]!, x: PAGE.margin + (row.part ? 12 : 0) }, LABEL_AND_AMOUNT[1]!], {
      size: row.part ? 9 : 10,
      bold: row.total,
      color: row.part ? MUTED : INK,
    });
  }
  out.gap(6);
  out.row([t("tax", { amount: money(statement.totals.taxCents) })], [{ x: PAGE.margin, width: PAGE.width - 2 * PAGE.margin }], { size: 9, color: MUTED });
  out.gap(16);
  out.room(60);
  out.text(page("activity"), PAGE.margin, { size: 12, bold: true });
  out.gap(16);
  const header = () => {
    out.row([page("date"), page("type"), page("description"), page("amount"), page("balance")], ACTIVITY, { size: 9, bold: true });
    out.rule();
  };
  header();
  if (!statement.lines.length) out.row([t("empty")], [{ x: PAGE.margin, width: 400 }], { size: 9, color: MUTED });
  for (const line of statement.lines) {
    const before = out.page;
    out.room(15);
    if (out.page !== before) header();
    out.row([statementTime(statement, line.at), page(`categories.${line.category}`), line.description, money(line.amountCents), money(line.balanceCents)], ACTIVITY);
  }
  out.rule();
  out.row([page("summary.closing"), money(statement.closingCents)], [{ x: PAGE.margin, width: 300 }, ACTIVITY[4]!], { size: 10, bold: true });
  return out.doc.save();
}
