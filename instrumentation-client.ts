// Runs in the browser before the app hydrates: starts configuring zod (lib/client/zod-config.ts),
// which the forms' lazily loaded schemas wait for, and registers the service worker once the
// page has loaded (lib/client/service-worker.ts).
import "@/lib/client/zod-config";
import { registerServiceWorker } from "@/lib/client/service-worker";

registerServiceWorker();
