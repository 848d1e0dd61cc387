import { requireOperator } from "@/lib/server/admin/access";
import { addTaxRate, listTaxRates } from "@/lib/server/tax/rates";
import { json, parseBody, parseQuery, route } from "@/lib/server/web/http";
import { taxRateInputSchema, taxRatesQuerySchema } from "@/lib/validation/tax";

// GET /api/admin/tax-rates?state=&limit=&offset= - the sales tax rates, by jurisdiction: { items, hasMore, nextOffset }
export const GET = route(async (request) => {
  const operator = await requireOperator();
  return json(await listTaxRates(operator, parseQuery(request, taxRatesQuerySchema)));
});

// POST /api/admin/tax-rates { state, zipPrefix?, rate, taxesFees?, effectiveOn, reason? } - a new rate from a day on (201)
export const POST = route(async (request) => {
  const operator = await requireOperator();
  return json(await addTaxRate(operator, await parseBody(request, taxRateInputSchema)), 201);
});
