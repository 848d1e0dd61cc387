import { checkedCallback, receiveText, twiml } from "@/lib/server/texts/inbound";
import { readForm } from "@/lib/server/web/form-body";
import { handle } from "@/lib/server/web/handle";

// The provider's incoming-message webhook: its signature over the URL and the form is the authority, checked before anything changes.
export const POST = handle(
  "POST /api/texts/{provider}/inbound",
  async ({ request, params }) => {
    const form = await readForm(request);
    const provider = checkedCallback(params.provider, form.pathAndQuery, form.params, request.headers);
    return twiml(await receiveText(provider, form.params));
  },
  { body: "handler" },
);
