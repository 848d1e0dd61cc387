// The Content-Security-Policy (with a per-request script nonce) and HSTS (production only) are
// set by proxy.ts for pages and by route() (lib/server/web/route.ts) for the API, because both depend
// on the request or on NOSH_ENV at run time; the headers below are the same for every response.

import imageSizes from "./lib/shared/menu/image-sizes.json" with { type: "json" };
import { EVERY_ANSWER_HEADERS } from "./lib/shared/web/host-contract.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Browser source maps for `npm run profile:browser` (bench/browser-profile.mjs) only: a build
  // made with NOSH_BROWSER_SOURCE_MAPS=1 is for profiling, not for deploying.
  productionBrowserSourceMaps: process.env.NOSH_BROWSER_SOURCE_MAPS === "1",
  // The contract's paths end in "/" (POST /api/orders/): /api/x/ is rewritten to /api/x (no
  // 308 round trip, which clients that do not follow redirects would see as an empty answer);
  // proxy.ts redirects pages to the form without the slash.
  skipTrailingSlashRedirect: true,
  async rewrites() {
    return { beforeFiles: [{ source: "/api/:path+/", destination: "/api/:path+" }] };
  },
  // `npm run typecheck` (TypeScript 7's tsc, about 10x faster) checks types in `npm test`;
  // the build does not repeat it with TypeScript 6's slower API.
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
  serverExternalPackages: ["bcrypt", "better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg", "sharp", "twilio"],
  // WebP, not AVIF: AVIF made the hero 45% smaller (19 vs 35 KB at 750w) but sharp took
  // 0.6-3.6 s per AVIF encode on these 2 cores against 0.03-0.25 s for WebP, and a cold cache
  // (every CI run, every new deployment) encodes each photo and width on first request.
  // Widths for srcset (lib/shared/menu/image-sizes.json, shared with components/ui/photo.tsx, which builds
  // the same <img> as next/image): every photo lists each width at or above its smallest slot,
  // and each entry is a ~70-byte URL written twice (HTML and RSC payload); Next's defaults (up
  // to 3840) made srcsets 25 KB of /home's 107 KB. 1200 covers a phone at 3x, 1920 the widest
  // banner (1152 CSS px) on a 2x desktop, minus a little.
  images: { formats: ["image/webp"], minimumCacheTTL: 86400, ...imageSizes },
  // CSS per route, not one sheet for all: Turbopack's default ("loose") chunker put every route's
  // CSS modules in one 105 KB sheet (17 KB gzip) that each page loaded before its first paint;
  // the "graph" chunker gives each page its own few shared sheets (`/` 23 KB, 6 KB gzip; /home
  // 36 KB; the heaviest, /search, 44 KB), in the import order it finds most common. Screenshots of
  // 21 pages at 390 and 1280 px matched the old build's pixel for pixel but for live text.
  // docs/log/performance.md, "CSS per route".
  // Turbopack's build cache (on by default in 16.4) is written to .next/cache (275 MB) for the next
  // build to reuse: a fresh clone's CI build never reuses it, and writing it cost 29 s of a 67 s
  // build here (37 s without). Kept for builds outside CI.
  experimental: { cssChunking: "graph", turbopackFileSystemCacheForBuild: !process.env.CI },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [...EVERY_ANSWER_HEADERS],
      },
    ];
  },
};

export default nextConfig;
