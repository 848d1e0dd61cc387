import { receivePosWebhook } from "@/lib/server/pos/sync";
import { handle } from "@/lib/server/web/handle";
import { MAX_JSON_BYTES, jsonTooLarge, readCapped } from "@/lib/server/web/body";

// The signature is the event's authority, over its raw bytes: the handler reads them itself.
export const POST = handle(
  "POST /api/pos/webhooks/{provider}",
  async ({ request, params }) => {
    const raw = new TextDecoder().decode(await readCapped(request, MAX_JSON_BYTES, jsonTooLarge));
    return receivePosWebhook(params.provider, new URL(request.url).pathname, raw, request.headers);
  },
  { body: "handler" },
);
