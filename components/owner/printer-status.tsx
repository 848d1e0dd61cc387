"use client";
import { useCallback, useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import type { PrinterListJson } from "@/lib/contract/printers/schemas";
import { printerAlarm, printerCondition } from "@/lib/shared/kitchen/printers";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { formatShortDateTime } from "@/lib/shared/time/format-date";
import { api } from "@/lib/client/api";
import { useApiActions } from "@/lib/client/use-api-actions";
import styles from "./printer-status.module.css";

/** How often the board asks for its printers' status (at most half the silence): a silent printer shows within the silence and this. */
const READ_EVERY_MS = 10_000;

export type PrinterStatusProps = {
  restaurantId: number;
  timeZone: string;
  locale: Locale;
  /** Unheard this long, a printer is silent (the server's PRINTER_SILENT_SECONDS). */
  silentMs: number;
  words: Words<"kitchen">["printerStatus"];
};

/**
 * The board's printers (docs/architecture/kitchen.md "Printers that print by themselves"): each
 * printer's condition from its status code (online, paper low, out of paper, cover open) or its
 * silence, when it was last seen and its tickets waiting; a loud alarm when one cannot print while
 * tickets wait; the recent tickets with Reprint. Nothing when the restaurant has no printer.
 */
export function PrinterStatus({ restaurantId, timeZone, locale, silentMs, words: w }: PrinterStatusProps) {
  const [list, setList] = useState<PrinterListJson | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [note, setNote] = useState<string | null>(null);
  const { run, busy, message } = useApiActions();
  const base = `/api/manage/${restaurantId}`;

  const read = useCallback(() => {
    api<PrinterListJson>(`${base}/printers`).then(
      (answer) => {
        setList(answer);
        setNow(Date.now());
      },
      // A missed read keeps the last one; the next tick tries again.
      () => setNow(Date.now()),
    );
  }, [base]);

  useEffect(() => {
    read();
    const timer = window.setInterval(read, Math.min(READ_EVERY_MS, silentMs / 2));
    return () => window.clearInterval(timer);
  }, [read, silentMs]);

  if (!list?.printers.length) return null;

  const reprint = async (orderId: number) => {
    setNote(null);
    const done = await run(`reprint-${orderId}`, () => api(`${base}/orders/${orderId}/print`, { method: "POST" }));
    if (done) {
      setNote(fill(w.reprinted, { id: orderId }));
      read();
    }
  };

  const printers = list.printers.map((printer) => ({ ...printer, condition: printerCondition(printer, now, silentMs) }));
  const alarms = printers.filter((printer) => printerAlarm(printer.condition, printer.waiting));
  return (
    <section className={styles.panel} aria-labelledby="printer-status-title" data-testid="printer-status">
      <h2 id="printer-status-title" className={styles.title}>
        {w.title}
      </h2>
      {alarms.map((printer) => (
        <p key={printer.id} className={styles.alarm} role="alert" data-testid="printer-alarm">
          {printer.waiting === 1 ? fill(w.alarmOne, { name: printer.name }) : fill(w.alarmMany, { name: printer.name, count: printer.waiting })}
        </p>
      ))}
      <ul className={styles.list}>
        {printers.map((printer) => (
          <li key={printer.id} className={styles.printer}>
            <strong>{printer.name}</strong>
            <Badge tone={printer.condition === "online" ? "success" : printer.condition === "paperLow" ? "info" : "error"}>{w[printer.condition]}</Badge>
            {printer.lastSeenAt && <span className={styles.meta}>{fill(w.lastSeen, { time: formatShortDateTime(printer.lastSeenAt, timeZone, locale) })}</span>}
            {printer.waiting > 0 && <span className={styles.meta}>{printer.waiting === 1 ? w.waitingOne : fill(w.waitingMany, { count: printer.waiting })}</span>}
          </li>
        ))}
      </ul>
      {list.recent.length > 0 && (
        <>
          <h3 className={styles.meta}>{w.recent}</h3>
          <ul className={styles.recent}>
            {list.recent.map((ticket) => (
              <li key={ticket.orderId} className={styles.ticket} data-testid="recent-ticket">
                <span>{fill(w.ticket, { id: ticket.orderId })}</span>
                <span className={styles.meta}>{w.states[ticket.state as keyof typeof w.states]}</span>
                <button
                  type="button"
                  className={buttonClass({ variant: "ghost", size: "small" })}
                  onClick={() => reprint(ticket.orderId)}
                  disabled={busy === `reprint-${ticket.orderId}`}
                >
                  {w.reprint}
                  <span className="sr-only"> {fill(w.reprintThe, { id: ticket.orderId })}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className={styles.status} role="status">
        {message ?? note}
      </p>
    </section>
  );
}
