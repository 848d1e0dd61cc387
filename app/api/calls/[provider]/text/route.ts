import { answerText } from "@/lib/server/calls/webhooks";
import { checkedCallback } from "@/lib/server/texts/inbound";
import { readForm } from "@/lib/server/web/form-body";
import { handle } from "@/lib/server/web/handle";

// A text to a relay number: the provider's signature over the URL and the form is the authority, checked before anything is read or recorded.
export const POST = handle(
  "POST /api/calls/{provider}/text",
  async ({ request, params }) => {
    const form = await readForm(request);
    const provider = checkedCallback(params.provider, form.pathAndQuery, form.params, request.headers);
    return (await answerText(provider, form.params)).response;
  },
  { body: "handler" },
);
