import "server-only";
import { account, balanceOf, post, type Line } from "../ledger/post";
import type { Sql } from "../platform/sql";

// A problem report's refund: one ledger entry (docs/architecture/ledger.md, post()) keyed
// `problem:{id}:refund`, so approving twice moves money once. The money goes back where it came
// from (the wallet, or the card: the external account), and comes from the liable party: the
// restaurant for what it sent (missing, wrong, damaged, cold, other), the platform for a late
// delivery. A delivered order's clearing is empty (split on delivery), but whatever clearing still
// holds for it is used first. A restaurant that has paid its balance out cannot go below zero: the
// platform fronts the rest (its balance, then the company's own money from external); the report
// keeps that part as `frontedCents`.

export type RefundPlan = { lines: Line[]; frontedCents: number };

export async function planRefund(
  sql: Sql,
  order: { id: number; userId: number; paymentMethod: string | null; restaurantId: number | null },
  amountCents: number,
  late: boolean,
): Promise<RefundPlan> {
  if (amountCents <= 0) return { lines: [], frontedCents: 0 };
  const to = order.paymentMethod === "wallet" ? account.wallet(order.userId) : account.external;
  const liable = late || order.restaurantId === null ? account.platform : account.restaurant(order.restaurantId);
  const [held] = await sql.all<{ cents: number | bigint | null }>(
    `SELECT CAST(SUM(l."amountCents") AS BIGINT) AS "cents" FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" WHERE e."orderId" = ? AND l."account" = 'clearing'`,
    [order.id],
  );
  const lines: Line[] = [{ account: to, amountCents: amountCents }];
  let rest = amountCents;
  const take = (from: string, most: number) => {
    const cents = Math.max(0, Math.min(rest, most));
    if (cents) lines.push({ account: from, amountCents: -cents });
    rest -= cents;
    return cents;
  };
  take(account.clearing, Number(held?.cents ?? 0));
  take(liable, await balanceOf(sql, liable));
  let frontedCents = 0;
  if (rest > 0 && liable !== account.platform) frontedCents += take(account.platform, await balanceOf(sql, account.platform));
  if (rest > 0) frontedCents += take(account.external, rest);
  return { lines, frontedCents };
}

/** Posts the refund (a second post of the same report moves nothing and returns null). */
export async function postRefund(sql: Sql, problemId: number, orderId: number, plan: RefundPlan, now: Date): Promise<number | null> {
  const posted = await post(sql, {
    kind: "refund",
    key: `problem:${problemId}:refund`,
    orderId,
    lines: plan.lines,
    walletKind: "refund",
    shortMessage: "The refund could not be taken from the restaurant's balance: try again",
    now,
  });
  return posted?.entryId ?? null;
}
