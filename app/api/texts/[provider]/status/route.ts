import { checkedCallback, textStatus } from "@/lib/server/texts/inbound";
import { readForm } from "@/lib/server/web/form-body";
import { handle } from "@/lib/server/web/handle";

// A sent text's delivery status: believed only under the provider's signature.
export const POST = handle(
  "POST /api/texts/{provider}/status",
  async ({ request, params }) => {
    const form = await readForm(request);
    const provider = checkedCallback(params.provider, form.pathAndQuery, form.params, request.headers);
    return { received: true as const, known: await textStatus(provider, form.params) };
  },
  { body: "handler" },
);
