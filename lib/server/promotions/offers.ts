import "server-only";
import { formatCents } from "@/lib/shared/money/money";
import { isOfferKind, offerSaving, type LineSaving, type OfferLine, type OfferShort } from "@/lib/shared/money/offers";
import { isWithinWindow, windowText } from "@/lib/shared/time/section-window";
import { said } from "@/lib/shared/words/said";
import type { Sql } from "../platform/sql";
import { sectionsOfDishes, setPlatformFunded, type PromotionRow } from "./queries";

// The offers restaurants run (docs/architecture/promotions.md "Offers"), the server's half of
// lib/shared/money/offers.ts: an offer's saving on the order's lines, checked here and never taken
// from the client (the lines are the checkout's, priced from today's menu), with why a cart does not
// qualify in the catalogue's words ("Add $3.50 more for a free Lemonade"); and the order's
// platform-funded part recorded for the ledger's settlement. The stacking rule is apply.ts's stack().

/** What an offer gives this order: its discount and each dish's saving; or the reason it does not. */
type OfferOutcome = { discountCents: number; savings: LineSaving[] } | { reason: string };

/** The order's lines with each one's menu section (read once per order, only when an offer is on a section). */
export async function withSections(sql: Sql, lines: readonly OfferLine[], promotions: readonly PromotionRow[]): Promise<OfferLine[]> {
  if (!promotions.some((promotion) => promotion.kind === "section_percent")) return [...lines];
  const sections = await sectionsOfDishes(sql, [...new Set(lines.map((line) => line.menuItemId))]);
  return lines.map((line) => ({ ...line, sectionId: sections.get(line.menuItemId) ?? null }));
}

/**
 * An offer's kind (bogo, free_item, section_percent) priced on `lines` at `now`: a section's offer
 * only inside its daily window (in the restaurant's zone, the menu sections' rule); otherwise the
 * shared rule. The reason is the catalogue's key (said), written in the reader's language.
 */
export function offerOutcome(promotion: PromotionRow, lines: readonly OfferLine[], timeZone: string, currency: string, now: Date): OfferOutcome {
  const window = { availableFrom: promotion.windowFrom, availableUntil: promotion.windowUntil };
  if (promotion.kind === "section_percent" && !isWithinWindow(window, now, timeZone)) {
    return { reason: said("messages.offerWindow", { window: windowText(window) ?? "" }) };
  }
  const priced = offerSaving({ ...promotion, kind: promotion.kind as "bogo" }, lines);
  if ("short" in priced) return { reason: shortReason(priced.short, promotion, currency) };
  if (priced.cents <= 0) return { reason: said("messages.offerNothing") };
  return { discountCents: priced.cents, savings: priced.savings };
}

function shortReason(short: OfferShort, promotion: PromotionRow, currency: string): string {
  const dish = promotion.dishName ?? "";
  if (short.need === "spend") return said("messages.offerSpendMore", { missing: formatCents(short.cents, { currency }), dish });
  if (short.need === "section") return said("messages.offerSection", { section: promotion.sectionName ?? "" });
  return promotion.kind === "bogo" ? said("messages.offerBogoMore", { count: short.count, dish }) : said("messages.offerAddDish", { dish });
}

/** Whether the (automatic) promotion is an offer kind priced on the lines. */
export const pricedOnLines = (promotion: Pick<PromotionRow, "kind">) => isOfferKind(promotion.kind);

/** The platform's share of the order's discount (its offers'), recorded on the order for the settlement (ledger/orders.ts): nothing when 0. */
export async function recordFunding(sql: Sql, orderId: number, platformCents: number): Promise<void> {
  if (platformCents > 0) await setPlatformFunded(sql, orderId, platformCents);
}
