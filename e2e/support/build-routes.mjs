// @ts-check
// Every route of the production build as a URL a visitor can ask for: the routes of
// .next/server/app-paths-manifest.json with route groups dropped, each parameter 1 and a
// catch-all "a", Next.js's own internal routes (/_not-found, /_global-error), the logout (a GET,
// as the contract pins it: it would end the visitor's session half-way) and the live event streams
// (…/events: an answer that never ends; the callers open one themselves) left out. Used by
// e2e/reliability/aged-server.spec.ts and `npm run bench -- --aged` to visit a whole build.
import fs from "node:fs";
import path from "node:path";

/** @param {string} [root] the checkout holding .next @returns {string[]} */
export function buildRoutes(root = process.cwd()) {
  /** @type {Record<string, string>} */
  const manifest = JSON.parse(fs.readFileSync(path.join(root, ".next/server/app-paths-manifest.json"), "utf8"));
  const urls = Object.keys(manifest).map(
    (route) =>
      route
        .replace(/\/\([^)]+\)/g, "")
        .replace(/\/(page|route)$/, "")
        .replace(/\[\[?\.\.\.[^\]]+\]\]?/g, "a")
        .replace(/\[[^\]]+\]/g, "1") || "/",
  );
  return urls.filter((url) => !url.startsWith("/_") && url !== "/api/auth/logout" && !url.endsWith("/events"));
}
