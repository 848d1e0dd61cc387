import type { RequestContext } from "./http-client";

// A page as the server sends it, read without a browser: its status, where it redirects, and the
// headings and buttons in its HTML are HTTP facts, checked in API specs (e2e/platform/page-guards.api.spec.ts)
// instead of paying a browser context and a hydration for them. (Not every page's content is in
// its HTML: a not-found page's comes in the flight data of Next.js's error shell.) Regular expressions over
// React's own markup (no nested <a> or <h1>, attributes double-quoted), not a general parser.

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The text of an HTML fragment as a reader sees it: tags and comments gone, entities decoded, spaces collapsed. */
export function textOf(fragment: string): string {
  return fragment
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code.startsWith("#x") || code.startsWith("#X")) return String.fromCodePoint(parseInt(code.slice(2), 16));
      if (code.startsWith("#")) return String.fromCodePoint(Number(code.slice(1)));
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** The text a page shows: textOf without its scripts (a client component's words ride in the flight data there, shown or not). */
export const shownTextOf = (html: string): string => textOf(html.replace(/<script\b[\s\S]*?<\/script>/g, ""));

/** The texts of the page's headings of one level, in document order. */
export const headings = (html: string, level = 1): string[] =>
  [...html.matchAll(new RegExp(`<h${level}\\b[^>]*>([\\s\\S]*?)</h${level}>`, "g"))].map((m) => textOf(m[1]!));

/** The buttons' texts of an HTML fragment. */
export const buttonsOf = (fragment: string): string[] => [...fragment.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/g)].map((m) => textOf(m[1]!));

/**
 * Where a GET of `path` sends a browser, not followed: the path of the 3xx's Location, or of the
 * `<meta http-equiv="refresh">` Next.js writes for a redirect decided after the page began to
 * stream; null when the page answers for itself.
 */
export async function redirectOf(ctx: RequestContext, path: string): Promise<{ status: number; to: string | null }> {
  const response = await ctx.get(path, { maxRedirects: 0 });
  const status = response.status();
  const location = response.headers()["location"];
  if (status >= 300 && status < 400 && location) return { status, to: new URL(location, "http://x").pathname };
  const refresh = /<meta\b[^>]*http-equiv="refresh"[^>]*content="\d+;\s*url=([^"]+)"/i.exec(await response.text());
  return { status, to: refresh ? new URL(textOf(refresh[1]!), "http://x").pathname : null };
}

/**
 * The opening tags of a page's scripts that a browser runs, which must all carry the answer's
 * nonce: every <script> but the schema.org data blocks (`application/ld+json`), which browsers
 * never run, so the script policy does not apply to them (lib/shared/web/structured-data.ts).
 */
export const runnableScripts = (html: string): string[] =>
  [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('type="application/ld+json"'));
