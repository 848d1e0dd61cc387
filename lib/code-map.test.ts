import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The map (docs/architecture/code-map.md) is the one map of the tree: a folder added without
// its row fails here, and so does a row whose folder is gone. A row is a line of the
// map's fenced block: its indentation (two spaces a level) places it under the row above it one
// level up, then one or more `name/` (several when they share a description), then two spaces or
// more. The folders whose every subfolder has a row are CHECKED; deeper rows are optional, but
// must exist too.
const root = path.resolve(import.meta.dirname, "..");
const MAP = "docs/architecture/code-map.md";
const lib = readdirSync(path.join(root, "lib"), { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== "generated");
const CHECKED = [".", "app", "components", "lib", ...lib.map((e) => `lib/${e.name}`), "e2e", "bench", "prisma", "public", "docs"];
// Written by installs, builds, tests and runs, never committed (.gitignore).
const unmapped = new Set(["node_modules", ".git", ".next", "generated", "data", "test-results", "playwright-report", "results"]);

/** The folders the map's fenced block names, as repo paths ("lib/server/orders"). */
export function mappedFolders(map: string): string[] {
  const block = map.match(/^```\n([\s\S]*?)^```/m)?.[1] ?? "";
  const parents: string[] = [];
  const found: string[] = [];
  for (const line of block.split("\n")) {
    const row = line.match(/^((?: {2})*)((?:[^\s/]+\/ )*[^\s/]+\/)(?: {2,}\S|$)/);
    if (!row) continue;
    const depth = row[1]!.length / 2;
    if (depth > parents.length) throw new Error(`${MAP}: "${line.trim()}" is indented under no row`);
    parents.length = depth;
    const names = row[2]!.split(" ").map((name) => name.slice(0, -1));
    for (const name of names) found.push([...parents, name].join("/"));
    parents.push(names.length === 1 ? names[0]! : "");
  }
  return found;
}

/**
 * The map's "Where is..." table names a folder, then files in it by bare name
 * (`lib/server/payouts/` (`restaurant.ts`, `courier.ts`)): each such name, read within the last
 * folder (or file's folder) its row named last, that is in no file under it; after a path that
 * is not the repo's (`/api/...`, `operations/<resource>.ts`), names are not read. lib/docs-links.test.ts
 * only asks that a bare name be some file of the repo.
 */
export function misplacedNames(row: string, exists: (folder: string, name: string) => boolean, kind: (p: string) => "folder" | "file" | undefined): string[] {
  let folder: string | undefined;
  const misplaced: string[] = [];
  for (const [, token] of row.matchAll(/`([^`]+)`/g)) {
    if (token!.includes("/")) {
      const found = kind(token!.replace(/\/$/, ""));
      if (found === "folder") folder = token!.replace(/\/?$/, "/");
      else folder = found === "file" ? path.posix.dirname(token!) + "/" : undefined;
    } else if (folder && /^[\w.-]+\.(ts|tsx|mts|mjs)$/.test(token!) && !exists(folder, token!)) misplaced.push(`${folder}${token}`);
  }
  return misplaced;
}

function under(folder: string, name: string): boolean {
  return (readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" }) as string[]).some((file) => path.basename(file) === name);
}

function subfolders(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !unmapped.has(entry.name))
    .map((entry) => (folder === "." ? entry.name : `${folder}/${entry.name}`));
}

describe("the folder map", () => {
  const mapped = mappedFolders(readFileSync(path.join(root, MAP), "utf8"));

  it("reads the map (the check is not vacuous)", () => {
    expect(mapped.length).toBeGreaterThan(100);
    expect(mapped).toContain("lib/server/orders");
    expect(mapped).toContain("e2e/checkout");
  });

  it.each(CHECKED)("names every subfolder of %s", (folder) => {
    const rows = new Set(mapped);
    expect(subfolders(folder).filter((sub) => !rows.has(sub))).toEqual([]);
  });

  it("names no folder that is gone, and each once", () => {
    expect(mapped.filter((folder) => !existsSync(path.join(root, folder)) || !statSync(path.join(root, folder)).isDirectory())).toEqual([]);
    expect(mapped.filter((folder, i) => mapped.indexOf(folder) !== i)).toEqual([]);
  });

  it("reads rows by indentation, several names to a row, and nothing in the descriptions", () => {
    const map = [
      "```",
      "lib/                    split by where code runs (lib/README.md)",
      "  server/               server only",
      "    orders/             every state change; web/ and platform/ below",
      "    web/ platform/      the plumbing",
      "                        continued/ here is a description, not a row",
      "  client/               browser only",
      "e2e/                    Playwright",
      "```",
    ].join("\n");
    expect(mappedFolders(map)).toEqual(["lib", "lib/server", "lib/server/orders", "lib/server/web", "lib/server/platform", "lib/client", "e2e"]);
  });

  it('the "Where is..." table names each file within the folder its row names', () => {
    const rows = readFileSync(path.join(root, MAP), "utf8")
      .split("\n")
      .filter((line) => line.startsWith("| "));
    expect(rows.length).toBeGreaterThan(20);
    const kind = (p: string) => (!existsSync(path.join(root, p)) ? undefined : statSync(path.join(root, p)).isDirectory() ? "folder" : "file");
    expect(rows.flatMap((row) => misplacedNames(row, under, kind))).toEqual([]);
  });

  it("lib/server's root holds no code of its own, as lib/README.md says: every file is in a folder of the map", () => {
    const files = readdirSync(path.join(root, "lib/server"), { withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.map((entry) => entry.name)).toEqual(["README.md"]);
  });

  it("is the one map: no other doc holds a folder table or a task index", () => {
    const docs = (readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" }) as string[])
      .filter((file) => file.endsWith(".md") && !file.startsWith("log") && `docs/${file}` !== MAP)
      .filter((file) => /^\| (Where is|Folder)\b/m.test(readFileSync(path.join(root, "docs", file), "utf8")));
    expect(docs).toEqual([]);
  });

  it("finds a file named under the wrong folder", () => {
    const files: Record<string, string[]> = { "lib/server/admin/": ["users.ts"], "lib/server/operators/": ["audit.ts"] };
    const row = "| the operator | `lib/server/admin/` (`users.ts`, `audit.ts`), `lib/server/operators/` (`audit.ts`), `lib/gone/` (`x.ts`) |";
    const kind = (p: string) => (`${p}/` in files ? "folder" : undefined);
    expect(misplacedNames(row, (folder, name) => files[folder]?.includes(name) ?? false, kind)).toEqual(["lib/server/admin/audit.ts"]);
  });
});
