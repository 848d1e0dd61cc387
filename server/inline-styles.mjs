// @ts-check
// A kept page's stylesheets go into the page: each as a <style> (the policy's style-src allows
// inline styles) right before its <link>, which stays for React (it finds the page's stylesheets
// by their links, and would otherwise add them again) with media="not all", so the browser
// neither waits for it before the first paint nor applies it twice. The first paint then waits
// for nothing but the HTML: with 5-9 stylesheets to fetch first, Chrome's phone emulation held
// it for a second in most Lighthouse runs ("The held first frame"), and Lantern counts each one
// before the paint. The files are read once (the build does not change under a running server).
// The cost: the CSS (6-12 KB gzip a page) is in every kept page's HTML rather than cached
// between pages, and the links still download it once, after the paint, at the lowest priority.
// docs/log/performance.md, "Styles in the page".
// Under `npm run dev` the stylesheets are Next.js's development build, rewritten as files are
// edited and not in .next/static: the links are left as they are.
import { readFileSync } from "node:fs";
import path from "node:path";

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/_next\/static\/[^"<>]+\.css)"[^>]*\/>/g;
/** @type {Map<string, string | null>} */
const stylesheets = new Map();

/** A built stylesheet's text (latin1, as the pages are handled), or null when it cannot go in a <style>. @param {string} href */
function stylesheetText(href) {
  if (process.env.NODE_ENV === "development") return null;
  if (!stylesheets.has(href)) {
    let text = null;
    try {
      text = readFileSync(path.join(process.cwd(), ".next", href.slice("/_next/".length)), "latin1");
    } catch {}
    stylesheets.set(href, text && !/<\/style/i.test(text) ? text : null);
  }
  return stylesheets.get(href) ?? null;
}

/**
 * `html` (latin1) with its built stylesheets written into it, their links kept matching no media.
 * @param {string} html @param {(href: string) => string | null} [read]
 */
export function inlineStyles(html, read = stylesheetText) {
  return html.replace(STYLESHEET_LINK, (link, href) => {
    const css = read(href);
    return css === null ? link : `<style data-href="${href}">${css}</style>${link.replace(" data-precedence=", ' media="not all" data-precedence=')}`;
  });
}
