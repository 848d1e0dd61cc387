import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { importGraph, parsedSource, root } from "@/lib/import-graph";
import { PAGES } from "./index";

// The replayed pages' rule (docs/architecture/catalog-and-caching.md, "Shared answers"): `/`,
// `/home`, a restaurant, a dish and a search are rendered once for an anonymous visitor and replayed by
// the host (server/) to everyone, a signed-in visitor's session spliced into the one hole. So nothing
// they render may depend on who asks. They live in one route group, app/(shop)/(catalog)/, and
// this test fails when:
// - the group's routes and the URLs the host replays (PAGES) differ, either way;
// - any server code of the group, or of the layouts above it, reads the request (cookies(),
//   headers()) or the user (getCurrentUser(), requireAccountPage()... any data-layer function
//   that does), outside the documented exceptions below. The data layer takes the acting user as
//   an argument, so a page that wants "your last order" must call one of these first.
// Client components are not followed: their per-user parts read useSession() after hydration.

const CATALOG = "app/(shop)/(catalog)";
/** Where the request or the user may be read, and why (both documented in kept-answers.ts). */
const EXCEPTIONS: Record<string, string[]> = {
  // The session hole: the user's JSON for SessionProvider, which the replay splices in; and the
  // Delivery/Pickup mode, which is part of a kept page's key.
  "app/layout.tsx": ["getCurrentUser", "cookies"],
  // A signed-in visitor of `/` goes to /home: the host's check() answers that redirect itself.
  [`${CATALOG}/page.tsx`]: ["getCurrentUser"],
  // The language: the footer's cookie, else Accept-Language, both part of a kept page's key
  // (pageKey in lib/server/web/kept-answers/index.ts reads the same two).
  "lib/i18n/translate.ts": ["cookies", "headers"],
};

const text = (file: string) => readFileSync(path.join(root, file), "utf8");
const isClient = (source: string) => /^\s*(?:\/\/.*\n|\/\*[\s\S]*?\*\/\s*)*["']use client["']/.test(source);
const REQUEST_READERS = ["cookies", "headers", "draftMode"];
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
/** Which of `names` the code calls (comments aside; `x.name(` is a method, not a call of `name`). */
const callsOf = (source: string, names: Iterable<string>) => [...names].filter((name) => new RegExp(`(?<![\\w.$])${name}\\(`).test(withoutComments(source)));

/**
 * The data layer's functions that read the request or the session: those calling cookies() or
 * headers(), then those calling one of them, until nothing new is found (top-level functions and
 * constants, exported or not; a name is taken as one function across files).
 */
function userReaders(graph: Map<string, string[]>): Set<string> {
  const bodies: { name: string; body: string }[] = [];
  for (const file of graph.keys()) {
    const relative = path.relative(root, file);
    if (!relative.startsWith("lib/server/") || relative.endsWith(".test.ts")) continue;
    const source = parsedSource(file);
    for (const statement of source.statements) {
      if (ts.isFunctionDeclaration(statement) && statement.name) bodies.push({ name: statement.name.text, body: statement.getText() });
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.initializer) bodies.push({ name: declaration.name.text, body: declaration.getText() });
        }
      }
    }
  }
  const readers = new Set(REQUEST_READERS);
  for (let grew = true; grew;) {
    grew = false;
    for (const { name, body } of bodies) {
      if (!readers.has(name) && callsOf(body, readers).length > 0) {
        readers.add(name);
        grew = true;
      }
    }
  }
  return readers;
}

/** The server code a catalog page runs: the group's files and the layouts above, and what they import, short of client components and the data layer. */
function catalogServerFiles(graph: Map<string, string[]>): string[] {
  const groupFiles = [...graph.keys()].filter((file) => path.relative(root, file).startsWith(`${CATALOG}/`));
  const start = [...groupFiles, path.join(root, "app/layout.tsx"), path.join(root, "app/(shop)/layout.tsx")];
  const seen = new Set<string>();
  const todo = [...start];
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (path.relative(root, file).startsWith("lib/server/") || isClient(readFileSync(file, "utf8"))) continue;
    todo.push(...(graph.get(file) ?? []));
  }
  return [...seen].map((file) => path.relative(root, file)).filter((file) => !file.startsWith("lib/server/") && !isClient(text(file)));
}

/** A URL for every page.tsx under `dir`: groups dropped, `[id]` as 1, a catch-all as two segments. */
function pageUrls(dir: string): { file: string; url: string }[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "page.tsx")
    .map((file) => {
      const segments = path
        .dirname(file)
        .split(path.sep)
        .filter((segment) => segment !== "." && !/^\(.*\)$/.test(segment))
        .map((segment) => (segment.startsWith("[...") ? "some/path" : segment.startsWith("[") ? "1" : segment));
      return { file: path.join(dir, file), url: `/${segments.join("/")}` };
    });
}

describe("the replayed catalog pages", () => {
  const graph = importGraph();
  const readers = userReaders(graph);

  it("are exactly the pages of app/(shop)/(catalog)/", () => {
    const catalog = pageUrls(CATALOG);
    expect(catalog.map(({ url }) => url).sort()).toEqual(["/", "/home", "/menu-items/1", "/restaurants/1", "/search"]);
    for (const { url } of catalog) expect(PAGES.test(url), url).toBe(true);
    const others = pageUrls("app").filter(({ file }) => !file.startsWith(`${CATALOG}/`));
    expect(others.length).toBeGreaterThan(20);
    expect(others.filter(({ url }) => PAGES.test(url))).toEqual([]);
  });

  it("know which data-layer functions read the request or the user", () => {
    for (const name of ["cookies", "getCurrentUser", "requireAccountPage", "requirePageUser"]) expect(readers, name).toContain(name);
    expect(readers).not.toContain("listRestaurants");
    expect(callsOf("const user = await getCurrentUser();\nconst last = await lastOrder(user);", readers)).toEqual(["getCurrentUser"]);
  });

  it("read neither the request nor the user outside the session hole", () => {
    const files = catalogServerFiles(graph);
    expect(files).toContain(`${CATALOG}/home/page.tsx`);
    expect(files).toContain("app/layout.tsx");
    const found = files.flatMap((file) =>
      callsOf(text(file), readers)
        .filter((name) => !EXCEPTIONS[file]?.includes(name))
        .map((name) => `${file}: ${name}()`),
    );
    expect(found).toEqual([]);
  });
});
