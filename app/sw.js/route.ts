import fs from "node:fs";
import path from "node:path";
import { serviceWorkerGlobals } from "@/lib/shared/web/service-worker";

// GET /sw.js - the service worker's script (docs/architecture/offline-app.md): the build's id, the
// app's paths the worker acts on (lib/shared/web/service-worker.ts), and the worker's two halves, the
// offline one (public/offline-worker.js, with the pages it writes: public/offline-pages.js) and the push handlers (public/sw-push.js). A new build
// answers new bytes here, so a browser that checks for an update (at each navigation;
// `updateViaCache: "none"` in lib/client/service-worker.ts) installs the new worker, which takes
// over without a reload. Not behind proxy.ts: a worker's script needs no
// session, and the pages' nonce policy is not the worker's.
export const dynamic = "force-dynamic";

let buildId: string | undefined;

/** The production build's id (.next/BUILD_ID); "development" under `npm run dev`, which registers no worker. */
function currentBuildId(): string {
  if (buildId === undefined) {
    try {
      buildId = fs.readFileSync(path.join(process.cwd(), ".next", "BUILD_ID"), "utf8").trim();
    } catch {
      buildId = "development";
    }
  }
  return buildId;
}

/**
 * `?v=label` serves the same worker labelled `<build>-<label>`: a distinct worker without a new
 * build, which is how e2e/offline-app/journey.spec.ts plays a deploy (the label only names the
 * worker; pages register plain /sw.js).
 */
export function GET(request: Request) {
  const label = new URL(request.url).searchParams.get("v");
  const version = label && /^[\w-]{1,40}$/.test(label) ? `${currentBuildId()}-${label}` : currentBuildId();
  const body = [
    `// Nosh's service worker, build ${version} (docs/architecture/offline-app.md)`,
    serviceWorkerGlobals(version),
    `importScripts("/sw-push.js", "/offline-worker.js?v=${encodeURIComponent(version)}", "/offline-pages.js?v=${encodeURIComponent(version)}");`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Content-Security-Policy": "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self'",
    },
  });
}
