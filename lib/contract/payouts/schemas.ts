import { z } from "zod";
import { WEEKDAYS } from "@/lib/shared/time/opening-hours";
import { id, money, storedFlags } from "../common/schemas";

/** A payout of a restaurant's or a courier's earnings (docs/architecture/payouts.md "Payouts"). */
export const payoutSchema = z.object({
  id,
  reference: z.string().meta({ description: "PO-YYYYMMDD-XXXXXX" }),
  amount: money,
  state: z.enum(["pending", "paid", "failed"]),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
const earningsHead = {
  available: money.meta({ description: "Dollars that may be paid out now: the balance less the earnings still pending" }),
  pendingEarnings: z
    .array(
      z.object({
        orderId: id,
        amount: money,
        availableAt: z.string().meta({ description: "When this order's earnings become available: its problem report window closed" }),
        openReport: z.boolean().meta({ description: "Held while a problem report on the order is open, whatever the window" }),
      }),
    )
    .meta({ description: "Delivered orders' earnings still pending, soonest first" }),
  promotional: money.meta({ description: "Earned on orders paid with promotional credit (the demo's wallet money): never paid out" }),
  owed: money.meta({ description: "A refund clawed back after a payout left the balance below zero by this much: later earnings repay it before any payout" }),
  inFlight: payoutSchema.nullable().meta({ description: "The payout on its way, if any (at most one)" }),
  payouts: z.array(payoutSchema),
};
/** A restaurant's weekly payout day, or null for none. */
export const payoutScheduleSchema = z
  .object({
    weekday: z.enum(WEEKDAYS).meta({ description: "The day of the week, in the restaurant's zone" }),
    skipped: z
      .object({
        day: z.string().meta({ description: "The local date skipped (YYYY-MM-DD)" }),
        reason: z.enum(["unverified", "no_account", "account_unverified"]),
        message: z.string().meta({ description: 'What the page says: "The weekly payout of Fri, Nov 27 was skipped: ..."' }),
      })
      .nullable()
      .meta({ description: "The last payout day was skipped (no verified email, no payout account, or one not verified: the balance stays), else null" }),
  })
  .nullable()
  .meta({ description: "The weekly payout: on this day the available balance is paid out as Pay out does; null: none" });
export const restaurantPayoutsSchema = z.object({
  ...earningsHead,
  schedule: payoutScheduleSchema,
  pending: money.meta({ description: "The restaurant's share of its paid orders not yet delivered, and of delivered orders whose report window is still open" }),
  range: z.object({ from: z.string(), to: z.string() }),
  entries: z.array(
    z.object({
      at: z.string(),
      day: z.string(),
      kind: z.enum(["order", "refund", "payout", "dispute", "wait_pay", "delivery_fee", "door_payment"]),
      orderId: id.nullable(),
      reference: z.string().nullable(),
      gross: money.meta({ description: "An order's gross; a refund's: the amount given back" }),
      commission: money,
      commissionRate: z.number().nullable().meta({ description: "The order's commission rate in percent (orders only)" }),
      discount: money,
      net: money,
      tax: money.meta({
        description: "Sales tax the customer paid on the order (orders only): collected by Nosh for the state, in neither gross nor net",
      }),
      reason: z.string().nullable().meta({ description: 'A refund\'s reason: "Problem report #12: 1 × Fries (missing)", or the order refunded in full' }),
    }),
  ),
});
const courierMoney = {
  ...earningsHead,
  cashOwed: money
    .optional()
    .meta({ description: "Cash collected at the door not yet handed over (docs/architecture/ledger.md, Cash at the door): taken off the next payout; absent when none" }),
  pending: money.meta({ description: "The pay of the jobs held, not yet delivered, and of deliveries whose report window is still open" }),
  entries: z.array(
    z.object({
      at: z.string(),
      day: z.string(),
      kind: z
        .enum(["delivery", "wait_pay", "refund", "payout", "cash"])
        .meta({ description: "cash: the cash at the door they held, taken off their earnings at a payout" }),
      orderId: id.nullable(),
      restaurantName: z.string().nullable(),
      reference: z.string().nullable(),
      amount: money,
    }),
  ),
  days: z.array(z.object({ day: z.string(), deliveries: z.number().int(), earnings: money })),
};
export const courierEarningsSchema = z.object({
  ...courierMoney,
  timeZone: z
    .string()
    .meta({ description: "The zone of the city the courier delivers in (their newest job's restaurant's, IANA): the days' zone, and the one the app shows times in" }),
  flagged: z
    .array(
      z.object({
        orderId: id,
        restaurantName: z.string(),
        amount: money,
        currency: z.string().optional().meta({ description: "The order's currency when not USD (ISO 4217)" }),
        status: z.enum(["held", "refused"]).meta({ description: "held: waiting for Nosh's decision; refused: gone back to the customer" }),
        reason: z.string().meta({ description: "Why it was flagged", example: "delivered 360 m from the drop-off (position accuracy 12 m)" }),
        flags: storedFlags.nullable(),
        at: z.string(),
      }),
    )
    .meta({ description: "Flagged deliveries whose pay is held or was refused (refused: the last 30 days), newest first" }),
  currencies: z
    .array(z.object({ currency: z.string().meta({ description: "ISO 4217, not USD", example: "MXN" }), ...courierMoney }))
    .optional()
    .meta({ description: "Each other currency than USD the courier earned in (a market's orders' pay): the same figures in it; absent with USD only" }),
});
