import { bookBlock, courierBlocks } from "@/lib/server/zones/blocks";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/courier/blocks", async ({ courier }) => courierBlocks(courier));

export const POST = handle("POST /api/courier/blocks", async ({ courier, body }) => bookBlock(courier, body));
