import type { Metadata } from "next";
import { BackLink } from "@/components/owner/back-link";
import { InsightsView } from "@/components/owner/insights/insights-view";
import { RangePicker } from "@/components/owner/insights/range-picker";
import styles from "@/components/owner/insights/insights.module.css";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { readInsights } from "@/lib/server/insights/read";
import { ownedRestaurantFor } from "@/lib/server/web/page-data";
import { RoleRefused } from "@/components/team/role-refused";
import { localDateKey } from "@/lib/shared/opening-hours";
import { chooseRange } from "@/lib/validation/insights";

export const metadata: Metadata = { title: "Insights" };

type Query = { days?: string | string[]; from?: string | string[]; to?: string | string[] };

// The restaurant's numbers for a range of its own days (owner only: someone else's restaurant
// is the 404 page). Server-rendered, charts included (SVG): the page adds no script.
export default async function InsightsPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Query> }) {
  const access = await ownedRestaurantFor((await params).id);
  if ("refused" in access) return <RoleRefused {...access} />;
  const { restaurant } = access;
  const choice = chooseRange(await searchParams, localDateKey(new Date(), restaurant.timeZone));
  const insights = await readInsights(restaurant.id, restaurant.timeZone, choice.range);
  const path = `/restaurants/${restaurant.id}/insights`;
  const query = `from=${choice.range.from}&to=${choice.range.to}`;
  return (
    <div className="container">
      <BackLink href="/restaurants/manage">Your restaurants</BackLink>
      <PageHeader title="Insights" subtitle={`${restaurant.name} · days in ${restaurant.timeZone.replaceAll("_", " ")} time`} />
      <RangePicker path={path} choice={choice} />
      {choice.errors && (
        <p className={styles.failure} role="alert">
          That range could not be shown: {Object.values(choice.errors).join(" ")}. Showing the last 7 days.
        </p>
      )}
      <div className={styles.downloads}>
        <a href={`/api/manage/${restaurant.id}/exports/orders.csv?${query}`} download className={buttonClass({ variant: "soft", size: "small" })}>
          Download orders (CSV)
        </a>
        <a href={`/api/manage/${restaurant.id}/exports/insights.csv?${query}`} download className={buttonClass({ variant: "soft", size: "small" })}>
          Download insights (CSV)
        </a>
      </div>
      <InsightsView insights={insights} />
    </div>
  );
}
