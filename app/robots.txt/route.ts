import { publicOrigin } from "@/lib/server/web/public-meta";
import { absoluteUrl } from "@/lib/shared/web/structured-data";
import { robotsText } from "@/lib/shared/web/robots";

// GET /robots.txt (lib/shared/web/robots.ts): the private areas crawlers keep out of, and the sitemap.
// Not behind proxy.ts (its matcher leaves it out): it needs no session nor page policy. Read at
// run time, since the public origin (PUBLIC_ORIGIN) is a setting of the running server.
export const dynamic = "force-dynamic";

export function GET() {
  return new Response(robotsText(absoluteUrl(publicOrigin(), "/sitemap.xml")), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
