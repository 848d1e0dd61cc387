import "server-only";
import { LEDGER_CHECKS } from "@/prisma/ledger-checks";
import type { Sql } from "../platform/sql";
import { checkRows } from "./queries/entries";

export { LEDGER_CHECKS };

export type LedgerProblem = { check: string; id: string; cents: number };

/** Every broken ledger invariant (prisma/ledger-checks.ts), [] when all hold. */
export async function ledgerProblems(sql: Sql): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  for (const check of LEDGER_CHECKS) {
    for (const row of await checkRows(sql, check.sql)) problems.push({ check: check.name, ...row });
  }
  return problems;
}
