import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { ChoiceForm } from "@/components/operators/choice-form";
import { DeliveryPricingForm, type PricingValues } from "@/components/operators/delivery-pricing-form";
import { LocalTime } from "@/components/operators/local-time";
import { requireOperatorPage } from "@/lib/server/web/page";
import { DEFAULT_MARKET_ID, listMarkets } from "@/lib/server/markets/markets";
import { marketPricingJson } from "@/lib/server/pricing/market";

import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import type { Words } from "@/lib/i18n/words";
import { currencyInfo, DEFAULT_CURRENCY, majorToMinor, minorToMajor } from "@/lib/shared/money/currency";
import { distanceUnitOf, milesOfKm, perMileOfPerKm, type DistanceUnit } from "@/lib/shared/delivery/distance";
import { fill } from "@/lib/shared/words/fill";
import { formatCents } from "@/lib/shared/money/money";
import { decimalText } from "@/lib/shared/money/tax";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("pricing.title") };
}

type FormWords = Words<"admin">["pricing"]["form"];

/** Another market's labels: its currency's sign for "$", and in a mi market miles for km. */
function marketFormWords(words: FormWords, own: Words<"admin">["pricingMarket"]["form"], symbol: string, unit: DistanceUnit): FormWords {
  const currency = (text: string) => fill(text, { currency: symbol });
  const miles = unit === "mi";
  return {
    ...words,
    flatFee: currency(own.flatFee),
    unknownFee: currency(own.unknownFee),
    baseFee: currency(own.baseFee),
    perKm: currency(miles ? own.perMile : own.perKm),
    bandsHint: miles ? own.bandsHintMiles : words.bandsHint,
    upTo: miles ? own.upToMiles : words.upTo,
    bandFee: currency(own.bandFee),
    smallFee: currency(own.smallFee),
    smallUnder: currency(own.smallUnder),
  };
}

/** A mi market's rule as its form shows it: bands in miles, the per-mile fee (lib/shared/delivery/distance.ts). */
const inMiles = (rule: PricingValues, currency: string): PricingValues => ({
  ...rule,
  perKm: minorToMajor(perMileOfPerKm(majorToMinor(rule.perKm, currency) ?? 0), currency),
  bands: rule.bands.map((band) => ({ ...band, upToKm: milesOfKm(band.upToKm) })),
});

/**
 * A market's delivery pricing (`market`, the default one when not given): set here, audited, in
 * effect from the next quote and order of its restaurants; until then the spec's rule, its numbers
 * in the market's currency (said here). Amounts in its currency, distances in its unit.
 */
export default async function OperatorDeliveryPricingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireOperatorPage();
  const search = await searchParams;
  const markets = await listMarkets();
  const chosen = markets.find((market) => String(market.id) === search.market) ?? markets[0]!;
  const pricing = await marketPricingJson(chosen.id);
  const { spec, defaults, updatedAt, updatedBy, market: _market, currency, ...rule } = pricing;
  const [t, { pricing: words, pricingMarket: own }, locale] = await Promise.all([getT("admin"), getWords("admin"), requestLocale()]);
  const unit = distanceUnitOf(chosen.distanceUnit);
  // The default market in dollars and km reads as it always did.
  const plain = currency === DEFAULT_CURRENCY && unit === "km";
  const percent = decimalText(defaults.serviceFeePercent, locale);
  const flat = formatCents(majorToMinor(defaults.flatFee, currency) ?? 0, { currency, locale });
  const standard = plain ? t("pricing.defaults", { flat: defaults.flatFee.toFixed(2), percent }) : t("pricingMarket.defaults", { flat, percent });
  const set = updatedBy !== null && updatedAt !== null;
  // Another market with no rule: the standard rule's numbers in its currency, said so.
  const said = spec ? words.standard : standard;
  const state = set || chosen.id === DEFAULT_MARKET_ID ? said : t("pricingMarket.unset", { currency, flat, percent });
  return (
    <>
      <h1>{words.title}</h1>
      <p className={styles.intro}>{words.intro}</p>
      {markets.length > 1 && (
        <>
          <ChoiceForm
            action="/admin/delivery-pricing"
            label={own.market}
            name="market"
            value={String(chosen.id)}
            options={markets.map((market) => ({ value: String(market.id), label: `${market.name} (${market.currency})` }))}
            show={own.show}
          />
          <p className={styles.meta} data-pricing-market={chosen.code}>
            {t("pricingMarket.editing", { market: chosen.name, currency })}
          </p>
        </>
      )}
      <p className={styles.meta}>
        {set ? (
          <>
            {t("pricing.lastSet", { name: updatedBy.firstName })} <LocalTime at={updatedAt} />.
          </>
        ) : (
          words.notSet
        )}{" "}
        {state}
      </p>
      <DeliveryPricingForm
        key={chosen.id}
        values={unit === "mi" ? inMiles(rule, currency) : rule}
        words={plain ? words.form : marketFormWords(words.form, own.form, currencyInfo(currency).symbol, unit)}
        market={chosen.id === DEFAULT_MARKET_ID && plain ? undefined : { id: chosen.id, digits: currencyInfo(currency).digits, unit }}
      />
    </>
  );
}
