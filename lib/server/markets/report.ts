import "server-only";
import { minorToMajor } from "@/lib/shared/money/currency";
import { addDays, instantOf } from "@/lib/shared/time/opening-hours";
import type { MarketReportQuery } from "@/lib/contract/markets/rules";
import type { Operator } from "../platform/operator";
import { readSql } from "../platform/sql";
import { readMarket, type MarketJson } from "./markets";
import { marketMoney, marketPayouts } from "./queries";

// A market's money report (GET /api/admin/markets/{id}/report, /admin/markets): over the market's
// days `from` to `to`, in its currency, from the ledger's lines of its restaurants' orders and its
// restaurants' payouts only: nothing of another market is in it, whatever its currency.

export type MarketReportJson = {
  market: Pick<MarketJson, "id" | "code" | "name" | "currency" | "timeZone">;
  from: string;
  to: string;
  /** Every amount below is in this currency's major unit (pesos, dollars; yen). */
  currency: string;
  orders: number;
  paid: number;
  refunded: number;
  platformRevenue: number;
  taxCollected: number;
  restaurantEarnings: number;
  courierEarnings: number;
  payouts: { count: number; amount: number };
};

const bound = (day: string, timeZone: string, plus = 0) => {
  const date = addDays({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), day: Number(day.slice(8, 10)) }, plus);
  return instantOf({ ...date, hour: 0, minute: 0 }, timeZone);
};

export async function marketReport(_operator: Operator, marketId: number, query: MarketReportQuery): Promise<MarketReportJson> {
  const market = await readMarket(marketId);
  const [from, to] = [bound(query.from, market.timeZone), bound(query.to, market.timeZone, 1)];
  const sql = await readSql();
  const money = await marketMoney(sql, market.id, from, to);
  const payouts = await marketPayouts(sql, market.id, from, to);
  const major = (minor: number) => minorToMajor(minor, market.currency);
  return {
    market: { id: market.id, code: market.code, name: market.name, currency: market.currency, timeZone: market.timeZone },
    from: query.from,
    to: query.to,
    currency: market.currency,
    orders: money.orders,
    paid: major(money.paid),
    refunded: major(money.refunded),
    platformRevenue: major(money.platform),
    taxCollected: major(money.tax),
    restaurantEarnings: major(money.restaurants),
    courierEarnings: major(money.couriers),
    payouts: { count: payouts.count, amount: major(payouts.cents) },
  };
}
