import { windowText } from "@/lib/shared/time/section-window";
import { said } from "@/lib/shared/words/said";
import { formatCents } from "./money";

// The offers restaurants run without a code (docs/architecture/promotions.md "Offers"), one rule
// for the server (which prices with it) and the pages (which show its savings): buy one get one on
// a dish, a free dish once the rest of the basket reaches a size, and a percent off a menu section
// (its daily window is the server's check, in the restaurant's zone). Each gives a saving per line,
// floored to the cent, capped by maxDiscount, never more than the lines cost; or why it does not.

export const OFFER_KINDS = ["bogo", "free_item", "section_percent"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];
export const isOfferKind = (kind: string): kind is OfferKind => (OFFER_KINDS as readonly string[]).includes(kind);

/** An order's line as an offer reads it: its dish, its section, its unit price with options. */
export type OfferLine = { menuItemId: number; sectionId?: number | null; priceCents: number; quantity: number };

export type OfferTerms = {
  kind: OfferKind;
  /** section_percent: whole percent; otherwise unused. */
  value: number;
  dishId: number | null;
  sectionId: number | null;
  /** free_item: the basket size, counted without the free dish. */
  minSubtotalCents: number;
  maxDiscountCents: number | null;
};

/** The saving on one dish's lines (cents). */
export type LineSaving = { menuItemId: number; cents: number };

/** Why an offer gives nothing to these lines: a dish or section missing, or the basket short by `cents`. */
export type OfferShort = { need: "dish"; count: number } | { need: "spend"; cents: number } | { need: "section" };

/** Each unit of `dishId`'s lines (its price with options), cheapest first. */
function unitsOf(lines: readonly OfferLine[], dishId: number | null): number[] {
  return lines
    .filter((line) => line.menuItemId === dishId)
    .flatMap((line) => Array.from({ length: line.quantity }, () => line.priceCents))
    .sort((a, b) => a - b);
}

const subtotalOf = (lines: readonly OfferLine[]) => lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);

/**
 * The offer's saving on these lines, or why there is none:
 * - bogo: of every two units of the dish one is free, the cheaper (three bought: one free);
 * - free_item: one unit of the dish free (its cheapest) when the other items reach the basket size;
 * - section_percent: `value`% of the section's lines.
 */
export function offerSaving(terms: OfferTerms, lines: readonly OfferLine[]): { cents: number; savings: LineSaving[] } | { short: OfferShort } {
  let cents = 0;
  if (terms.kind === "bogo") {
    const units = unitsOf(lines, terms.dishId);
    if (units.length < 2) return { short: { need: "dish", count: 2 - units.length } };
    cents = units.slice(0, Math.floor(units.length / 2)).reduce((sum, unit) => sum + unit, 0);
  } else if (terms.kind === "free_item") {
    const [free] = unitsOf(lines, terms.dishId);
    const basket = subtotalOf(lines) - (free ?? 0);
    if (basket < terms.minSubtotalCents) return { short: { need: "spend", cents: terms.minSubtotalCents - basket } };
    if (free === undefined) return { short: { need: "dish", count: 1 } };
    cents = free;
  } else {
    const inSection = lines.filter((line) => line.sectionId === terms.sectionId);
    if (!inSection.length) return { short: { need: "section" } };
    cents = Math.floor((subtotalOf(inSection) * terms.value) / 100);
  }
  cents = Math.max(0, Math.min(cents, terms.maxDiscountCents ?? Number.MAX_SAFE_INTEGER));
  const dish = terms.kind === "section_percent" ? null : terms.dishId;
  return { cents, savings: savingsByLine(terms, lines, dish, cents) };
}

/** The saving spread over the lines it came from: the dish's, or the section's in proportion (the last takes the cents left). */
function savingsByLine(terms: OfferTerms, lines: readonly OfferLine[], dishId: number | null, cents: number): LineSaving[] {
  if (cents <= 0) return [];
  if (dishId !== null) return [{ menuItemId: dishId, cents }];
  const byDish = new Map<number, number>();
  for (const line of lines.filter((l) => l.sectionId === terms.sectionId))
    byDish.set(line.menuItemId, (byDish.get(line.menuItemId) ?? 0) + line.priceCents * line.quantity);
  const total = [...byDish.values()].reduce((sum, part) => sum + part, 0);
  const savings: LineSaving[] = [];
  let left = cents;
  [...byDish].forEach(([menuItemId, part], index) => {
    const share = index === byDish.size - 1 ? left : Math.floor((cents * part) / total);
    left -= share;
    if (share > 0) savings.push({ menuItemId, cents: share });
  });
  return savings;
}

/** What an offer's label names: its dish or section, and its window. */
export type OfferNames = { dishName?: string | null; sectionName?: string | null; windowFrom?: string | null; windowUntil?: string | null };

/**
 * "Buy 1 Margherita, get 1 free", "Free Lemonade on orders of $25.00 or more", "20% off Drinks,
 * 3:00 PM - 5:00 PM": the catalogue's `lines.offers` as a said string (the server writes it in the
 * reader's language: errorTextIn); amounts in `currency`.
 */
export function offerLabel(terms: Pick<OfferTerms, "kind" | "value" | "minSubtotalCents" | "maxDiscountCents">, names: OfferNames, currency = "USD"): string {
  const money = (cents: number) => formatCents(cents, { currency });
  // Without the names (an order's receipt reads the promotion's terms only): the kind's own words.
  if (terms.kind === "bogo") return names.dishName ? said("lines.offers.bogo", { dish: names.dishName }) : said("lines.offers.bogoAny");
  if (terms.kind === "free_item") {
    const free = names.dishName ? said("lines.offers.freeItem", { dish: names.dishName }) : said("lines.offers.freeAny");
    return terms.minSubtotalCents > 0 ? said("lines.offers.minimum", { label: free, amount: money(terms.minSubtotalCents) }) : free;
  }
  let label = names.sectionName
    ? said("lines.offers.section", { percent: terms.value, section: names.sectionName })
    : said("lines.offers.sectionAny", { percent: terms.value });
  const window = windowText({ availableFrom: names.windowFrom ?? null, availableUntil: names.windowUntil ?? null });
  if (window) label = said("lines.offers.window", { label, window });
  return terms.maxDiscountCents !== null ? said("lines.offers.cap", { label, amount: money(terms.maxDiscountCents) }) : label;
}
