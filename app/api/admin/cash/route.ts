import { cashReport } from "@/lib/server/cash/admin";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/cash", async ({ operator }) => cashReport(operator));
