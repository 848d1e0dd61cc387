import { devRelayCall } from "@/lib/server/calls/dev-phone";
import { handle } from "@/lib/server/web/handle";

// The built-in provider's phone (/dev/calls): a call or text to a relay number through the same webhooks. A 404 unless the built-in provider is the one in use.
export const POST = handle("POST /api/calls/dev-phone", async ({ body }) => devRelayCall(body));
