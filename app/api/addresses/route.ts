import { addAddress, listAddresses } from "@/lib/server/addresses/book";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/addresses", async ({ user }) => ({ addresses: await listAddresses(user) }));

export const POST = handle("POST /api/addresses", async ({ user, body }) => addAddress(user, body));
