import { courierRecord } from "@/lib/server/courier-record/record";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/courier/record", async ({ user }) => ({ record: await courierRecord(user) }));
