import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { stageLabel } from "@/components/operators/labels";
import { attentionReasons, consoleLabels } from "@/components/operators/console-labels";
import { LocalTime } from "@/components/operators/local-time";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { requireOperatorPage } from "@/lib/server/web/page";
import { listAdminOrders } from "@/lib/server/operators/orders";
import { formatCents } from "@/lib/shared/money/money";
import { minorPerMajor } from "@/lib/shared/money/currency";
import { OPEN_STAGES, ORDER_STAGES } from "@/lib/shared/orders/order-stages";
import { operatorOrdersQuerySchema } from "@/lib/contract/operators/rules";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("orders.title") };
}

const TONE: Record<string, "success" | "neutral" | "info" | "error"> = { Completed: "success", Canceled: "error", Submitted: "info" };

/** Orders: search, filters (stage, restaurant, needs attention), a card each linking to the order's page. */
export default async function OperatorOrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const query = pageQuery(operatorOrdersQuerySchema, await searchParams);
  const [{ items, nextOffset }, t, { shell }, locale, labels, reasonOf] = await Promise.all([
    listAdminOrders(operator, query),
    getT("admin"),
    getWords("admin"),
    requestLocale(),
    consoleLabels(),
    attentionReasons(),
  ]);
  const listed =
    query.stage === "open" ? t("orders.open") : query.stage ? t("orders.ofStage", { stage: stageLabel(query.stage, labels).toLowerCase() }) : t("orders.title");
  const title = query.attention
    ? t("orders.attentionTitle")
    : query.id
      ? t("orders.order", { id: String(query.id) })
      : query.since
        ? t("orders.lastHour", { title: listed })
        : listed;
  return (
    <>
      <h1>{title}</h1>
      <form className={styles.filters} role="search" aria-label={t("orders.find")}>
        <label>
          {t("orders.q")}
          <input name="q" type="search" defaultValue={query.q ?? ""} maxLength={100} />
        </label>
        <label>
          {t("orders.status")}
          <select name="stage" defaultValue={query.stage ?? ""}>
            <option value="">{t("orders.any")}</option>
            <option value="open">{t("orders.anyOpen", { count: OPEN_STAGES.length })}</option>
            {ORDER_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {stageLabel(stage, labels)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.check}>
          <input name="attention" type="checkbox" value="1" defaultChecked={Boolean(query.attention)} />
          {t("orders.needsAttention")}
        </label>
        {query.restaurantId && <input type="hidden" name="restaurantId" value={query.restaurantId} />}
        {query.since && <input type="hidden" name="since" value={query.since} />}
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          {t("orders.search")}
        </button>
        {(query.q || query.stage || query.attention || query.restaurantId || query.since) && (
          <Link href="/admin/orders" className={styles.filterButton}>
            {t("orders.clear")}
          </Link>
        )}
      </form>
      {query.restaurantId && (
        <p className={styles.intro}>
          {t("orders.ofRestaurant", { id: String(query.restaurantId) })} <Link href="/admin/orders">{t("orders.allRestaurants")}</Link>
        </p>
      )}
      {items.length === 0 && <p className={styles.empty}>{query.attention ? t("orders.noAttention") : t("orders.none")}</p>}
      <ul className={styles.list} aria-label={t("orders.title")}>
        {items.map((o) => (
          <li key={o.id} className={styles.card} data-order={o.id}>
            <div className={styles.orderRow}>
              <h2>
                <Link href={`/admin/orders/${o.id}`}>{t("orders.order", { id: String(o.id) })}</Link>
              </h2>
              <Badge tone={TONE[o.status] ?? "neutral"}>{stageLabel(o.stage, labels)}</Badge>
              <p className={styles.meta}>
                {o.restaurantId ? <Link href={`/admin/orders?restaurantId=${o.restaurantId}`}>{o.restaurantName}</Link> : o.restaurantName} ·{" "}
                <Link href={`/admin/users/${o.customerId}`}>{o.customerName}</Link>
              </p>
              <strong>{formatCents(Math.round(o.total * minorPerMajor(o.currency)), { locale, currency: o.currency })}</strong>
            </div>
            <p className={styles.meta}>
              {t("orders.placed")} {o.submittedAt ? <LocalTime at={o.submittedAt} /> : "—"}
            </p>
            {o.attention && (
              <p className={styles.attention} data-attention>
                {reasonOf(o.stage, o.attention.reason)} {t("orders.since")} <LocalTime at={o.attention.since} />
              </p>
            )}
          </li>
        ))}
      </ul>
      <Pager
        path="/admin/orders"
        params={{
          q: query.q,
          stage: query.stage,
          restaurantId: query.restaurantId ? String(query.restaurantId) : undefined,
          attention: query.attention,
          since: query.since,
          id: query.id ? String(query.id) : undefined,
        }}
        offset={query.offset}
        limit={query.limit}
        nextOffset={nextOffset}
        words={shell}
      />
    </>
  );
}
