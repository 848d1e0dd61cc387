import { addTextNumber, textNumbersOf } from "@/lib/server/texts/numbers";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/account/texts", async ({ user }) => textNumbersOf(user));

export const POST = handle("POST /api/account/texts", async ({ user, body }) => ({ number: await addTextNumber(user, body) }));
