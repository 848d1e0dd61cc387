import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sources } from "./import-graph";

// The code's comments name files as the docs do (lib/docs-links.test.ts checks the docs'), and
// they rot the same way when code moves: this fails when a comment in the app's code, its host,
// the scripts, the benchmarks or the tests names a repo path from the root (`lib/server/web/route.ts`,
// `docs/architecture/payments.md`) that does not exist. Paths relative to the file (`./place.ts`,
// `team/roles.ts` read from lib/server) are not checked: only those that start at a top folder.
const root = path.resolve(import.meta.dirname, "..");
const folders = ["app", "components", "lib", "server", "scripts", "bench", "e2e", "prisma"];
const TOP = "app|components|lib|server|docs|e2e|prisma|bench|public|scripts|deploy";
const PATH = new RegExp(`(?<![\\w./@-])((?:${TOP})/[\\w./\\[\\]()-]*\\.(?:ts|tsx|mjs|js|md|json|css|prisma|sql))\\b`, "g");

/** The repo paths a source's comments name (`//` lines and `/* ... *\/` blocks). */
export function commentPaths(source: string): string[] {
  const comments = source.match(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g) ?? [];
  return comments.flatMap((comment) => [...comment.matchAll(PATH)].map((match) => match[1]!.replace(/\.$/, "")));
}

describe("paths named in the code's comments", () => {
  const files = sources(folders);

  it("reads the code (the check is not vacuous)", () => {
    expect(files.length).toBeGreaterThan(800);
    expect(commentPaths(readFileSync(path.join(root, "lib/server/orders/place.ts"), "utf8"))).toContain("lib/server/platform/sql.ts");
  });

  it("every path a comment names from the root exists", () => {
    // This file's own example below names a missing path on purpose.
    const missing = files
      .filter((file) => file !== import.meta.filename)
      .flatMap((file) =>
        commentPaths(readFileSync(file, "utf8"))
          .filter((named) => !existsSync(path.join(root, named)))
          .map((named) => `${path.relative(root, file)}: ${named}`),
      );
    expect(missing).toEqual([]);
  });

  it("finds a missing path when there is one, and only in comments", () => {
    const source = 'const where = "lib/nowhere.ts";\n// the route (lib/server/web/route.ts) and lib/gone/file.ts.\n/* docs/architecture/payments.md */';
    expect(commentPaths(source)).toEqual(["lib/server/web/route.ts", "lib/gone/file.ts", "docs/architecture/payments.md"]);
  });
});
