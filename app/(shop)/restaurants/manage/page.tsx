import type { Metadata } from "next";
import { appLog } from "@/lib/server/platform/log";
import Link from "@/components/ui/link";
import { OwnedRestaurants } from "@/components/owner/owned-restaurants";
import { TeamRestaurants } from "@/components/team/team-restaurants";
import { listTeamRestaurants } from "@/lib/server/team/members";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PAGE_SIZE } from "@/lib/shared/constants";
import { countNewOrders } from "@/lib/server/restaurants/new-order-counts";
import { listOwnedRestaurants, restaurantsToJson, type RestaurantJson } from "@/lib/server/restaurants/restaurants";
import { requirePageUser } from "@/lib/server/web/session";
import { requireCurrentAgreements } from "@/lib/server/web/page";
import { RESTAURANTS_FETCH_FAILED } from "@/lib/shared/words/messages";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { weeklyHoursLines } from "@/lib/shared/time/hours-text";
import { otherCurrencies } from "@/lib/server/markets/markets";
import { ownerFeeShown } from "@/lib/server/web/card-words";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("kitchen"))("manage.title") };
}

export default async function ManageRestaurantsPage() {
  const user = await requirePageUser();
  await requireCurrentAgreements(user, "/restaurants/manage");
  let restaurants: RestaurantJson[] | null = null;
  let newOrders: Record<number, number> = {};
  let team: Awaited<ReturnType<typeof listTeamRestaurants>> = [];
  try {
    // One page of the largest size (100): more than any owner has here; a longer list would
    // need the page to load more, as the API's ?offset= allows.
    restaurants = await restaurantsToJson((await listOwnedRestaurants(user.id, { limit: PAGE_SIZE.max, offset: 0 })).restaurants);
    newOrders = await countNewOrders(user);
    team = await listTeamRestaurants(user.id);
  } catch (error) {
    appLog.error("the owner's restaurants page could not load the restaurants", { err: error });
  }
  const words = await getWords("kitchen");
  const t = await getT("kitchen");
  const add = (
    <Link href="/restaurants/new" className={buttonClass({ variant: "secondary" })}>
      {restaurants?.length ? t("manage.addAnother") : t("manage.addFirst")}
    </Link>
  );
  const [{ where, roles, hours: hoursWords }, { card }, locale, currencies] = await Promise.all([
    getWords("menus"),
    getWords("browse"),
    requestLocale(),
    otherCurrencies(),
  ]);
  // Each card's hours, cuisine and fee in the reader's words (the API's businessHours and cuisineType stay English), the fee in its market's currency.
  const shown = Object.fromEntries(
    (restaurants ?? []).map((r) => [
      r.id,
      {
        hours: locale === "en" ? r.businessHours : weeklyHoursLines(r.hours, { words: hoursWords.short, locale }).join("; "),
        cuisine: card.cuisines[r.cuisineType as keyof typeof card.cuisines] ?? r.cuisineType,
        ...ownerFeeShown(r.deliveryFee, locale, currencies[r.id]),
      },
    ]),
  );
  return (
    <div className="container">
      <PageHeader title={t("manage.title")} subtitle={t("manage.subtitle")} actions={restaurants?.length || team.length ? add : undefined} />
      <TeamRestaurants restaurants={team} newOrders={newOrders} words={where} roles={roles} />
      {restaurants ? (
        <OwnedRestaurants initial={restaurants} shown={shown} newOrders={newOrders} teamIds={team.map((r) => r.id)} words={words.owned} />
      ) : (
        <EmptyState icon="info" title={RESTAURANTS_FETCH_FAILED} link={{ href: "/restaurants/manage", text: t("manage.tryAgain") }}>
          {t("manage.safe")}
        </EmptyState>
      )}
    </div>
  );
}
