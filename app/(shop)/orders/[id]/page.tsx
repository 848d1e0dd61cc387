import type { Metadata } from "next";
import { unitWords } from "@/lib/shared/delivery/distance";
import { OrderDetailView } from "@/components/orders/order-detail";
import { OrderHelpLink } from "@/components/help/order-help-link";
import { readOwnOrderCopy } from "@/lib/server/addresses/order-copy";
import { courierRatingPanel } from "@/lib/server/courier-ratings/order-panel";
import { orderHelpPath } from "@/lib/server/support/order-access";
import { config } from "@/lib/server/platform/config";
import { requirePageUser } from "@/lib/server/web/session";
import { findOrderDetail } from "@/lib/server/web/page-data";
import { reasonWords } from "@/lib/server/web/stored-texts";
import { getWords, requestLocale } from "@/lib/i18n/translate";
import { fill } from "@/lib/shared/words/fill";

type OrderPageProps = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: OrderPageProps): Promise<Metadata> {
  const { order } = await findOrderDetail((await params).id);
  return { title: fill((await getWords("order")).title, { id: order.id }) };
}

// An order's own page: where checkout lands after "Your food will arrive soon!", and where
// each card of /orders leads.
export default async function OrderPage({ params }: OrderPageProps) {
  const detail = await findOrderDetail((await params).id);
  const user = await requirePageUser();
  const { order } = detail;
  const [deliveryTo, courierRating, words, flow, locale, lines, allergens, dish, storedTexts, browse, courier] = await Promise.all([
    readOwnOrderCopy(user.id, order.id),
    courierRatingPanel(user, {
      id: order.id,
      stage: order.stage,
      deliveredAt: order.timeline.find((event) => event.stage === "delivered")?.at,
      courierDelivered: order.delivery?.state === "delivered",
      placedByReader: !order.group?.member,
    }),
    getWords("order"),
    getWords("orderflow"),
    requestLocale(),
    getWords("lines"),
    getWords("allergens"),
    getWords("dish"),
    reasonWords(),
    getWords("browse"),
    getWords("courier"),
  ]);
  // Help with a placed order of the reader's own: a guest's link carries its token (docs/architecture/help.md), so it opens on any device.
  const help =
    order.status === "Active" || order.group?.member ? null : user.guestAccount ? orderHelpPath({ id: order.id, userId: user.id }) : `/help/contact?order=${order.id}`;
  return (
    <>
      <OrderDetailView
        detail={detail}
        mapTileUrl={config().mapTileUrl}
        deliveryTo={deliveryTo}
        courierRating={courierRating}
        words={words}
        flow={{
          orders: flow.orders,
          cards: flow.cards,
          problems: flow.problems,
          threadClosed: lines.messages,
          kitchenAdded: lines.order.kitchenAdded,
          lateWhy: lines.late,
          map: { map: courier.map, units: unitWords(courier) },
          storedTexts,
          dialog: { words: dish.choices, add: { addToCart: dish.addToCart, inCart: dish.inCart }, notes: browse.cartMarket.dialog },
          labels: { diet: allergens.diet, contains: allergens.contains, mayContain: allergens.mayContain, short: allergens.short, diets: allergens.diets },
        }}
        locale={locale}
      />
      {help && <OrderHelpLink href={help} label={browse.contact.helpWithOrder} />}
    </>
  );
}
