// Sales tax (docs/architecture/tax.md "Sales tax"): the one rule,
// pure and in integer cents, used by the checkout page, the server's placement and quote, refunds
// and the operator's screens alike.
//
// - A rate belongs to a jurisdiction: a state, and optionally a ZIP prefix ("941" for San
//   Francisco's ZIPs). The restaurant's address chooses it: of the rates of its state whose prefix
//   begins its ZIP (the empty prefix: the whole state) and which are in effect on the day, the
//   longest prefix wins, then the latest effective date (a new rate from a date on; the old stays
//   as history), then the newest row.
// - A rate is stored in thousandths of a percent (8.625% = 8625): every real rate is exact.
// - It taxes the items (the subtotal, less a percent or amount promotion's discount) and, when
//   the rate says so, the fees (delivery, priority and the service fee, less a free-delivery
//   discount). Never the tip.
// - Rounding: ONE rounding per order, half up to the cent, of the taxable base times the rate
//   (not per line): tax = floor((base * rate + 50000) / 100000).
// - A restaurant with no rate pays no tax: the order's numbers are exactly the spec's
//   (subtotal + 6.49 + 1.49 if priority + 10 % + tip).

import type { Locale } from "@/lib/i18n/locale";

export type TaxRate = {
  id: number;
  state: string;
  /** "" for the whole state. */
  zipPrefix: string;
  /** Thousandths of a percent: 8.625% = 8625. */
  rateMilliPercent: number;
  /** Whether the fees (delivery, priority, service) are taxed too; items always are. */
  taxesFees: boolean;
  /** YYYY-MM-DD: the first day (in the restaurant's time zone) the rate applies. */
  effectiveOn: string;
};

/** What an order keeps of the rate it was taxed at (Order columns), and what refunds need of it. */
export type AppliedTax = { rateMilliPercent: number; taxesFees: boolean; jurisdiction: string };

export const TAX_LIMITS = { maxRateMilliPercent: 30_000, zipPrefixMax: 5 } as const;

/** "CA" or "CA 941": how a jurisdiction is named on receipts, the report and the ledger's report. */
export function jurisdictionOf(rate: Pick<TaxRate, "state" | "zipPrefix">): string {
  return rate.zipPrefix ? `${rate.state} ${rate.zipPrefix}` : rate.state;
}

/** 8625 -> 8.625 (a percent, as the JSON and the screens show it). */
export function ratePercent(rateMilliPercent: number): number {
  return rateMilliPercent / 1000;
}

/** A decimal number (a percent, a distance) in the reader's language: 12.5 is "12.5" in English, "12,5" in Spanish and French (their decimal mark; no Intl table in a page). */
export const decimalText = (value: number, locale: Locale = "en"): string => (locale === "en" ? String(value) : String(value).replace(".", ","));

/** "8.625%" (Spanish "8,625 %") */
export function formatRate(rateMilliPercent: number, locale: Locale = "en"): string {
  return locale === "en" ? `${ratePercent(rateMilliPercent)}%` : `${decimalText(ratePercent(rateMilliPercent), locale)} %`;
}

/** A percent typed by an operator ("8.625", 10.25) to thousandths, or null when not a rate with at most three decimals. */
export function rateFromPercent(percent: number | string): number | null {
  const text = typeof percent === "number" ? String(percent) : percent.trim();
  if (!/^\d{1,2}(\.\d{1,3})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 1000 + Number(fraction.padEnd(3, "0"));
}

/**
 * The rate in effect for an address on a day: the longest ZIP prefix of the state that begins the
 * ZIP, then the latest effective date on or before `day`, then the highest id. Null: no tax.
 */
export function pickRate<R extends TaxRate>(rates: readonly R[], address: { state: string; zip: string }, day: string): R | null {
  const state = address.state.trim().toUpperCase();
  const zip = address.zip.trim();
  let best: R | null = null;
  for (const rate of rates) {
    if (rate.state !== state || !zip.startsWith(rate.zipPrefix) || rate.effectiveOn > day) continue;
    if (
      !best ||
      rate.zipPrefix.length > best.zipPrefix.length ||
      (rate.zipPrefix.length === best.zipPrefix.length && (rate.effectiveOn > best.effectiveOn || (rate.effectiveOn === best.effectiveOn && rate.id > best.id)))
    ) {
      best = rate;
    }
  }
  return best;
}

/** The tax of a taxable base at a rate: the one rounding, half up to the cent. */
export function taxOfBase(baseCents: number, rateMilliPercent: number): number {
  if (baseCents <= 0 || rateMilliPercent <= 0) return 0;
  return Math.floor((baseCents * rateMilliPercent + 50_000) / 100_000);
}

/** What an order's tax is computed on (cents, before any discount). */
export type Taxable = {
  subtotalCents: number;
  deliveryFeeCents: number;
  priorityFeeCents: number;
  serviceFeeCents: number;
  /** The promotion's discount and what it comes off: the items, or the delivery fee (free delivery). */
  discountCents?: number;
  discountOn?: "items" | "fees";
  /** Delivery pricing: the small-order fee (a fee), and the delivery fee the restaurant waived (off the fees, whatever the promotion's discount is on). */
  smallOrderFeeCents?: number;
  deliveryWaivedCents?: number;
};

/** The taxable base of an order under a rate: the discounted items, and the discounted fees if the rate taxes fees. */
export function taxableBase(order: Taxable, tax: Pick<AppliedTax, "taxesFees">): number {
  const discount = order.discountCents ?? 0;
  const items = Math.max(0, order.subtotalCents - (order.discountOn === "fees" ? 0 : discount));
  const feesOff = (order.discountOn === "fees" ? discount : 0) + (order.deliveryWaivedCents ?? 0);
  const fees = Math.max(0, order.deliveryFeeCents + order.priorityFeeCents + order.serviceFeeCents + (order.smallOrderFeeCents ?? 0) - feesOff);
  return items + (tax.taxesFees ? fees : 0);
}

/** An order's tax: 0 without a rate. */
export function orderTax(order: Taxable, tax: Pick<AppliedTax, "rateMilliPercent" | "taxesFees"> | null): number {
  return tax ? taxOfBase(taxableBase(order, tax), tax.rateMilliPercent) : 0;
}

/**
 * The tax a refund of part of an order gives back: the tax of the refunded items (and fees, when
 * the order's rate taxed fees) at the order's rate, never more than `remainingCents` (the tax the
 * order still holds: a rounding of several partial refunds never gives back more than was collected).
 * For the refund planner (lib/server/ledger/refund.ts) and the problem reports' amounts.
 */
export function refundTax(
  order: { taxCents: number; taxRateMilliPercent: number | null; taxesFees: boolean },
  refunded: { items: number; fees: number },
  remainingCents = order.taxCents,
): number {
  if (!order.taxRateMilliPercent || order.taxCents <= 0) return 0;
  const base = Math.max(0, refunded.items) + (order.taxesFees ? Math.max(0, refunded.fees) : 0);
  return Math.max(0, Math.min(remainingCents, taxOfBase(base, order.taxRateMilliPercent)));
}
