import { recordDeposit } from "@/lib/server/cash/admin";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/admin/cash/deposits", async ({ operator, body }) => recordDeposit(operator, body));
