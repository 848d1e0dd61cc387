// The dinner rush's end checks (`npm run bench -- --rush`), run by bench/scenarios/rush.mjs after
// the last step against the rush's database (DATA_DIR or DATABASE_URL, as the server had it):
//   tsx --conditions=react-server bench/scenarios/rush/audit.ts FILE
// FILE holds { placed: [order ids the load generators were answered 201 for], buyers: [user ids],
// since: ISO time the first step began }. Prints one JSON line:
//   placedOnce: every answered order is in the database once, and the buyers have no order the
//     bench was not answered for (none lost, none doubled);
//   payments: the rush's card payments by status, and every captured payment's ledger posting
//     (the reconciliation with the provider: lib/server/payouts/reconcile.ts, every record however
//     recent);
//   ledger: every ledger invariant (prisma/ledger-checks.ts) that does not hold.
import fs from "node:fs";
import { ledgerProblems } from "@/lib/server/ledger/check";
import { reconciliationDifferences, RECONCILE_GRACE_MS } from "@/lib/server/payouts/reconcile";
import { plainSql } from "@/lib/server/platform/sql";

type Input = { placed: number[]; buyers: number[]; since: string };

async function main(file: string) {
  const input = JSON.parse(fs.readFileSync(file, "utf8")) as Input;
  const sql = plainSql();
  const since = new Date(input.since);
  const marks = (ids: readonly number[]) => ids.map(() => "?").join(",") || "NULL";
  const found = new Map<number, number>();
  // In chunks: SQLite takes at most 32,766 parameters a statement.
  for (let i = 0; i < input.placed.length; i += 5_000) {
    const chunk = input.placed.slice(i, i + 5_000);
    for (const row of await sql.all<{ id: number | bigint }>(`SELECT "id" FROM "Order" WHERE "id" IN (${marks(chunk)})`, chunk)) {
      found.set(Number(row.id), (found.get(Number(row.id)) ?? 0) + 1);
    }
  }
  const missing = input.placed.filter((id) => !found.has(id));
  const answered = new Set(input.placed);
  const extra: number[] = [];
  for (let i = 0; i < input.buyers.length; i += 5_000) {
    const chunk = input.buyers.slice(i, i + 5_000);
    const rows = await sql.all<{ id: number | bigint }>(
      `SELECT "id" FROM "Order" WHERE "createdAt" >= ? AND "submittedAt" IS NOT NULL AND "userId" IN (${marks(chunk)})`,
      [since, ...chunk],
    );
    for (const row of rows) if (!answered.has(Number(row.id))) extra.push(Number(row.id));
  }
  const payments: Record<string, number> = {};
  for (let i = 0; i < input.placed.length; i += 5_000) {
    const chunk = input.placed.slice(i, i + 5_000);
    const rows = await sql.all<{ status: string; n: number | bigint }>(
      `SELECT "state" AS "status", COUNT(*) AS "n" FROM "Payment" WHERE "orderId" IN (${marks(chunk)}) GROUP BY "state"`,
      chunk,
    );
    for (const row of rows) payments[row.status] = (payments[row.status] ?? 0) + Number(row.n);
  }
  // Every provider record, however recent (past the job's grace period), against the ledger.
  const differences = await reconciliationDifferences(new Date(Date.now() + RECONCILE_GRACE_MS + 60_000));
  const ledger = await ledgerProblems(sql);
  const result = {
    placedOnce: {
      answered: input.placed.length,
      missing: missing.slice(0, 20),
      missingCount: missing.length,
      notAnswered: extra.slice(0, 20),
      notAnsweredCount: extra.length,
    },
    payments: { byStatus: payments, differences: differences.slice(0, 20), differenceCount: differences.length },
    ledger: { problems: ledger.slice(0, 20), problemCount: ledger.length },
  };
  process.stdout.write(JSON.stringify(result) + "\n");
}

main(process.argv[2] ?? "").then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
