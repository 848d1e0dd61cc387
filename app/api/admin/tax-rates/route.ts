import { addTaxRate, listTaxRates } from "@/lib/server/tax/rates";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/tax-rates", async ({ operator, query }) => listTaxRates(operator, query));

export const POST = handle("POST /api/admin/tax-rates", async ({ operator, body }) => addTaxRate(operator, body));
