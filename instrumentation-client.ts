// Runs in the browser before the app hydrates: registers the service worker once the page has
// loaded and the browser is idle (lib/client/service-worker.ts). Zod is configured when a form
// first needs its schemas (lib/client/zod-config.ts), not here.
import { registerServiceWorker } from "@/lib/client/service-worker";

registerServiceWorker();
