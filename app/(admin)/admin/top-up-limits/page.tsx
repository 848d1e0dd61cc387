import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { ChoiceForm } from "@/components/operators/choice-form";
import { TopUpLimitsForm } from "@/components/operators/top-up-limits-form";
import { requireOperatorPage } from "@/lib/server/web/page";
import { topUpCurrencies, topUpLimitsJson } from "@/lib/server/payments/top-up-limits";

import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { formatDateTime } from "@/lib/shared/time/format-date";
import { DEFAULT_CURRENCY } from "@/lib/shared/money/currency";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("topup.title") };
}

/**
 * The card top-up limits of one currency (`currency`, a market's; USD when not given): set here,
 * audited, in effect from the next top-up; USD's the settings' values until then, another
 * currency's none (its top-ups refused until set, said here).
 */
export default async function OperatorTopUpLimitsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireOperatorPage();
  const search = await searchParams;
  const currencies = await topUpCurrencies();
  const currency = currencies.find((code) => code === search.currency) ?? DEFAULT_CURRENCY;
  const limits = await topUpLimitsJson(currency);
  const { defaults } = limits;
  const usd = currency === DEFAULT_CURRENCY;
  const [t, { topup: words, topUpCurrency: own }, locale] = await Promise.all([getT("admin"), getWords("admin"), requestLocale()]);
  // Another currency's form says its unit; the saved message's numbers are filled in by the form.
  const formWords = usd
    ? words.form
    : {
        ...words.form,
        title: t("topUpCurrency.form.title", { currency }),
        saved: t("topUpCurrency.form.saved", { currency, min: "{min}", max: "{max}", daily: "{daily}" }),
      };
  return (
    <>
      <h1>{words.title}</h1>
      <p className={styles.intro}>{words.intro}</p>
      {currencies.length > 1 && (
        <>
          <ChoiceForm
            action="/admin/top-up-limits"
            label={own.currency}
            name="currency"
            value={currency}
            options={currencies.map((code) => ({ value: code, label: code }))}
            show={own.show}
          />
          {!usd && (
            <p className={styles.meta} data-top-up-currency={currency}>
              {t("topUpCurrency.editing", { currency })}
            </p>
          )}
        </>
      )}
      <p className={styles.meta}>
        {limits.updatedBy && limits.updatedAt
          ? t("topup.lastSet", {
              name: limits.updatedBy.firstName,
              at: locale === "en" ? limits.updatedAt.slice(0, 16).replace("T", " ") : formatDateTime(limits.updatedAt, "UTC", locale),
            })
          : usd
            ? words.notSet
            : t("topUpCurrency.unset", { currency })}
        {usd && <> {t("topup.defaults", { min: String(defaults.min), max: String(defaults.max), daily: String(defaults.dailyMax) })}</>}
      </p>
      <TopUpLimitsForm key={`${currency}-${limits.min}-${limits.max}-${limits.dailyMax}`} limits={limits} words={formWords} {...(usd ? {} : { currency })} />
    </>
  );
}
