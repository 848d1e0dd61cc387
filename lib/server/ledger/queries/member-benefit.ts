import "server-only";
import { row, rowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";

const benefitRow = rowOf({ deliveryCents: row.int, serviceFeeCents: row.int });

/** What a member's order saved (MemberBenefit, written at its placement: membership/benefit.ts); undefined for any other order. */
export async function orderBenefit(sql: Sql, orderId: number): Promise<{ deliveryCents: number; serviceFeeCents: number } | undefined> {
  const [found] = await sql.all(`SELECT "deliveryCents", "serviceFeeCents" FROM "MemberBenefit" WHERE "orderId" = ?`, [orderId]);
  return found === undefined ? undefined : benefitRow(found);
}
