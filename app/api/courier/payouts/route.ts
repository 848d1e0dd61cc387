import { payOutCourier } from "@/lib/server/payouts/courier";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/courier/payouts", ({ courier, body, query }) => payOutCourier(courier, body.amount, query.currency));
