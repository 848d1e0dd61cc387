import { listMarkets, openMarket } from "@/lib/server/markets/markets";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/markets", async () => ({ markets: await listMarkets() }));

export const POST = handle("POST /api/admin/markets", async ({ operator, body }) => ({ market: await openMarket(operator, body) }));
