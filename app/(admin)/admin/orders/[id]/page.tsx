import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ActionButton } from "@/components/operators/action-button";
import styles from "@/components/operators/operators.module.css";
import { entryLabel, eventLabel, jobStateLabel, paymentStateLabel, stageLabel } from "@/components/operators/labels";
import { attentionReasons, consoleLabels } from "@/components/operators/console-labels";
import { LocalTime } from "@/components/operators/local-time";
import { Badge } from "@/components/ui/badge";
import Link from "@/components/ui/link";
import { ApiError } from "@/lib/server/platform/errors";
import { requireOperatorPage } from "@/lib/server/web/page";
import { operatorOrderDetail, type OperatorOrderDetailJson } from "@/lib/server/operators/order-detail";
import { centsOfAmount, formatCents } from "@/lib/shared/money/money";
import { idFromText } from "@/lib/shared/web/id-pattern";
import type { Locale } from "@/lib/i18n/locale";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { flagLinesIn, reasonWords } from "@/lib/server/web/stored-texts";
import { reasonText } from "@/lib/shared/words/stored-texts";
import { TitledSection } from "@/components/ui/titled-section";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("order.title") };
}

/** An amount of the detail JSON (major units of the order's currency, as every order amount of the API) in that currency. */
const dollars = (amount: number, currency: string, locale: Locale) => formatCents(centsOfAmount(amount, currency), { currency, locale });

/** One order: what needs doing, its timeline, delivery and money, and the operator's actions (refund, cancel, reassign). */
export default async function OperatorOrderPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requireOperatorPage();
  const id = idFromText((await params).id);
  if (id === null) notFound();
  let order: OperatorOrderDetailJson;
  try {
    order = await operatorOrderDetail(operator, id);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
  const [t, { action, disputes }, locale, labels, reasonOf, reasons] = await Promise.all([
    getT("admin"),
    getWords("admin"),
    requestLocale(),
    consoleLabels(),
    attentionReasons(),
    reasonWords(),
  ]);
  const money = (amount: number) => dollars(amount, order.currency, locale);
  const url = `/api/admin/orders/${order.id}`;
  const target = t("order.target", { id: String(order.id) });
  return (
    <>
      <p className={styles.intro}>
        <Link href="/admin/orders">{t("order.back")}</Link>
      </p>
      <div className={styles.cardHead}>
        <h1>{t("order.heading", { id: String(order.id) })}</h1>
        <Badge tone={order.status === "Canceled" ? "error" : order.status === "Completed" ? "success" : "info"}>{stageLabel(order.stage, labels)}</Badge>
      </div>
      <p className={styles.meta}>
        {order.restaurant.id ? <Link href={`/admin/orders?restaurantId=${order.restaurant.id}`}>{order.restaurant.name}</Link> : order.restaurant.name} ·{" "}
        <Link href={`/admin/users/${order.customer.id}`}>{order.customer.name}</Link>
        {order.customer.email ? ` (${order.customer.email})` : ""} · {order.pickup ? t("order.pickup") : t("order.delivery")} · {t("order.placed")}{" "}
        {order.submittedAt ? <LocalTime at={order.submittedAt} /> : "—"}
      </p>
      {order.attention && (
        <p className={styles.attention} data-attention>
          {t("order.needsAttention", { reason: reasonOf(order.stage, order.attention.reason) })} <LocalTime at={order.attention.since} />
        </p>
      )}
      {order.rejectionReason && <p className={styles.why}>{order.rejection ? reasonText(order.rejection, reasons) : order.rejectionReason}</p>}
      {order.dispute && (
        // The card charge disputed with its bank: no refund reaches the card while open or once lost (ledger/refundable.ts).
        <p className={order.dispute.status === "won" ? styles.attention : styles.why} data-dispute={order.dispute.status}>
          {order.dispute.status === "won"
            ? t("order.disputeWon", { amount: money(order.dispute.amount) })
            : t("order.chargeDisputed", { amount: money(order.dispute.amount), status: disputes.status[order.dispute.status] })}{" "}
          <Link href={`/admin/disputes/${order.dispute.id}`}>{t("order.openDispute")}</Link>
        </p>
      )}
      {(order.can.refund || order.can.cancel || order.can.reassign) && (
        <div className={styles.actions} role="group" aria-label={t("order.actions")}>
          {order.can.refund && (
            <ActionButton
              url={url}
              action="refund"
              label={t("order.refund")}
              target={target}
              words={action}
              refund={{ max: order.refundable, currency: order.currency, locale }}
            />
          )}
          {order.can.cancel && <ActionButton url={url} action="cancel" label={t("order.cancel")} target={target} words={action} danger />}
          {order.can.reassign && <ActionButton url={url} action="reassign" label={t("order.reassign")} target={target} words={action} />}
        </div>
      )}
      <div className={styles.sections}>
        <TitledSection id="timeline" title={t("order.timeline")} className={styles.card}>
          <ol className={styles.timeline}>
            {order.timeline.map((event, i) => (
              <li key={`${event.at}:${i}`}>
                <span>{eventLabel(event.stage, labels)}</span>
                <LocalTime at={event.at} />
              </li>
            ))}
          </ol>
        </TitledSection>
        <TitledSection id="delivery" title={t("order.delivery")} className={styles.card}>
          {order.delivery ? (
            <dl className={styles.figures}>
              <dt>{t("order.state")}</dt>
              <dd>{jobStateLabel(order.delivery.state, labels)}</dd>
              <dt>{t("order.courier")}</dt>
              <dd>{order.delivery.courier ? <Link href={`/admin/users/${order.delivery.courier.id}`}>{order.delivery.courier.name}</Link> : t("order.noneYet")}</dd>
              <dt>{t("order.courierPay")}</dt>
              <dd>{money(order.delivery.pay)}</dd>
              {order.delivery.flagReason && (
                <>
                  <dt>{t("order.flagged")}</dt>
                  <dd>
                    {flagLinesIn(locale, order.delivery)}
                    {order.delivery.payDecision === null ? t("order.payHeld") : t("order.payDecision", { decision: order.delivery.payDecision })} ·{" "}
                    <Link href="/admin/deliveries">{t("order.flaggedDeliveries")}</Link>
                  </dd>
                </>
              )}
            </dl>
          ) : (
            <p className={styles.meta}>{order.pickup ? t("order.pickupNoDelivery") : t("order.noJob")}</p>
          )}
          {order.delivery && order.delivery.calls.length > 0 && (
            <>
              <h3 className={styles.meta}>{t("order.calls")}</h3>
              <ul className={`${styles.list} ${styles.meta}`}>
                {order.delivery.calls.map((call, i) => (
                  <li key={i}>
                    {t("order.callLine", {
                      kind: t(call.kind === "call" ? "order.kindCall" : "order.kindText"),
                      side: t(call.from === "customer" ? "order.sideCustomer" : "order.sideCourier"),
                      status: call.status,
                      length: call.seconds === null ? "" : t("order.callLength", { seconds: String(call.seconds) }),
                    })}{" "}
                    · <LocalTime at={call.at} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </TitledSection>
        <TitledSection id="money" title={t("order.payment")} className={styles.card}>
          <dl className={styles.figures}>
            {order.items.map((item, i) => (
              <FigureRow money={money} key={i} label={`${item.quantity} × ${item.name}`} value={item.price * item.quantity} />
            ))}
            <FigureRow money={money} label={t("order.deliveryFees")} value={order.amounts.deliveryFee} />
            <FigureRow money={money} label={t("order.serviceFee")} value={order.amounts.serviceFee} />
            {order.amounts.tax > 0 && <FigureRow money={money} label={t("order.tax")} value={order.amounts.tax} />}
            <FigureRow money={money} label={t("order.tip")} value={order.amounts.tip} />
            {order.amounts.discount > 0 && <FigureRow money={money} label={t("order.discount")} value={-order.amounts.discount} />}
            <FigureRow
              money={money}
              label={order.paymentMethod === "wallet" ? t("order.totalWallet") : order.paymentMethod === "card" ? t("order.totalCard") : t("order.totalUnpaid")}
              value={order.amounts.total}
              strong
            />
            <FigureRow money={money} label={t("order.leftToRefund")} value={order.refundable} strong />
          </dl>
          {order.payments.map((p) => (
            <p key={p.id} className={styles.meta}>
              {t("order.paymentLine", {
                card: p.card,
                state: paymentStateLabel(p.state, labels),
                authorized: money(p.amount),
                captured: money(p.captured),
                refunded: money(p.refunded),
              })}
            </p>
          ))}
        </TitledSection>
        <TitledSection id="ledger" title={t("order.ledger")} className={styles.card}>
          {order.ledger.length === 0 ? (
            <p className={styles.meta}>{t("order.nothingPosted")}</p>
          ) : (
            <ul className={styles.timeline}>
              {order.ledger.map((entry) => (
                <li key={entry.id} data-entry={entry.kind}>
                  <strong>
                    {entryLabel(entry.kind, labels)} #{entry.id}
                  </strong>
                  <LocalTime at={entry.at} />
                  <span className={styles.meta}>{entry.lines.map((line) => `${line.account} ${line.amount > 0 ? "+" : ""}${money(line.amount)}`).join(" · ")}</span>
                </li>
              ))}
            </ul>
          )}
        </TitledSection>
      </div>
    </>
  );
}

function FigureRow({ label, value, strong, money }: { label: string; value: number; strong?: boolean; money: (amount: number) => string }) {
  return (
    <>
      <dt>{strong ? <strong>{label}</strong> : label}</dt>
      <dd>{strong ? <strong>{money(value)}</strong> : money(value)}</dd>
    </>
  );
}
