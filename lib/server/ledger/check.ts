import "server-only";
import { LEDGER_CHECKS } from "@/prisma/ledger-checks";
import type { Sql } from "../platform/sql";

export { LEDGER_CHECKS };

export type LedgerProblem = { check: string; id: string; cents: number };

/** Every broken ledger invariant (prisma/ledger-checks.ts), [] when all hold. */
export async function ledgerProblems(sql: Sql): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  for (const check of LEDGER_CHECKS) {
    const rows = await sql.all<{ id: unknown; cents: unknown }>(check.sql);
    for (const row of rows) problems.push({ check: check.name, id: String(row.id), cents: Number(row.cents) });
  }
  return problems;
}
