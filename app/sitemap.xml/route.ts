import { sitemapResponse } from "@/lib/server/web/sitemap";

// GET /sitemap.xml (lib/server/web/sitemap.ts): every open restaurant and its dishes, an index of
// files past 50,000 URLs (`?file=`). Kept and replayed by the host until the catalog changes.
export const dynamic = "force-dynamic";

export function GET(request: Request) {
  return sitemapResponse(request);
}
