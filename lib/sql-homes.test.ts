import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { isTestFile, root, sources } from "./import-graph";

// SQL lives in a domain's queries module (lib/server/README.md): a file named queries.ts or any
// file in a queries/ folder. The rest of the domain calls the typed functions there, so a reader
// finds every statement a table meets in one place per domain, each row shape with its decoder.
// This test reads each production file of lib/server, app/, components/ and server/ (tests and
// testing/ helpers left out) and fails on one outside a queries module that holds SQL text: a
// string or template that reads as a statement or a fragment of one, or a call of Prisma's raw
// SQL (`$queryRaw`, `$executeRaw`, `Prisma.sql`...). platform/'s own statements (the catalog
// cache's counters, the throttle's row, the backups', the sequences, the match fragments) are in
// platform/queries/; outside the queries modules only the SQL layer itself and a rule's SQL twin
// kept beside its rule may hold SQL: at most five files in all, counted together.

/** platform/'s files that are the SQL layer itself: the statements' plumbing, the migrator, the transactions. May only shrink. */
const DATA_LANGUAGE: Record<string, string> = {
  "lib/server/platform/migrate.ts": "the migrator and its _prisma_migrations table",
  "lib/server/platform/sql.ts": "the plain-SQL layer (sqlOf, readSql, insertReturningIds)",
  "lib/server/platform/sqlite-transactions.ts": "SQLite's BEGIN IMMEDIATE, COMMIT and ROLLBACK",
};

/** Files outside queries modules and platform/ that hold SQL text, each with why. May only shrink. */
const ALLOWED: Record<string, string> = {
  "lib/server/orders/status.ts": "statusSql, the status rule in SQL beside its Prisma twin (whereStatus): the one way any query asks for a status, kept with the rule",
  "lib/server/ledger/currency.ts": "sharedAccountSql, the shared accounts' naming (CODE, logicalAccount) in SQL beside the rule it mirrors; six queries modules read it",
};

/** SQL in at most five files outside the queries modules, both lists together: the SQL layer and the rules' twins, nothing else. */
const MOST_FILES_OUTSIDE = 5;

const STATEMENT =
  /\b(SELECT|INSERT INTO|DELETE FROM|BEGIN IMMEDIATE|VACUUM INTO|GROUP BY|ORDER BY|CASE WHEN|NOT EXISTS|IS (NOT )?NULL|COALESCE)\b|\bUPDATE\s+"|\b(CREATE|ALTER|DROP) (TABLE|INDEX|TRIGGER|FUNCTION)\b|^(BEGIN|COMMIT|ROLLBACK)$/;
/** A qualified column (`o."stage"`), a LIKE or an IN list: a fragment's marks. */
const FRAGMENT = /\b[a-z]\w*\."[A-Za-z_]\w*"|\bLIKE\b|\bIN \(|^"[A-Za-z]\w*"$/;
const LISTEN = /^(LISTEN|UNLISTEN|NOTIFY) (\$\{\w+\}|[a-z_]+)$/;
const RAW_API = /^\$(queryRaw|executeRaw)(Unsafe)?$/;
const PRISMA_SQL = /^Prisma\.(sql|raw|join|empty)$/;

/** The SQL text of `source`: each string or template that reads as SQL, and each raw-SQL call, as written. */
export function sqlTextIn(source: string, file = "x.ts"): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      const text = node.getText().slice(1, -1);
      if (STATEMENT.test(text) || FRAGMENT.test(text) || LISTEN.test(text)) found.push(text);
      if (ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
      return;
    }
    if (ts.isPropertyAccessExpression(node) && (RAW_API.test(node.name.text) || PRISMA_SQL.test(node.getText()))) found.push(node.getText());
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
  return found;
}

const isQueriesModule = (file: string) => path.basename(file) === "queries.ts" || file.split("/").includes("queries");

/** Production files of `folders` outside queries modules that hold SQL text, relative to the root. */
function filesWithSql(folders: string[]): string[] {
  return sources(folders)
    .map((file) => path.relative(root, file).split(path.sep).join("/"))
    .filter((file) => !isTestFile(file) && !file.endsWith(".test-d.ts") && !isQueriesModule(file))
    .filter((file) => sqlTextIn(readFileSync(path.join(root, file), "utf8"), file).length > 0)
    .sort();
}

describe("SQL lives in the domains' queries modules", () => {
  const server = filesWithSql(["lib/server"]);

  it("finds SQL where it is (the check is not vacuous)", () => {
    expect(sqlTextIn('const a = sql.all(`SELECT "id" FROM "Order" WHERE "userId" = ?`, [id]);')).toHaveLength(1);
    expect(sqlTextIn('await sql.all(`UPDATE "PaymentLink" SET "paidAt" = ? WHERE "id" = ?`, [now, id]);')).toHaveLength(1);
    expect(sqlTextIn('const SOLD = Prisma.sql`o."stage" IN (${stages})`;')).not.toEqual([]);
    expect(sqlTextIn('const NOT_PAUSED = ` AND (s."releasePausedUntil" IS NULL OR s."releasePausedUntil" <= ?)`;')).toHaveLength(1);
    expect(sqlTextIn("const rows = await db.$queryRawUnsafe(text);")).toEqual(["db.$queryRawUnsafe"]);
    expect(sqlTextIn("await client.query(`LISTEN ${CHANNEL}`);")).toHaveLength(1);
    expect(sqlTextIn('connection.prepare("VACUUM INTO ?").run(file);')).toHaveLength(1);
    expect(server).toEqual(expect.arrayContaining(Object.keys(DATA_LANGUAGE)));
  });

  it("leaves words alone: messages, comments and descriptions that name a statement", () => {
    expect(sqlTextIn('// one SELECT ... FROM per page\nconst a = "A conditional UPDATE of the row: once";')).toEqual([]);
    expect(sqlTextIn('const once = "raised by INSERT ... ON CONFLICT DO NOTHING on its key";')).toEqual([]);
    expect(sqlTextIn("log(`LISTEN connection lost (${error.message}); reconnecting`);")).toEqual([]);
    expect(sqlTextIn('throw notFound("Select a restaurant first");')).toEqual([]);
  });

  it(`only the ${Object.keys(DATA_LANGUAGE).length + Object.keys(ALLOWED).length} files named (at most ${MOST_FILES_OUTSIDE} in all, each with its reason) hold SQL beyond the queries modules`, () => {
    expect(Object.keys(DATA_LANGUAGE).length + Object.keys(ALLOWED).length).toBeLessThanOrEqual(MOST_FILES_OUTSIDE);
    expect(server.filter((file) => !(file in DATA_LANGUAGE) && !(file in ALLOWED))).toEqual([]);
  });

  it("each file named still holds SQL (else it goes from its list)", () => {
    for (const file of [...Object.keys(DATA_LANGUAGE), ...Object.keys(ALLOWED)]) expect(server, file).toContain(file);
  });

  it("platform/'s own SQL is only in the files named (a new one goes to a queries module)", () => {
    expect(server.filter((file) => file.startsWith("lib/server/platform/")).filter((file) => !(file in DATA_LANGUAGE))).toEqual([]);
  });

  it("the screens, the routes and the host hold no SQL (they call lib/server)", () => {
    // The bench's probes prepare `SELECT 1` only to reach better-sqlite3's Statement prototype, whose runs they count.
    const probes = "server/bench-probes.mjs";
    expect(filesWithSql(["app", "components", "server", "lib/client", "lib/shared"])).toEqual([probes]);
  });
});
