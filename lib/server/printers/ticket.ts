import "server-only";
import * as receiptline from "receiptline";
import type { IncomingOrderJson } from "@/lib/contract/orders/schemas";
import { LOCALES, type Locale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";
import { addressLine, ticketKind, ticketPayment, ticketPriority, ticketTimes } from "@/lib/shared/kitchen/kitchen-ticket";
import type { PrintJobKind, PrintMediaType } from "@/lib/shared/kitchen/printers";
import { centsOfAmount, formatCents } from "@/lib/shared/money/money";
import { formatShortDateTime } from "@/lib/shared/time/format-date";

// A kitchen printer's ticket as a receiptline document (its markdown-like text), rendered by
// receiptline to what the printer asked for: StarPRNT commands, plain text, or SVG (the simulated
// printer's picture). The kitchen ticket: the order's number big, pickup or delivery and when it is
// due in the restaurant's zone (the one date formatter), each line with its choices and note, the
// customer's ALLERGY inverted as the board shows it in red, the packed-and-sealed checklist; the
// receipt: the lines with their prices and the total. In the printer's language (the catalogue's
// `ticket`).

/** The characters receiptline reads as markup in text, escaped in what a person typed. */
const escape = (text: string) => text.replace(/[\\|{}\-=~_"`^]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, " ");

type TicketFacts = { order: IncomingOrderJson; restaurantName: string; timeZone: string; language: string };

/**
 * The receiptline document of one job. `sized`: with receiptline's character sizes (a printer's
 * commands); off for plain text, where receiptline would spread a big word's letters apart.
 */
export function ticketDocument(kind: PrintJobKind, { order, restaurantName, timeZone, language }: TicketFacts, sized = true): string {
  const big = (times: number) => (sized ? "^".repeat(times) : "");
  const locale: Locale = (LOCALES as readonly string[]).includes(language) ? (language as Locale) : "en";
  const t = translatorFor(locale, "ticket");
  const times = ticketTimes(order, timeZone, locale);
  const due = times.forLater ? t(...times.forLater) : order.estimatedReadyAt && t("readyBy", { time: formatShortDateTime(order.estimatedReadyAt, timeZone, locale) });
  const priority = ticketPriority(order);
  const head = [
    "{align:center}",
    `"${escape(restaurantName)}`,
    kind === "receipt" ? escape(t("receipt")) : null,
    `${big(3)}${escape(t(...ticketKind(order)))}${priority ? ` \\- ${escape(t(...priority))}` : ""}`,
    `${big(4)}${escape(t("number", { id: String(order.id) }))}`,
    escape(t("for", { name: order.customer.firstName })),
    order.allergies?.length ? `\`"${big(1)}${escape(t("allergy", { list: order.allergies.map((allergen) => t(`allergens.${allergen}`)).join(", ") }))}` : null,
    due ? `${big(2)}${escape(due)}` : null,
    escape(t(...times.placed)),
    order.deliveryAddress ? escape(t("deliverTo", { address: addressLine(order.deliveryAddress) })) : null,
    "---",
  ];
  const money = (amount: number) => escape(formatCents(centsOfAmount(amount, order.currency), { locale, currency: order.currency }));
  // A row's columns left-aligned ("|text |": receiptline draws a column toward its pipes), a receipt's price right-aligned.
  const row = (quantity: string, text: string, price?: string) => `|${quantity} |${text} |${kind === "receipt" ? ` ${price ?? ""}|` : ""}`;
  const lines = order.orderItems.flatMap((line) => [
    row(`${big(1)}${line.quantity} ×`, `${big(1)}${escape(line.name)}`, money(line.price * line.quantity)),
    ...(line.customizations ? [row(" ", escape(line.customizations))] : []),
    ...line.options.map((option) => row(" ", `+ ${escape(option.name)}`)),
    ...(line.instructions ? [row(" ", `"${escape(t("note", { text: line.instructions }))}`)] : []),
  ]);
  const count = order.orderItems.reduce((sum, line) => sum + line.quantity, 0);
  const paid = ticketPayment(order, locale);
  const tail =
    kind === "receipt"
      ? ["---", `{width:*,auto}`, `|${big(1)}${escape(t("total"))} | ${big(1)}${money(order.totalCost)}|`]
      : [
          "---",
          "{width:*}",
          `"${escape(t("packedSealed"))}`,
          ...order.orderItems.map((line) => `[ ] ${line.quantity} × ${escape(line.name)}`),
          `[ ] ${escape(t("bagSealed"))}`,
          "{align:center}",
          escape(t("count", { count })),
        ];
  return [
    ...head.filter((line) => line !== null),
    kind === "receipt" ? "{align:left; width:8,*,12}" : "{align:left; width:8,*}",
    ...lines,
    ...tail,
    ...(paid ? [escape(paid.phoneOrder ? t("phoneOrder", { collect: t(...paid.collect) }) : t(...paid.collect))] : []),
    "=",
  ].join("\n");
}

/** A document rendered for a media type: StarPRNT commands (bytes), plain text, or SVG. */
export function renderTicket(document: string, as: PrintMediaType | "image/svg+xml"): Buffer {
  const command = as === "application/vnd.star.starprnt" ? "starsbcs" : as === "text/plain" ? "text" : "svg";
  const rendered = receiptline.transform(document, { cpl: 48, encoding: "multilingual", command, cutting: true });
  // StarPRNT and the other printer commands come back as a binary string (one character a byte).
  return Buffer.from(rendered, command === "starsbcs" ? "latin1" : "utf8");
}
