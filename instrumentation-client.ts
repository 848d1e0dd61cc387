// Runs in the browser before the app hydrates: starts configuring zod (lib/client/zod-config.ts),
// which the forms' lazily loaded schemas wait for.
import "@/lib/client/zod-config";
