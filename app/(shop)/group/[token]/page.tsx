import type { Metadata } from "next";
import { dishSource } from "@/components/browse/format";
import { RestaurantMenu } from "@/components/browse/restaurant-menu";
import { GroupAddButton } from "@/components/group/group-add-button";
import { GroupInvite } from "@/components/group/group-invite";
import { GroupScreen } from "@/components/group/group-screen";
import { PAGE_SIZE } from "@/lib/shared/constants";
import { centsOfAmount } from "@/lib/shared/money/money";
import { windowAddButton } from "@/components/browse/window-add-button";
import { listMenuItems, menuItemToJson } from "@/lib/server/menu/menu-items";
import { listMenuSections, sectionToJson } from "@/lib/server/menu/sections";
import { findGroupPage, findRestaurant } from "@/lib/server/web/page-data";
import { restaurantToJson } from "@/lib/server/restaurants/restaurants";
import { marketPricing } from "@/lib/server/pricing/market";
import { marketFacts } from "@/lib/server/markets/markets";
import { getWords, requestLocale } from "@/lib/i18n/translate";
import { addressWords } from "@/lib/server/web/address-words";
import { tipCeilingOf } from "@/lib/server/orders/placement";

type GroupPageProps = { params: Promise<{ token: string }> };

// The link is a capability: it is not for search engines, and the page tells someone who is not
// signed in only who invites them and from which restaurant.
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getWords("orderflow")).group.pageTitle, robots: { index: false, follow: false } };
}

/**
 * /group/{token}: a group order's page. The server renders the group as the visitor may see it
 * (a dead or unknown link is the 404 page, ./not-found.tsx) and the restaurant's menu with Add
 * to this group; components/group/group-screen.tsx keeps it live.
 */
export default async function GroupPage({ params }: GroupPageProps) {
  const { token } = await params;
  const { group, invite } = await findGroupPage(token);
  const flow = await getWords("orderflow");
  if (!group) return <GroupInvite path={`/group/${token}`} invite={invite} words={flow.group} />;
  const row = await findRestaurant(String(group.restaurant.id));
  // Every amount of the group's screens is in the restaurant's market's currency.
  const { currency } = await marketFacts(row.marketId);
  const restaurant = restaurantToJson(row, currency);
  // The menu until checkout (a visitor who joins on the page gets it without a reload).
  const menuNeeded = group.status === "open" || group.status === "locked";
  const [items, sections] = menuNeeded
    ? await Promise.all([listMenuItems({ restaurantId: restaurant.id, q: undefined, limit: PAGE_SIZE.max, offset: 0 }), listMenuSections(restaurant.id)])
    : [[], []];
  // The restaurant page's sections, featured dishes and time windows (docs/architecture/menu-sections.md).
  const [checkout, order, locale, pin, lines] = await Promise.all([getWords("checkout"), getWords("order"), requestLocale(), addressWords(), getWords("lines")]);
  const placed = sections.map((section) => sectionToJson(section, locale));
  const dish = await getWords("dish");
  const dialog = { words: dish.choices, locale, currency, add: { addToCart: dish.addToCart, inCart: dish.inCart } };
  const cents = (amount: number | null) => (amount === null ? null : centsOfAmount(amount, currency));
  const pricing = {
    market: await marketPricing(row.marketId),
    restaurant: { minOrderCents: cents(restaurant.minOrder), freeDeliveryOverCents: cents(restaurant.freeDeliveryOver) },
    place: { lat: restaurant.lat, lng: restaurant.lng },
  };
  return (
    <GroupScreen
      initial={group}
      checkoutWords={{
        price: checkout.price,
        place: checkout.place,
        choices: checkout.choices,
        details: checkout.details,
        locale,
        currency,
        pin,
        flow: { checkout: { customTip: flow.checkout.customTip, schedule: flow.checkout.schedule }, tipCeiling: tipCeilingOf() },
        slots: lines.slots,
        group: flow.group.checkout,
      }}
      words={{ ...flow.group, placed: { ...flow.group.placed, headline: order.headline } }}
      pricing={pricing}
      opening={{ timeZone: restaurant.timeZone, hours: restaurant.hours, closures: restaurant.closures }}
      place={{
        address: restaurant.address,
        city: restaurant.city,
        state: restaurant.state,
        zip: restaurant.zip,
        deliveryTime: restaurant.deliveryTime,
        busyExtraMinutes: restaurant.busyExtraMinutes,
      }}
      menu={
        menuNeeded ? (
          <RestaurantMenu
            items={items.map((item) => menuItemToJson(item, locale))}
            sections={placed}
            words={{ ...(await getWords("restaurant")), soldOut: dish.soldOut, labels: await getWords("allergens") }}
            locale={locale}
            currency={currency}
            addButton={windowAddButton(placed, restaurant.timeZone, (item) => (
              <GroupAddButton item={dishSource(item)} disabled={!restaurant.servicing} words={flow.group.add} dialog={dialog} />
            ))}
          />
        ) : null
      }
    />
  );
}
