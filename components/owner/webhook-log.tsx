"use client";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import type { WebhookDeliveryJson } from "@/lib/contract/webhooks/schemas";
import { useApiAction } from "@/lib/client/use-api-action";
import { formatShortDateTime } from "@/lib/shared/time/format-date";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "../team/team.module.css";

const PAGE = 10;

type Page = { deliveries: WebhookDeliveryJson[]; nextOffset: number | null };
/** One page of the log, or null when it could not be read. */
async function pageOf(base: string, offset: number): Promise<Page | null> {
  const { api } = await import("@/lib/client/api");
  return api<Page>(`${base}/deliveries?limit=${PAGE}&offset=${offset}`).catch(() => null);
}
const TONE = { delivered: "success", pending: "info", failed: "error" } as const;

/** One endpoint's delivery log (docs/architecture/webhooks.md): each message's attempts, newest first, a page at a time, with Resend. */
export function WebhookLog({ base, timeZone, words: w, locale }: { base: string; timeZone: string; words: Words<"menus">["webhookLog"]; locale: Locale }) {
  const when = (at: string) => formatShortDateTime(at, timeZone, locale);
  const [deliveries, setDeliveries] = useState<WebhookDeliveryJson[] | null>(null);
  const [nextOffset, setNextOffset] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const load = async (offset: number) => {
    const page = await pageOf(base, offset);
    if (!page) return setStatus(w.failed);
    setDeliveries((list) => (offset === 0 ? page.deliveries : [...(list ?? []), ...page.deliveries]));
    setNextOffset(page.nextOffset);
  };

  useEffect(() => {
    let live = true;
    void pageOf(base, 0).then((page) => {
      if (!live) return;
      if (!page) return setStatus(w.failed);
      setDeliveries(page.deliveries);
      setNextOffset(page.nextOffset);
    });
    return () => {
      live = false;
    };
  }, [base, w.failed]);

  // A refusal says why (too many resends a minute: a 429 with the wait).
  const resending = useApiAction(
    async (delivery: WebhookDeliveryJson) => {
      const { api } = await import("@/lib/client/api");
      await api(`${base}/deliveries/${delivery.id}/resend`, { method: "POST" });
      return delivery;
    },
    { onSuccess: (delivery) => setStatus(fill(w.resent, { event: delivery.eventType })) },
  );

  if (deliveries === null) return <p className={styles.meta}>{w.loading}</p>;
  return (
    <div>
      <p className={styles.status} role="status">
        {resending.message ?? status}
      </p>
      <div className={styles.actions}>
        <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={() => load(0)}>
          {w.refresh}
        </button>
      </div>
      {deliveries.length ? (
        <ul className={styles.list} aria-label={w.deliveries}>
          {deliveries.map((d) => (
            <li key={d.id} className={styles.row}>
              <span className={styles.who}>
                <span className={styles.name}>
                  {d.eventType} <Badge tone={TONE[d.state as keyof typeof TONE] ?? "neutral"}>{w.states[d.state as keyof typeof w.states] ?? d.state}</Badge>
                </span>
                <span className={styles.meta}>
                  <code>{d.msgId}</code> · {when(d.createdAt)}
                  {d.nextAttemptAt && fill(w.nextTry, { at: when(d.nextAttemptAt) })}
                </span>
                <ol className={styles.attempts}>
                  {d.log.map((entry, index) => (
                    <li key={index}>
                      {fill(w.attempt, { at: when(entry.at), status: entry.status ?? w.noAnswer, ms: entry.durationMs })}
                      {(entry.error || entry.excerpt) && <span className={styles.excerpt}>{entry.error ?? entry.excerpt}</span>}
                    </li>
                  ))}
                </ol>
              </span>
              <span className={styles.actions}>
                <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => resending.run(d)} disabled={resending.busy}>
                  {w.resend}
                  <span className="sr-only">
                    {" "}
                    {d.eventType} {d.msgId}
                  </span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.meta}>{w.none}</p>
      )}
      {nextOffset !== null && (
        <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => load(nextOffset)}>
          {w.older}
        </button>
      )}
    </div>
  );
}
