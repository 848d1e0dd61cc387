import { requestLocale } from "@/lib/i18n/translate";
import { fixHeldPayment, readOrderPayment } from "@/lib/server/payments/order-payment";
import { handle } from "@/lib/server/web/handle";

// The payment's `message` in the reader's language (docs/architecture/languages.md).
export const GET = handle("GET /api/orders/{id}/payment", async ({ user, params }) => readOrderPayment(user, params.id, await requestLocale()));

// 402 on a decline or a 3-D Secure challenge, 409 when nothing is held.
export const POST = handle("POST /api/orders/{id}/payment", async ({ user, params, body }) => fixHeldPayment(user, params.id, body, await requestLocale()));
