import type { Metadata } from "next";
import { ORDERS_PAGE_SIZE } from "@/components/orders/format";
import { OrdersList } from "@/components/orders/orders-list";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { listOrdersJson } from "@/lib/server/orders/read";
import { requirePageUser } from "@/lib/server/web/session";
import { formRules } from "@/lib/server/web/form-rules";
import { getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getWords("orders")).title };
}

export default async function OrdersPage() {
  const user = await requirePageUser();
  // One more than a page tells whether "Show more" is needed.
  const rows = await listOrdersJson(user, { limit: ORDERS_PAGE_SIZE + 1, offset: 0 });
  const orders = rows.slice(0, ORDERS_PAGE_SIZE);
  const nextOffset = rows.length > ORDERS_PAGE_SIZE ? ORDERS_PAGE_SIZE : null;
  const [words, order, flow, locale, profile, rules] = await Promise.all([
    getWords("orders"),
    getWords("order"),
    getWords("orderflow"),
    requestLocale(),
    getWords("profile"),
    formRules("auth"),
  ]);
  const stages = { status: order.status, label: order.label, pickupLabel: order.pickupLabel };

  return (
    <div className="container">
      <PageHeader title={words.title} subtitle={orders.length ? words.subtitle : undefined} />
      {orders.length ? (
        <OrdersList first={{ items: orders, nextOffset }} lang={{ words, stages, locale, signup: { ...profile.signup, rules }, cancel: flow.orders.cancel }} />
      ) : (
        <EmptyState icon="receipt" title={words.empty} link={{ href: "/home", text: words.browse }}>
          {words.emptyText}
        </EmptyState>
      )}
    </div>
  );
}
