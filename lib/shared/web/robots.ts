// /robots.txt (app/robots.txt/route.ts): crawlers may read the catalog (the landing page, /home,
// restaurants, dishes, their reviews, the legal and help pages) and nothing private: the API,
// accounts, the operator console, an owner's management pages, the courier's app, checkout,
// orders, wallets, sign-in flows. `*` matches any characters and `$` ends a path (the form
// Google, Bing and RFC 9309 read). The sitemap it names is on the public origin.

export const ROBOTS_DISALLOW: readonly string[] = [
  "/api/",
  "/account",
  "/admin",
  "/courier",
  "/checkout",
  "/test-provider",
  "/orders",
  "/wallet",
  "/gift-cards",
  "/membership",
  "/credits",
  "/favorites",
  "/favourites",
  "/group/",
  "/team/",
  "/dev/",
  "/search",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/legal/accept",
  // An owner's pages: their restaurants, a new one, each restaurant's management pages
  // (/restaurants/{id}/menu, /orders, ...), the dishes' editor (the public dish page is /menu-items/{id}).
  "/restaurants/manage",
  "/restaurants/new",
  "/restaurants/*/",
  "/menu-items$",
  "/menu-items/new",
  "/menu-items/*/",
  // A customer's own reviews (a restaurant's reviews, /reviews/restaurant/{id}, stay public).
  "/reviews$",
];

/** The robots.txt text for a site whose sitemap is at `sitemapUrl`. */
export function robotsText(sitemapUrl: string): string {
  return ["User-agent: *", "Allow: /", ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`), "", `Sitemap: ${sitemapUrl}`, ""].join("\n");
}

/** Whether a path is disallowed by these rules, read as RFC 9309 reads them (the longest match wins; Allow: / is shorter than any Disallow). */
export function robotsDisallows(path: string): boolean {
  return ROBOTS_DISALLOW.some((rule) => {
    const anchored = rule.endsWith("$");
    const body = (anchored ? rule.slice(0, -1) : rule)
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*");
    return new RegExp(`^${body}${anchored ? "$" : ""}`).test(path);
  });
}
