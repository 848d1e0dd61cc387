import type { Metadata } from "next";
import { BackLink } from "@/components/owner/back-link";
import { RangePicker } from "@/components/owner/insights/range-picker";
import insightsStyles from "@/components/owner/insights/insights.module.css";
import { PayoutAccountPanel } from "@/components/payouts/payout-account-panel";
import { RestaurantPayoutsView } from "@/components/payouts/restaurant-payouts-view";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { payoutTestMode } from "@/lib/server/payouts/accounts";
import { restaurantPayoutAccount } from "@/lib/server/payouts/payee";
import { restaurantPayouts } from "@/lib/server/payouts/restaurant";
import { marketFacts } from "@/lib/server/markets/markets";
import { ownedRestaurantFor } from "@/lib/server/web/page-data";
import { RoleRefused } from "@/components/team/role-refused";
import { localDateKey } from "@/lib/shared/time/opening-hours";
import { chooseRange } from "@/lib/contract/restaurants/insights-rules";
import { fieldsInWords, formRules } from "@/lib/server/web/form-rules";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("kitchen"))("payoutsPage.title") };
}

type Query = { days?: string | string[]; from?: string | string[]; to?: string | string[] };

// The restaurant's earnings (owner only; docs/architecture/ledger.md): available and pending,
// Pay out, and each day's entries with every order's gross, commission, discounts and net.
export default async function PayoutsPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Query> }) {
  const access = await ownedRestaurantFor((await params).id);
  if ("refused" in access) return <RoleRefused {...access} />;
  const { user, restaurant } = access;
  const [t, words] = await Promise.all([getT("kitchen"), getWords("kitchen")]);
  const chosen = chooseRange(await searchParams, localDateKey(new Date(), restaurant.timeZone));
  const choice = { ...chosen, errors: await fieldsInWords(chosen.errors) };
  const locale = await requestLocale();
  const payouts = await restaurantPayouts(user, restaurant.id, choice.range, new Date(), locale);
  const [payoutAccount, { currency }] = await Promise.all([restaurantPayoutAccount(user, restaurant.id, locale), marketFacts(restaurant.marketId)]);
  const path = `/restaurants/${restaurant.id}/payouts`;
  return (
    <div className="container">
      <BackLink href="/restaurants/manage">{t("backToRestaurants")}</BackLink>
      <PageHeader title={t("payoutsPage.title")} subtitle={t("payoutsPage.subtitle", { name: restaurant.name, zone: restaurant.timeZone.replaceAll("_", " ") })} />
      <PayoutAccountPanel
        url={`/api/manage/${restaurant.id}/payout-account`}
        initial={{ payoutAccount, testMode: payoutTestMode() }}
        words={{ ...words.payouts, rules: await formRules("payout") }}
      />
      <RestaurantPayoutsView
        restaurantId={restaurant.id}
        payouts={payouts}
        timeZone={restaurant.timeZone}
        currency={currency}
        range={
          <>
            <RangePicker path={path} choice={choice} />
            {choice.errors && (
              <p className={insightsStyles.failure} role="alert">
                {t("range.failed", { errors: Object.values(choice.errors).join(" ") })}
              </p>
            )}
            <div className={insightsStyles.downloads}>
              <a
                href={`/api/manage/${restaurant.id}/exports/payouts.csv?from=${choice.range.from}&to=${choice.range.to}`}
                download
                className={buttonClass({ variant: "soft", size: "small" })}
              >
                {t("payoutsPage.downloadEntries")}
              </a>
              <Link href={`/restaurants/${restaurant.id}/statements`} className={buttonClass({ variant: "soft", size: "small" })}>
                {t("payoutsPage.statements")}
              </Link>
            </div>
          </>
        }
      />
    </div>
  );
}
