import type { Metadata } from "next";
import { BackLink } from "@/components/owner/back-link";
import { marketFacts } from "@/lib/server/markets/markets";
import { InsightsView } from "@/components/owner/insights/insights-view";
import { RangePicker } from "@/components/owner/insights/range-picker";
import styles from "@/components/owner/insights/insights.module.css";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { readInsights } from "@/lib/server/insights/read";
import { ownedRestaurantFor } from "@/lib/server/web/page-data";
import { RoleRefused } from "@/components/team/role-refused";
import { localDateKey } from "@/lib/shared/time/opening-hours";
import { chooseRange } from "@/lib/contract/restaurants/insights-rules";
import { fieldsInWords } from "@/lib/server/web/form-rules";
import { getT } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("kitchen"))("insights.title") };
}

type Query = { days?: string | string[]; from?: string | string[]; to?: string | string[] };

// The restaurant's numbers for a range of its own days (owner only: someone else's restaurant
// is the 404 page). Server-rendered, charts included (SVG): the page adds no script.
export default async function InsightsPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Query> }) {
  const access = await ownedRestaurantFor((await params).id);
  if ("refused" in access) return <RoleRefused {...access} />;
  const { restaurant } = access;
  const t = await getT("kitchen");
  const chosen = chooseRange(await searchParams, localDateKey(new Date(), restaurant.timeZone));
  const choice = { ...chosen, errors: await fieldsInWords(chosen.errors) };
  const [insights, { currency }] = await Promise.all([readInsights(restaurant.id, restaurant.timeZone, choice.range), marketFacts(restaurant.marketId)]);
  const path = `/restaurants/${restaurant.id}/insights`;
  const query = `from=${choice.range.from}&to=${choice.range.to}`;
  return (
    <div className="container">
      <BackLink href="/restaurants/manage">{t("backToRestaurants")}</BackLink>
      <PageHeader title={t("insights.title")} subtitle={t("insights.subtitle", { name: restaurant.name, zone: restaurant.timeZone.replaceAll("_", " ") })} />
      <RangePicker path={path} choice={choice} />
      {choice.errors && (
        <p className={styles.failure} role="alert">
          {t("range.failed", { errors: Object.values(choice.errors).join(" ") })}
        </p>
      )}
      <div className={styles.downloads}>
        <a href={`/api/manage/${restaurant.id}/exports/orders.csv?${query}`} download className={buttonClass({ variant: "soft", size: "small" })}>
          {t("insights.downloadOrders")}
        </a>
        <a href={`/api/manage/${restaurant.id}/exports/insights.csv?${query}`} download className={buttonClass({ variant: "soft", size: "small" })}>
          {t("insights.downloadInsights")}
        </a>
      </div>
      <InsightsView insights={insights} currency={currency} />
    </div>
  );
}
