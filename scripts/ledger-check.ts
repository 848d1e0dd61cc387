// npm run ledger:check: the ledger's invariants (prisma/ledger-checks.ts) and its reconciliation
// with the payment provider (lib/server/payouts/reconcile.ts: every capture, refund and payout the
// provider has, against the ledger, both ways), on the database DATABASE_URL names. Prints each
// problem and exits 1 if there is any; changes nothing (the hourly job raises differences).
import { ledgerProblems } from "@/lib/server/ledger/check";
import { sqlTransaction } from "@/lib/server/platform/sql";
import { differenceLine, reconciliationDifferences } from "@/lib/server/payouts/reconcile";

async function main(): Promise<number> {
  const problems = await sqlTransaction((sql) => ledgerProblems(sql));
  for (const problem of problems) console.log(`ledger: ${problem.check}: ${problem.id} (${problem.cents} cents)`);
  const differences = await reconciliationDifferences(new Date(), new Date(0));
  for (const difference of differences) console.log(`reconciliation: ${differenceLine(difference)}`);
  console.log(
    problems.length + differences.length
      ? `ledger:check: ${problems.length} ledger problems, ${differences.length} differences with the provider`
      : "ledger:check: clean (ledger invariants hold; the provider's records match the ledger)",
  );
  return problems.length + differences.length ? 1 : 0;
}

main().then((code) => process.exit(code));
