"use client";
import { useCallback, useEffect, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { api } from "@/lib/client/api";
import { useApiActions } from "@/lib/client/use-api-actions";
import { formatShortDateTime, formatTime, formatWeekday } from "@/lib/shared/time/format-date";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { errorText } from "./use-courier";
import styles from "./courier.module.css";
import own from "./blocks.module.css";
import type { BlockJson as Block, BlocksJson as Blocks } from "@/lib/server/zones/blocks";

/**
 * The courier's blocks (/courier/blocks, GET /api/courier/blocks): a day's hours with couriers
 * needed, by zone, each with its open places; book one, or drop one until the deadline. Times in
 * the market's zone, through the one formatter.
 */
export function CourierBlocks({ words: w, locale }: { words: Words<"courier">["blocks"]; locale: Locale }) {
  const [data, setData] = useState<Blocks | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const actions = useApiActions();
  const busy = actions.busy;
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [now, setNow] = useState(0);

  const load = useCallback(() => {
    return api<Blocks>("/api/courier/blocks").then(
      (loaded) => (setData(loaded), setNow(Date.now())),
      (failure: unknown) => setMessage({ text: errorText(failure), error: true }),
    );
  }, []);
  useEffect(() => void load(), [load]);

  if (!data) return <p className={styles.loading}>{message?.text ?? w.loading}</p>;
  const zone = data.timeZone;
  const dayOf = (block: Block) => formatWeekday(block.startsAt, zone, locale);
  const time = (at: string) => formatTime(at, zone, locale);
  const days = [...new Set(data.blocks.map(dayOf))];
  const shown = day && days.includes(day) ? day : (days[0] ?? null);
  const mine = data.blocks.filter((b) => b.bookingId !== null);

  const act = async (block: Block) => {
    const key = `${block.zoneId}@${block.startsAt}`;
    setMessage(null);
    const when = `${dayOf(block)}, ${time(block.startsAt)}`;
    const said = await actions.run(
      key,
      async () => {
        if (block.bookingId) {
          await api(`/api/courier/blocks/${block.bookingId}`, { method: "DELETE" });
          return fill(w.dropped, { zone: block.zoneName, when });
        }
        await api("/api/courier/blocks", { method: "POST", body: { zoneId: block.zoneId, startsAt: block.startsAt } });
        return fill(w.booked, { zone: block.zoneName, when });
      },
      (failure) => setMessage({ text: failure.message, error: true }),
    );
    if (said) setMessage({ text: said, error: false });
    await load();
  };

  return (
    <div className={styles.app}>
      <Link href="/courier" className={own.back}>
        {w.back}
      </Link>
      <h1 className={styles.shiftTitle}>{w.title}</h1>
      <p className={styles.meta}>{fill(w.rules, { tier: w.tiers[data.tier], days: data.daysAhead, hours: data.dropBeforeHours, zone })}</p>
      <p className={message?.error ? styles.alert : message ? styles.notice : "sr-only"} role={message?.error ? "alert" : "status"}>
        {message?.text}
      </p>
      {mine.length > 0 && <p className={styles.hint}>{mine.length === 1 ? w.mineOne : fill(w.mineMany, { count: mine.length })}</p>}
      {!days.length ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{w.emptyTitle}</p>
          <p className={styles.meta}>{w.emptyMeta}</p>
        </div>
      ) : (
        <>
          <div className={own.days} role="group" aria-label={w.day}>
            {days.map((d) => (
              <button
                key={d}
                type="button"
                aria-pressed={d === shown}
                className={buttonClass({ variant: d === shown ? "primary" : "secondary", size: "small" })}
                onClick={() => setDay(d)}
              >
                {d}
              </button>
            ))}
          </div>
          <ul className={own.list} aria-label={fill(w.on, { day: shown ?? "" })}>
            {data.blocks
              .filter((block) => dayOf(block) === shown)
              .map((block) => {
                const key = `${block.zoneId}@${block.startsAt}`;
                const notYet = !block.bookingId && new Date(block.opensAt).getTime() > now;
                const late = block.bookingId !== null && new Date(block.dropUntil).getTime() < now;
                const label = fill(w.label, { zone: block.zoneName, from: time(block.startsAt), to: time(block.endsAt) });
                return (
                  <li key={key} className={`${styles.card} ${block.bookingId ? own.booked : ""}`} data-testid="block">
                    <div className={own.row}>
                      <div>
                        <p className={own.when}>
                          {time(block.startsAt)} – {time(block.endsAt)}
                        </p>
                        <p className={styles.meta}>{fill(w.open, { zone: block.zoneName, open: block.open, places: block.places })}</p>
                      </div>
                      {block.bookingId ? (
                        <button
                          type="button"
                          className={buttonClass({ variant: "secondary" })}
                          disabled={late || busy === key}
                          onClick={() => void act(block)}
                          aria-label={fill(w.dropLabel, { label })}
                        >
                          {w.drop}
                        </button>
                      ) : (
                        <button
                          type="button"
                          className={buttonClass({})}
                          disabled={notYet || block.open < 1 || busy === key}
                          onClick={() => void act(block)}
                          aria-label={fill(w.bookLabel, { label })}
                        >
                          {block.open < 1 ? w.full : w.book}
                        </button>
                      )}
                    </div>
                    {block.bookingId && (
                      <p className={styles.meta}>{late ? w.tooLate : fill(w.dropUntil, { until: formatShortDateTime(block.dropUntil, zone, locale) })}</p>
                    )}
                    {notYet && <p className={styles.meta}>{fill(w.opens, { at: formatShortDateTime(block.opensAt, zone, locale) })}</p>}
                  </li>
                );
              })}
          </ul>
        </>
      )}
    </div>
  );
}
