import { requireTestProvider } from "@/lib/server/payments/providers/select";
import { tokenize } from "@/lib/server/payments/providers/test/provider";
import { handle } from "@/lib/server/web/handle";

// What a real provider hosts on its own domain: the browser's card form posts the card here, never
// to Nosh's order API. Nothing of the number is stored, logged or echoed. A 404 in production
// unless test mode is on (PAYMENTS=test).
export const POST = handle("POST /api/test-provider/payment-methods", async ({ body }) => {
  requireTestProvider();
  return tokenize(body);
});
