import "server-only";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { formatDateTime } from "@/lib/shared/time/format-date";
import { stageLabel, type OrderStage, type StageWords } from "@/lib/shared/orders/order-stages";
import type { Locale } from "@/lib/i18n/locale";
import { translatorFor, wordsFor } from "@/lib/i18n/translate";
import { cardLabel } from "@/lib/shared/money/payment-cards";
import { promotionLabel, type PromotionKind } from "@/lib/shared/money/promotions";
import { ratePercent } from "@/lib/shared/money/tax";
import type { SessionUser } from "../platform/session-user";
import { receiptRefunds, type ReceiptRefund } from "../ledger/orders";
import { errorTextIn, notFound } from "../platform/errors";
import { plainSql } from "../platform/sql";
import { getOwnOrder } from "../orders/read";
import { memberSaving, orderCard, restaurantAddress } from "./queries";
import { said } from "@/lib/shared/words/said";

// An order's itemised receipt (docs/architecture/receipts.md), for the customer who placed it:
// the page /orders/{id}/receipt and its PDF (GET /api/orders/{id}/receipt.pdf) print the same
// rows, in cents: what the order was charged (its stored figures, which the ledger's payment
// carried into clearing), then every refund the ledger gave back on it (receiptRefunds, the order
// page's "Refunded" lines) and the net. Times in the restaurant's zone, through the one formatter.
// Worded in the reader's language (`locale`: the request's, lib/i18n; English by default, as ever).

export type ReceiptRow = {
  label: string;
  /** A smaller second line: an option list, a jurisdiction, a refund's date. */
  note?: string;
  cents: number;
  /** `item`: an order line; `part`: a part of the row above it; `total`: a total's rule. */
  style?: "item" | "part" | "total";
};

export type Receipt = {
  /** The language its words and amounts are written in, and the order's currency. */
  locale: Locale;
  currency: string;
  orderId: number;
  restaurantName: string;
  /** One line; null once the restaurant was deleted. */
  restaurantAddress: string | null;
  timeZone: string;
  /** When it was placed, in the restaurant's zone ("Nov 20, 2026, 6:15 PM"). */
  placedAt: string;
  status: string;
  /** "Visa •••• 4242", "Nosh wallet". */
  payment: string;
  items: ReceiptRow[];
  /** Subtotal to total: fees, tax, tip, promotion. */
  charges: ReceiptRow[];
  totalCents: number;
  /** The refunds, and what stayed paid (none without a refund). */
  refunds: ReceiptRow[];
  refundedCents: number;
  netCents: number;
};

type ReceiptT = ReturnType<typeof translatorFor<"server.receipt">>;

/** A refund's line (lib/server/ledger/orders.ts receiptRefunds words it in English): "Refunded · problem report #12". */
function refundLabel(refund: ReceiptRefund, t: ReceiptT): string {
  const state = t(refund.pending ? "refundPending" : "refunded");
  if (refund.problemId !== null) return t("refundProblem", { refund: state, id: String(refund.problemId) });
  if (refund.label.endsWith(" · delivery")) return t("refundDelivery", { refund: state });
  return refund.change ? t("refundDish", { refund: state }) : state;
}

/** The receipt of the caller's own placed order; anyone else's, and an order still at checkout, are the 404 of a missing one. */
export async function orderReceipt(user: SessionUser, orderId: number, locale: Locale = "en"): Promise<Receipt> {
  const order = await getOwnOrder(user, orderId);
  if (order.stage === null) throw notFound(said("messages.orderNotFound"));
  const sql = plainSql();
  const timeZone = order.restaurant?.timeZone ?? MARKET_TIME_ZONE;
  const [card, address, refunds, memberSavedCents] = await Promise.all([
    order.paymentMethod === "card" ? orderCard(sql, order.id) : null,
    restaurantAddress(sql, order.restaurantId),
    receiptRefunds(sql, order),
    memberSaving(sql, order.id),
  ]);
  const t = translatorFor(locale, "server.receipt");
  // English's figures as they always were ("1.5", "8.625"); another language's as it writes them ("1,5").
  const number = (value: number) => (locale === "en" ? String(value) : value.toLocaleString(locale, { maximumFractionDigits: 3 }));
  const charges: ReceiptRow[] = [{ label: t("subtotal"), cents: order.subtotalCents }];
  if (!order.pickup)
    charges.push({ label: order.deliveryKm === null ? t("deliveryFee") : t("deliveryFeeKm", { km: number(order.deliveryKm) }), cents: order.deliveryFeeCents });
  if (order.deliveryWaivedCents > 0) charges.push({ label: t("freeDelivery"), cents: -order.deliveryWaivedCents });
  if (order.priorityFeeCents > 0) charges.push({ label: t("priorityDelivery"), cents: order.priorityFeeCents });
  charges.push({ label: t("serviceFee"), cents: order.serviceFeeCents });
  // A member's order: what the membership took off the fees above (paid by the platform), for the record.
  if (memberSavedCents > 0) charges.push({ label: t("memberSaved"), cents: -memberSavedCents, style: "part" });
  if (order.smallOrderFeeCents > 0) charges.push({ label: t("smallOrderFee"), cents: order.smallOrderFeeCents });
  if (order.taxCents > 0 || order.taxJurisdiction !== null)
    charges.push({
      label: order.taxRateMilliPercent !== null ? t("salesTaxRate", { rate: number(ratePercent(order.taxRateMilliPercent)) }) : t("salesTax"),
      note: order.taxJurisdiction ?? undefined,
      cents: order.taxCents,
    });
  charges.push({ label: t(order.pickup ? "staffTip" : "tip"), cents: order.tipCents });
  // The promotion's part of the discount (the restaurant's free delivery is its own line above).
  const promotionCents = order.discountCents - order.deliveryWaivedCents;
  if (promotionCents > 0) {
    const promotion = order.promotion;
    const name = promotion ? (promotion.code ?? errorTextIn(locale, promotionLabel({ ...promotion, kind: promotion.kind as PromotionKind }, order.currency))) : null;
    charges.push({ label: name ? t("promotionNamed", { name }) : t("promotion"), cents: -promotionCents });
  }
  const refundRows: ReceiptRow[] = refunds.map((refund) => ({
    label: refundLabel(refund, t),
    note: t(refund.change ? "refundAtChange" : "refundAt", { time: formatDateTime(refund.at, timeZone, locale) }),
    cents: -refund.cents,
  }));
  // A change's refund (an unavailable dish) is already off the order's total: listed, not taken off again (as the order page does).
  const refundedCents = refunds.filter((refund) => !refund.change).reduce((sum, refund) => sum + refund.cents, 0);
  return {
    locale,
    currency: order.currency,
    orderId: order.id,
    restaurantName: order.restaurantName,
    restaurantAddress: address,
    timeZone,
    placedAt: formatDateTime(order.submittedAt ?? order.createdAt, timeZone, locale),
    status: stageLabel(order.stage as OrderStage, order.pickup ? "pickup" : order.deliveryOption, "label", wordsFor(locale, "order") as unknown as StageWords),
    payment:
      order.paymentMethod === "wallet"
        ? t("wallet")
        : order.paymentMethod === "cash"
          ? t("cash")
          : card
            ? cardLabel(card)
            : order.paymentMethod === "card"
              ? t("card")
              : t("notPaid"),
    items: order.orderItems.map((line) => ({
      label: `${line.quantity} × ${line.name}`,
      note: line.options.length ? line.options.map((option) => option.name).join(", ") : undefined,
      cents: line.priceCents * line.quantity,
      style: "item",
    })),
    charges,
    totalCents: order.totalCents,
    refunds: refundRows,
    refundedCents,
    netCents: Math.max(0, order.totalCents - refundedCents),
  };
}
