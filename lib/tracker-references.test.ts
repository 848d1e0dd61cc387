import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A reader of the code and its docs does not have the tracker: a comment, a test's title or a topic
// doc says the rule ("raising the tip after delivery"), never which issue asked for it. The dated
// logs under docs/log/ are history and may cite issues. Exempt too: the migrations' SQL files
// (prisma/migrations/*/migration.sql and prisma/postgresql/migrations/*/migration.sql), whose
// comments cannot change once applied: the migrator (lib/server/platform/migrate.ts) keeps each
// applied file's sha256 and refuses a database whose applied file changed since.
const root = path.resolve(import.meta.dirname, "..");
const skipped = new Set(["node_modules", ".git", ".next", "generated", "data", "test-results", "playwright-report", "results"]);
const text = /\.(ts|tsx|mts|cts|mjs|cjs|js|jsx|md|css|json|sql|prisma|ya?ml|toml|sh|service|conf|example|html|txt)$|^run$/;
const exempt = [/^docs\/log\//, /^prisma\/(postgresql\/)?migrations\/[^/]+\/migration\.sql$/, /^package-lock\.json$/];

/** "issue 62", "Issue 59 item 6", "issues 49 and 59", "issue #12": a citation of the tracker. */
const CITATION = /\bissues? #?\d+/gi;

/** The repo's text files, relative to the root, but those exempt above. */
function files(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (skipped.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (text.test(entry.name)) found.push(path.relative(root, full).split(path.sep).join("/"));
    }
  };
  walk(root);
  return found.filter((file) => !exempt.some((rule) => rule.test(file)));
}

/** Each line of `source` citing an issue number, as "line: text". */
export function citations(source: string): string[] {
  return source
    .split("\n")
    .map((line, i) => [i + 1, line] as const)
    .filter(([, line]) => line.match(CITATION))
    .map(([n, line]) => `${n}: ${line.trim()}`);
}

describe("no issue numbers outside the dated logs", () => {
  const all = files();

  it("reads the code and the docs (the check is not vacuous)", () => {
    expect(all.length).toBeGreaterThan(1500);
    expect(all).toContain("lib/server/orders/place.ts");
    expect(all).toContain("docs/architecture/README.md");
    expect(all).not.toContain("docs/log/performance.md");
  });

  it("no comment, title or doc cites the tracker: it says the rule instead", () => {
    // This file's own examples below cite issues on purpose.
    const found = all
      .filter((file) => file !== "lib/tracker-references.test.ts")
      .flatMap((file) => citations(readFileSync(path.join(root, file), "utf8")).map((line) => `${file}:${line}`));
    expect(found).toEqual([]);
  });

  it("finds a citation in any of its forms, and nothing else", () => {
    const source = [
      "// Raising the tip (issue 62 item 6).",
      'describe("pickup pricing (Issue 21)", () => {});',
      "the money rules of issues 59 and 61",
      "see issue #12",
      "// three issues with the form; the 2 issues left; an issue-59 anchor",
    ].join("\n");
    expect(citations(source).map((line) => line.split(":")[0])).toEqual(["1", "2", "3", "4"]);
  });
});
