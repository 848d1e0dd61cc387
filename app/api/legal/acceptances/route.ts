import { acceptancesOf, acceptPending } from "@/lib/server/legal/documents";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/legal/acceptances", async ({ user }) => acceptancesOf(user));

export const POST = handle("POST /api/legal/acceptances", async ({ user, body }) => ({ accepted: await acceptPending(user, body.documents) }));
