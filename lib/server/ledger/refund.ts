import "server-only";
import type { Sql } from "../platform/sql";
import { account, balanceOf, kindOf, MAY_BE_OVERDRAWN, post, type Line, type Posted } from "./post";
import { orderShareRows } from "./queries/refunds";
import { logicalAccount } from "./currency";
import { lockedCardRoom, placeBeyondCard } from "./refundable";
import { DEFAULT_CURRENCY } from "@/lib/shared/money/currency";

// The one refund planner (docs/architecture/ledger.md "Refunds"): what an order's refund takes
// from whom. Both refunds start from the order's shares, what each account holds of the order
// (the sum of its lines on the order's entries):
// - the order's own refund (a cancel, reject, expiry, a deleted restaurant: `{ whole: true }`)
//   reverses every share exactly: each account gives back exactly what it received, the payer
//   gets back what it paid; a restaurant or courier that has paid it out since goes below zero
//   (a claw-back from its later earnings, `overdraw`), never fronted by the platform;
// - a problem report's refund (`{ items, serviceFee, fees, tax, platformLiable }`) takes each part
//   from the party that earned it: the items from the restaurant, and beyond what it earned on the
//   order (its share after commission and discount) from the platform's commission; the items'
//   share of the service fee ("Tax and fees") from the platform, which earned it; the delivery and
//   priority fees from whoever delivered (the courier of the settlement, or the restaurant's own
//   staff); a platform-liable report (late) from the platform. Never more from a party than its
//   share of the order, whatever its balance: a party already paid out goes below zero (a
//   claw-back). What is beyond every share (a discount's part) the platform pays (its balance, then
//   the company's own money from external): `frontedCents`.
// Whatever clearing still holds for the order is given back first (a delivered order's is empty).
// The customer's part goes back the way the money came (refundTo): the card's part to
// `card-refunds` (owed to the card: external only once the provider confirms the refund,
// payments/state.ts), the wallet's paid part to its paid money, its credit to its credit.

/** The entry's lines, what the platform paid beyond the parties' shares, and the accounts it takes below zero (claw-backs). */
export type RefundPlan = { lines: Line[]; frontedCents: number; overdraw: string[] };

export type RefundRequest =
  /** The order's own refund: every share reversed. */
  | { whole: true }
  /**
   * Part of a delivered order's money back to the customer: `items` (cents), `serviceFee` (the
   * items' share of the service fee), `fees` (delivery and priority fees) and `tax` (the items'
   * tax, once tax exists: the sales-tax helper routes it from the collected-tax account,
   * TAX_PARTY below), each from its parties. `order`: who paid how, and whose restaurant.
   */
  | {
      whole?: false;
      order: { userId: number; paymentMethod: string | null; restaurantId: number | null };
      items: number;
      serviceFee?: number;
      fees: number;
      /** Sales tax: the refunded parts' tax (ledger/tax.ts `refundTaxOf`), from the tax payable account. */
      tax?: number;
      platformLiable: boolean;
      /** Who gives the items back (an operator's decision on a packed, sealed claim): the restaurant (the default) or the courier who delivered. */
      itemsFrom?: "restaurant" | "courier";
      /** Beyond what the card may get back on a disputed charge: refused (the default), or repaid to the dispute's account (a change: refundable.ts placeBeyondCard). */
      beyondCard?: "refuse" | "repay";
    };

/** Who gives back a line's tax: the tax payable account, at most the order's share of it. */
export const TAX_PARTY: string = account.tax;

/**
 * What each account holds of the order: the sum of its lines on the order's entries (a payer's is
 * negative), by the account's name without its currency (ledger/currency.ts: post() places the lines back in it).
 */
export async function orderShares(sql: Sql, orderId: number): Promise<Map<string, number>> {
  return (await orderSharesIn(sql, orderId)).shares;
}

/** orderShares with the currency of the order's entries (USD when it has none). */
export async function orderSharesIn(sql: Sql, orderId: number): Promise<{ shares: Map<string, number>; currency: string }> {
  const rows = await orderShareRows(sql, orderId);
  return { shares: new Map(rows.map((row) => [logicalAccount(row.account), row.cents])), currency: rows[0]?.currency ?? DEFAULT_CURRENCY };
}

/** Who earned the order's delivery: the courier of its settlement, else (its own staff, a pickup) the restaurant. */
function deliveredBy(shares: ReadonlyMap<string, number>, restaurant: string): string {
  for (const [id, cents] of shares) if (kindOf(id) === "courier" && cents > 0) return id;
  return restaurant;
}

/**
 * `cents` given back to the customer the way the order's money came: to the card (`card-refunds`,
 * at most `cardRoom`, refundable.ts: captured less refunded less disputed), then the wallet's paid
 * money, then its credit, each at most what the order took from it less what it got back. A wallet
 * order's rest (a company's fronted part) goes to its credit; a card order's is `rest`, for the
 * caller to place (refundable.ts placeBeyondCard): never to the card.
 */
export function refundTo(
  shares: ReadonlyMap<string, number>,
  order: { userId: number; paymentMethod: string | null },
  cents: number,
  cardRoom: number,
): { lines: Line[]; rest: number } {
  const share = (id: string) => shares.get(id) ?? 0;
  const sources: [string, number][] = [
    [account.cardRefunds, cardRoom],
    [account.walletPaid(order.userId), -share(account.walletPaid(order.userId))],
    [account.wallet(order.userId), -share(account.wallet(order.userId))],
  ];
  const lines: Line[] = [];
  let rest = cents;
  for (const [id, room] of sources) {
    const part = Math.min(rest, Math.max(0, room));
    if (part > 0) lines.push({ account: id, amountCents: part });
    rest -= part;
  }
  if (rest > 0 && order.paymentMethod === "wallet") {
    lines.push({ account: account.wallet(order.userId), amountCents: rest });
    rest = 0;
  }
  // Cash paid at the door (lib/server/cash/): never a card refund, the customer's paid money in the wallet.
  if (rest > 0 && order.paymentMethod === "cash") {
    lines.push({ account: account.walletPaid(order.userId), amountCents: rest });
    rest = 0;
  }
  return { lines, rest };
}

export async function planRefund(sql: Sql, orderId: number, request: RefundRequest): Promise<RefundPlan> {
  // The order locked first, then read: a refund or a dispute racing this one waits (refundable.ts).
  const card = await lockedCardRoom(sql, orderId);
  const { shares, currency } = await orderSharesIn(sql, orderId);
  const claws = (ids: Iterable<string>) => [...ids].filter((id) => MAY_BE_OVERDRAWN.includes(kindOf(id)));
  if (request.whole) {
    // Every share reversed; the card is owed what is left of its charge (card-refunds, until the
    // provider confirms), never what a dispute returned already; external takes the rest (the
    // company's own money an absorbed dispute put in, refundable.ts).
    const lines: Line[] = [...shares]
      .filter(([id]) => id !== account.external && id !== account.cardRefunds)
      .map(([id, cents]) => ({ account: id, amountCents: -cents }));
    lines.push({ account: account.cardRefunds, amountCents: card.cents });
    lines.push({ account: account.external, amountCents: -lines.reduce((sum, line) => sum + line.amountCents, 0) });
    return { lines, frontedCents: 0, overdraw: claws(shares.keys()) };
  }

  const serviceFee = request.serviceFee ?? 0;
  const tax = Math.max(0, request.tax ?? 0);
  const amount = request.items + serviceFee + request.fees + tax;
  if (amount <= 0) return { lines: [], frontedCents: 0, overdraw: [] };
  const { order } = request;
  const restaurant = order.restaurantId === null ? account.platform : account.restaurant(order.restaurantId);
  const back = refundTo(shares, order, amount, card.cents);
  const lines: Line[] = [...back.lines, ...placeBeyondCard(back.rest, card, request.beyondCard === "repay", currency)];
  const given = new Map<string, number>();
  const give = (from: string, cents: number) => {
    if (cents <= 0) return;
    lines.push({ account: from, amountCents: -cents });
    given.set(from, (given.get(from) ?? 0) + cents);
  };
  // What an account can still give: its balance less what this refund already takes from it.
  const canGive = async (from: string) => (from === account.external ? Infinity : (await balanceOf(sql, from, currency)) - (given.get(from) ?? 0));
  let clearing = Math.max(0, shares.get(account.clearing) ?? 0);
  let frontedCents = 0;

  // Each part from its parties in turn, each at most what it earned on the order (its share, less
  // what this refund already took from it): the items from the restaurant, then from the platform
  // the commission it took on them; the items' service fee from the platform; the fees from
  // whoever delivered; the tax from TAX_PARTY. A platform-liable report from the platform alone,
  // limited by its balance only. A restaurant or courier gives its part whatever its balance
  // (below zero once paid out: a claw-back); the platform within its balance.
  const parts: { parties: string[]; cents: number }[] = request.platformLiable
    ? [{ parties: [account.platform], cents: amount }]
    : [
        { parties: [request.itemsFrom === "courier" ? deliveredBy(shares, restaurant) : restaurant, account.platform], cents: request.items },
        { parties: [account.platform], cents: serviceFee },
        { parties: [deliveredBy(shares, restaurant)], cents: request.fees },
        { parties: [TAX_PARTY], cents: tax },
      ];
  for (const part of parts) {
    let rest = part.cents;
    const fromClearing = Math.min(rest, clearing);
    give(account.clearing, fromClearing);
    clearing -= fromClearing;
    rest -= fromClearing;
    // Owed by the platform beyond its balance: paid from the company's own money below.
    let short = 0;
    for (const party of part.parties) {
      if (rest <= 0) break;
      const earned = request.platformLiable ? Infinity : Math.max(0, (shares.get(party) ?? 0) - (given.get(party) ?? 0));
      const owed = Math.min(rest, earned);
      const own = MAY_BE_OVERDRAWN.includes(kindOf(party)) ? owed : Math.max(0, Math.min(owed, await canGive(party)));
      give(party, own);
      short += owed - own;
      rest -= owed;
    }
    rest += short;
    if (rest <= 0) continue;
    // Fronted: what the platform's balance still holds, then the company's own money.
    const platform = Math.max(0, Math.min(rest, await canGive(account.platform)));
    give(account.platform, platform);
    give(account.external, rest - platform);
    frontedCents += rest;
  }
  return { lines, frontedCents, overdraw: claws(given.keys()) };
}

/**
 * Part of an order's money given back (a problem report's refund, a change's: problems/refund.ts,
 * order-changes/settle.ts): `plan` posted as one refund entry keyed `key` on the order, its wallet
 * lines on the statement as refunds; a restaurant's balance that cannot give its part is a 409 to
 * try again. Null, moving nothing, when `key` was posted before.
 */
export function postPartialRefund(sql: Sql, key: string, orderId: number, plan: RefundPlan, now: Date): Promise<Posted | null> {
  return post(sql, {
    kind: "refund",
    key,
    orderId,
    lines: plan.lines,
    overdraw: plan.overdraw,
    walletKind: "refund",
    shortMessage: "The refund could not be taken from the restaurant's balance: try again",
    now,
  });
}
