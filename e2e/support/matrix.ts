import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// The API's route files as the suites see them: every `app/api/**/route.ts` on disk and the HTTP
// methods it exports, as "METHOD /api/path/[param]" keys. The catch-all 404 route is skipped.
// lib/contract/openapi.test.ts compares them with the contract's declarations
// (lib/contract/<resource>/), from which the authorization matrix, the pagination spec and the
// fuzzer take their rows: a route file without a declaration, or a declaration without a route
// file, fails there. The reading is total: a method Next.js serves (HEAD and OPTIONS included),
// in any export form, is found, and an export this cannot read throws rather than being missed.

/** Every method a Next.js route file may export. */
export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Export forms a method could hide behind: `export * from`, `export default`, a destructured `export const { GET } = ...`. */
const UNREADABLE = [/export\s*\*/, /export\s+default\b/, /export\s+(?:const|let|var)\s*[{[]/];

/** The methods a route file exports: `export const GET = ...`, `export function GET`, `export { x as GET }`. */
export function exportedMethods(source: string): HttpMethod[] {
  const unreadable = UNREADABLE.find((pattern) => pattern.test(source));
  if (unreadable) throw new Error(`a route file's exports cannot be read (${unreadable}): export each method by name`);
  const found = new Set<HttpMethod>();
  for (const match of source.matchAll(/export\s+(?:const|let|var|(?:async\s+)?function)\s+(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b/g)) {
    found.add(match[1] as HttpMethod);
  }
  for (const block of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of block[1]!.split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name && (HTTP_METHODS as readonly string[]).includes(name)) found.add(name as HttpMethod);
    }
  }
  return HTTP_METHODS.filter((method) => found.has(method));
}

/** Every file called `name` (or matching it) below `root`, descending only into folders `enter` accepts. */
function* filesNamed(root: string, name: string | RegExp, enter: (folder: string) => boolean): Generator<{ dir: string; file: string }> {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) {
      if (enter(entry.name)) yield* filesNamed(full, name, enter);
    } else if (typeof name === "string" ? entry.name === name : name.test(entry.name)) yield { dir: root, file: full };
  }
}

/** Every "METHOD /api/..." the app serves, sorted; `appDir` is the Next.js `app` folder. */
export function discoverApiRoutes(appDir = path.resolve(process.cwd(), "app")): string[] {
  const keys: string[] = [];
  for (const { dir, file } of filesNamed(path.join(appDir, "api"), /^route\.(?:ts|tsx|js|jsx|mjs)$/, (name) => !name.startsWith("[...") && !name.startsWith("[[..."))) {
    const url = "/" + path.relative(appDir, dir).split(path.sep).join("/");
    let methods: HttpMethod[];
    try {
      methods = exportedMethods(readFileSync(file, "utf8"));
    } catch (error) {
      throw new Error(`${path.relative(appDir, file)}: ${(error as Error).message}`);
    }
    if (!methods.length) throw new Error(`${path.relative(appDir, file)} exports no HTTP method`);
    for (const method of methods) keys.push(`${method} ${url}`);
  }
  return keys.sort();
}

/**
 * Every page the app serves, as URL patterns ("/restaurants/[id]/menu"): each `page.tsx` under
 * `app`, route groups "(name)" dropped.
 */
export function discoverPages(appDir = path.resolve(process.cwd(), "app")): string[] {
  const pages: string[] = [];
  for (const { dir } of filesNamed(appDir, "page.tsx", (name) => name !== "api")) {
    const parts = path
      .relative(appDir, dir)
      .split(path.sep)
      .filter((part) => part && !/^\(.*\)$/.test(part));
    pages.push("/" + parts.join("/"));
  }
  return pages.sort();
}
