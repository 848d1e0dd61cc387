import { callStatus } from "@/lib/server/calls/webhooks";
import { checkedCallback } from "@/lib/server/texts/inbound";
import { readForm } from "@/lib/server/web/form-body";
import { handle } from "@/lib/server/web/handle";

// A relayed call's end (its length, for the operator's count and the cost): believed only under the provider's signature.
export const POST = handle(
  "POST /api/calls/{provider}/status",
  async ({ request, params }) => {
    const form = await readForm(request);
    const provider = checkedCallback(params.provider, form.pathAndQuery, form.params, request.headers);
    return { received: true as const, known: await callStatus(provider, form.params) };
  },
  { body: "handler" },
);
