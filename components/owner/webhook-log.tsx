"use client";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import type { WebhookDeliveryJson } from "@/lib/contract/webhook-schemas";
import { formatShortDateTime } from "@/lib/shared/format-date";
import styles from "../team/team.module.css";

const PAGE = 10;
const FAILED = "The delivery log could not be read. Try again.";

type Page = { deliveries: WebhookDeliveryJson[]; nextOffset: number | null };
/** One page of the log, or null when it could not be read. */
async function pageOf(base: string, offset: number): Promise<Page | null> {
  const { api } = await import("@/lib/client/api");
  return api<Page>(`${base}/deliveries?limit=${PAGE}&offset=${offset}`).catch(() => null);
}
const TONE = { delivered: "success", pending: "info", failed: "error" } as const;

/** One endpoint's delivery log (docs/architecture/webhooks.md): each message's attempts, newest first, a page at a time, with Resend. */
export function WebhookLog({ base, timeZone }: { base: string; timeZone: string }) {
  const [deliveries, setDeliveries] = useState<WebhookDeliveryJson[] | null>(null);
  const [nextOffset, setNextOffset] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const load = async (offset: number) => {
    const page = await pageOf(base, offset);
    if (!page) return setStatus(FAILED);
    setDeliveries((list) => (offset === 0 ? page.deliveries : [...(list ?? []), ...page.deliveries]));
    setNextOffset(page.nextOffset);
  };

  useEffect(() => {
    let live = true;
    void pageOf(base, 0).then((page) => {
      if (!live) return;
      if (!page) return setStatus(FAILED);
      setDeliveries(page.deliveries);
      setNextOffset(page.nextOffset);
    });
    return () => {
      live = false;
    };
  }, [base]);

  const resend = async (delivery: WebhookDeliveryJson) => {
    const { api, SERVER_FAILURE } = await import("@/lib/client/api");
    try {
      await api(`${base}/deliveries/${delivery.id}/resend`, { method: "POST" });
      setStatus(`${delivery.eventType} will be sent again in a few seconds, with the same webhook-id.`);
    } catch {
      setStatus(SERVER_FAILURE);
    }
  };

  if (deliveries === null) return <p className={styles.meta}>Loading the delivery log…</p>;
  return (
    <div>
      <p className={styles.status} role="status">
        {status}
      </p>
      <div className={styles.actions}>
        <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={() => load(0)}>
          Refresh the log
        </button>
      </div>
      {deliveries.length ? (
        <ul className={styles.list} aria-label="Deliveries">
          {deliveries.map((d) => (
            <li key={d.id} className={styles.row}>
              <span className={styles.who}>
                <span className={styles.name}>
                  {d.eventType} <Badge tone={TONE[d.state as keyof typeof TONE] ?? "neutral"}>{d.state}</Badge>
                </span>
                <span className={styles.meta}>
                  <code>{d.msgId}</code> · {formatShortDateTime(d.createdAt, timeZone)}
                  {d.nextAttemptAt && ` · next try ${formatShortDateTime(d.nextAttemptAt, timeZone)}`}
                </span>
                <ol className={styles.attempts}>
                  {d.log.map((entry, index) => (
                    <li key={index}>
                      {formatShortDateTime(entry.at, timeZone)}: {entry.status ?? "no answer"} in {entry.durationMs} ms
                      {(entry.error || entry.excerpt) && <span className={styles.excerpt}>{entry.error ?? entry.excerpt}</span>}
                    </li>
                  ))}
                </ol>
              </span>
              <span className={styles.actions}>
                <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => resend(d)}>
                  Resend
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
        <p className={styles.meta}>Nothing sent yet: send a test event.</p>
      )}
      {nextOffset !== null && (
        <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => load(nextOffset)}>
          Show older deliveries
        </button>
      )}
    </div>
  );
}
