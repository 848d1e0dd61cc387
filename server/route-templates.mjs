// @ts-check
// A request's route template ("/api/orders/[id]" for /api/orders/12?x=1): the label the HTTP
// metrics count by (server/metrics.mjs), so that their series are as many as the app's routes,
// never one per URL. The templates are the build's (.next/app-path-routes-manifest.json, route
// groups already left out), matched as Next.js matches them: a fixed segment before a
// `[param]`, a `[param]` before a `[...rest]` or `[[...rest]]`.
import { readFileSync } from "node:fs";
import path from "node:path";

/** @typedef {{ fixed: Map<string, Node>, param: Node | null, rest: string | null, template: string | null }} Node */

/** @returns {Node} */
const node = () => ({ fixed: new Map(), param: null, rest: null, template: null });

/** A matcher over these templates. @param {Iterable<string>} templates */
export function routeMatcher(templates) {
  const root = node();
  for (const template of templates) {
    let at = root;
    let catchAll = false;
    for (const segment of template.split("/").filter(Boolean)) {
      if (/^\[\[?\.\.\./.test(segment)) {
        at.rest ??= template;
        // An optional catch-all matches its parent's path too.
        if (segment.startsWith("[[")) at.template ??= template;
        catchAll = true;
        break;
      }
      if (segment.startsWith("[")) at = at.param ??= node();
      else {
        let next = at.fixed.get(segment);
        if (!next) at.fixed.set(segment, (next = node()));
        at = next;
      }
    }
    if (!catchAll) at.template ??= template;
  }

  /** @param {Node} at @param {string[]} segments @param {number} i @returns {string | null} */
  const walk = (at, segments, i) => {
    if (i === segments.length) return at.template ?? null;
    const fixed = at.fixed.get(segments[i]);
    const found = (fixed && walk(fixed, segments, i + 1)) || (at.param && walk(at.param, segments, i + 1));
    return found || at.rest;
  };

  /** The template of a request's URL, "/_next/static/*" for the build's files, or "unmatched". @param {string} url */
  return (url) => {
    if (url.startsWith("/_next/")) return url.startsWith("/_next/static/") ? "/_next/static/*" : url.startsWith("/_next/image") ? "/_next/image" : "/_next/*";
    const end = url.search(/[?#]/);
    const pathname = end < 0 ? url : url.slice(0, end);
    return walk(root, pathname.split("/").filter(Boolean), 0) ?? "unmatched";
  };
}

/** The host's own routes (server/ops.mjs), labelled as themselves. */
export const OWN_ROUTES = ["/healthz", "/readyz", "/metrics"];

/** The build's templates (none under `npm run dev` before a build: every URL is then "unmatched"). @param {string} dir the .next folder */
export function buildTemplates(dir) {
  try {
    const manifest = /** @type {Record<string, string>} */ (JSON.parse(readFileSync(path.join(dir, "app-path-routes-manifest.json"), "utf8")));
    return [...new Set([...OWN_ROUTES, ...Object.values(manifest)])];
  } catch {
    return OWN_ROUTES;
  }
}
