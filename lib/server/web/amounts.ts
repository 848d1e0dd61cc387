import "server-only";
import { currencyInfo, DEFAULT_CURRENCY, majorToMinor } from "@/lib/shared/money/currency";
import type { OperationKey } from "@/lib/contract/operations";
import { db } from "../platform/db";
import { badRequest } from "../platform/errors";
import { said } from "@/lib/shared/words/said";
import { camelizeKeys } from "./body";

// A request's amounts in its row's currency (docs/architecture/languages.md "Markets and
// currencies"). The schemas read an amount as dollars, two decimals at most, to cents; a currency
// of other digits (JPY's 0) is read here first, before them: its amount must have the currency's
// digits (else a 400 naming the field), and is handed on as its minor units over 100, which the
// schema turns into those minor units again (1500 yen: 15, then 1500). Its limits are the
// schema's in minor units (a dish at most 100,000 yen). A two-digit currency's body is untouched.

type Params = Record<string, string | number>;
type Body = Record<string, unknown>;

const restaurantCurrency = async (id: unknown) =>
  typeof id === "number" && Number.isSafeInteger(id) && id > 0
    ? (await db.restaurant.findUnique({ where: { id }, select: { market: { select: { currency: true } } } }))?.market.currency
    : undefined;

/** An order's currency: its restaurant's market's (an Active order is priced in it), else its own. */
async function orderCurrency(id: unknown) {
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) return undefined;
  const order = await db.order.findUnique({ where: { id }, select: { currency: true, restaurant: { select: { market: { select: { currency: true } } } } } });
  return order?.restaurant?.market.currency ?? order?.currency;
}

/** `paths`: where the amounts are, or which of them a body has (a promotion's `value` is one only for an amount off). */
type Amounts = { currency: (params: Params, body: Body) => Promise<string | undefined>; paths: string[] | ((body: Body) => string[]) };

const CHECKOUT = ["tip", "expectedTotal"];
const DISH = ["price", "optionGroups.*.options.*.priceDelta"];
const PROMOTION = (body: Body) => [...(body.kind === "amount" ? ["value"] : []), "maxDiscount", "minSubtotal"];
const ownRestaurant = { currency: ({ id }: Params) => restaurantCurrency(id) };

/** The operations whose body carries amounts of one row's currency, and where they are ("*": each element). */
const AMOUNTS: Partial<Record<OperationKey, Amounts>> = {
  "POST /api/menu-items": { currency: (_, body) => restaurantCurrency(body.restaurantId), paths: DISH },
  "PUT /api/menu-items/{id}": {
    currency: async ({ id }) => restaurantCurrency((await db.menuItem.findUnique({ where: { id: Number(id) }, select: { restaurantId: true } }))?.restaurantId),
    paths: DISH,
  },
  "POST /api/manage/{id}/payouts": { ...ownRestaurant, paths: ["amount"] },
  "PUT /api/manage/{id}": { ...ownRestaurant, paths: ["deliveryFee"] },
  "PUT /api/manage/{id}/pricing": { ...ownRestaurant, paths: ["minOrder", "freeDeliveryOver"] },
  "POST /api/manage/{id}/promotions": { ...ownRestaurant, paths: PROMOTION },
  "PUT /api/manage/{id}/promotions/{promotionId}": { ...ownRestaurant, paths: PROMOTION },
  "POST /api/admin/restaurants/{id}/offers": { ...ownRestaurant, paths: PROMOTION },
  "POST /api/orders": { currency: (_, body) => restaurantCurrency(body.restaurantId), paths: CHECKOUT.map((path) => `submit.${path}`) },
  "POST /api/orders/quote": {
    currency: (_, body) => (body.orderId === undefined ? restaurantCurrency(body.restaurantId) : orderCurrency(body.orderId)),
    paths: [...CHECKOUT, ...CHECKOUT.map((path) => `submit.${path}`)],
  },
  "PUT /api/orders/{id}/submit": { currency: ({ id }) => orderCurrency(id), paths: CHECKOUT },
  "POST /api/orders/{id}/tip": { currency: ({ id }) => orderCurrency(id), paths: ["tip"] },
  "POST /api/admin/orders/{id}": { currency: ({ id }) => orderCurrency(id), paths: ["amount"] },
  "POST /api/group-orders/{token}/checkout": {
    currency: async ({ token }) =>
      restaurantCurrency((await db.groupOrder.findUnique({ where: { token: String(token) }, select: { restaurantId: true } }))?.restaurantId),
    paths: CHECKOUT,
  },
};

const NUMERIC = /^\s*-?(\d+\.?\d*|\.\d+)\s*$/;

/**
 * `body` (as read: snake_case names too) with its amounts read in its row's currency, for the
 * operation's schema; unchanged when the operation has none or the currency has two digits. An
 * amount with more decimals than the currency has is a 400 naming its field ("price must be a whole number").
 */
export async function amountsInCurrency(key: OperationKey, params: Params, body: Body): Promise<Body> {
  const amounts = AMOUNTS[key];
  if (!amounts) return body;
  const camel = camelizeKeys(body) as Body;
  const paths = typeof amounts.paths === "function" ? amounts.paths(camel) : amounts.paths;
  const found = paths.flatMap((path) => amountsAt(camel, path.split("."), []));
  // No amount sent (a cart without its checkout): nothing to read, no row to look up.
  if (!found.length) return body;
  const currency = (await amounts.currency(params, camel)) ?? DEFAULT_CURRENCY;
  if (currencyInfo(currency).digits === 2) return body;
  const errors: Record<string, string> = {};
  for (const { holder, name, value, field } of found) {
    const minor = majorToMinor(value, currency);
    // Only JPY has other digits than two (lib/shared/money/currency.ts): none.
    if (minor === null) errors[field] = said("rules.common.wholeNumber", { field: name });
    else holder[name] = typeof value === "number" ? minor / 100 : String(minor / 100);
  }
  const [first] = Object.values(errors);
  if (first !== undefined) throw badRequest(first, errors);
  return camel;
}

type Found = { holder: Body; name: string; value: number | string; field: string };

/** The numbers and numeric texts at `path` ("*": each element of an array); anything else is the schema's to refuse. */
function amountsAt(holder: unknown, path: string[], at: string[]): Found[] {
  if (typeof holder !== "object" || holder === null) return [];
  const [step, ...rest] = path as [string, ...string[]];
  const entries = step === "*" ? (Array.isArray(holder) ? holder.map((value, i) => [String(i), value] as const) : []) : [[step, (holder as Body)[step]] as const];
  return entries.flatMap(([name, value]): Found[] => {
    if (rest.length) return amountsAt(value, rest, [...at, name]);
    const amount = typeof value === "number" ? Number.isFinite(value) : typeof value === "string" && NUMERIC.test(value);
    return amount ? [{ holder: holder as Body, name, value: value as number | string, field: [...at, name].join(".") }] : [];
  });
}
