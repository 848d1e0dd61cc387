import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// The authorization matrix's view of the API: every `app/api/**/route.ts` on disk and the HTTP
// methods it exports, as "METHOD /api/path/[param]" keys. The catch-all 404 route is skipped.

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The methods a route file exports: `export const GET = ...`, `export function GET`, `export { x as GET }`. */
export function exportedMethods(source: string): HttpMethod[] {
  const found = new Set<HttpMethod>();
  for (const match of source.matchAll(/export\s+(?:const|let|var|(?:async\s+)?function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g)) {
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

/** Every file called `name` below `root`, descending only into folders `enter` accepts. */
function* filesNamed(root: string, name: string, enter: (folder: string) => boolean): Generator<{ dir: string; file: string }> {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) {
      if (enter(entry.name)) yield* filesNamed(full, name, enter);
    } else if (entry.name === name) yield { dir: root, file: full };
  }
}

/** Every "METHOD /api/..." the app serves, sorted; `appDir` is the Next.js `app` folder. */
export function discoverApiRoutes(appDir = path.resolve(process.cwd(), "app")): string[] {
  const keys: string[] = [];
  for (const { dir, file } of filesNamed(path.join(appDir, "api"), "route.ts", (name) => !name.startsWith("[...") && !name.startsWith("[[..."))) {
    const url = "/" + path.relative(appDir, dir).split(path.sep).join("/");
    for (const method of exportedMethods(readFileSync(file, "utf8"))) keys.push(`${method} ${url}`);
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
