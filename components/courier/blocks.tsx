"use client";
import { useCallback, useEffect, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { api } from "@/lib/client/api";
import { formatShortDateTime, formatTime, formatWeekday } from "@/lib/shared/format-date";
import { errorText } from "./use-courier";
import styles from "./courier.module.css";
import own from "./blocks.module.css";
import type { BlockJson as Block, BlocksJson as Blocks } from "@/lib/server/zones/blocks";

const TIER_TEXT = { top: "Top record", good: "Good record", new: "Building your record" } as const;

/**
 * The courier's blocks (/courier/blocks, GET /api/courier/blocks): a day's hours with couriers
 * needed, by zone, each with its open places; book one, or drop one until the deadline. Times in
 * the market's zone, through the one formatter.
 */
export function CourierBlocks() {
  const [data, setData] = useState<Blocks | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [now, setNow] = useState(0);

  const load = useCallback(() => {
    return api<Blocks>("/api/courier/blocks").then(
      (loaded) => (setData(loaded), setNow(Date.now())),
      (failure: unknown) => setMessage({ text: errorText(failure), error: true }),
    );
  }, []);
  useEffect(() => void load(), [load]);

  if (!data) return <p className={styles.loading}>{message?.text ?? "Loading your blocks…"}</p>;
  const zone = data.timeZone;
  const dayOf = (block: Block) => formatWeekday(block.startsAt, zone);
  const days = [...new Set(data.blocks.map(dayOf))];
  const shown = day && days.includes(day) ? day : (days[0] ?? null);
  const mine = data.blocks.filter((b) => b.bookingId !== null);

  const act = async (block: Block) => {
    const key = `${block.zoneId}@${block.startsAt}`;
    setBusy(key);
    setMessage(null);
    const when = `${dayOf(block)}, ${formatTime(block.startsAt, zone)}`;
    try {
      if (block.bookingId) {
        await api(`/api/courier/blocks/${block.bookingId}`, { method: "DELETE" });
        setMessage({ text: `Dropped ${block.zoneName}, ${when}.`, error: false });
      } else {
        await api("/api/courier/blocks", { method: "POST", body: { zoneId: block.zoneId, startsAt: block.startsAt } });
        setMessage({ text: `Booked ${block.zoneName}, ${when}. Go on shift in the zone then: its orders come to you first.`, error: false });
      }
    } catch (error) {
      setMessage({ text: errorText(error), error: true });
    } finally {
      setBusy(null);
      await load();
    }
  };

  return (
    <div className={styles.app}>
      <Link href="/courier" className={own.back}>
        Back to deliveries
      </Link>
      <h1 className={styles.shiftTitle}>Blocks</h1>
      <p className={styles.meta}>
        {TIER_TEXT[data.tier]}: you book up to {data.daysAhead} days ahead (the more deliveries you complete, the earlier). Drop a block up to {data.dropBeforeHours}{" "}
        hours before it starts. Times in {zone}.
      </p>
      <p className={message?.error ? styles.alert : message ? styles.notice : "sr-only"} role={message?.error ? "alert" : "status"}>
        {message?.text}
      </p>
      {mine.length > 0 && <p className={styles.hint}>You have {mine.length === 1 ? "1 block" : `${mine.length} blocks`} booked this week.</p>}
      {!days.length ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>No blocks this week.</p>
          <p className={styles.meta}>No zone needs couriers booked yet. You can still go on shift from the deliveries page.</p>
        </div>
      ) : (
        <>
          <div className={own.days} role="group" aria-label="Day">
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
          <ul className={own.list} aria-label={`Blocks on ${shown}`}>
            {data.blocks
              .filter((block) => dayOf(block) === shown)
              .map((block) => {
                const key = `${block.zoneId}@${block.startsAt}`;
                const notYet = !block.bookingId && new Date(block.opensAt).getTime() > now;
                const late = block.bookingId !== null && new Date(block.dropUntil).getTime() < now;
                const label = `${block.zoneName}, ${formatTime(block.startsAt, zone)} to ${formatTime(block.endsAt, zone)}`;
                return (
                  <li key={key} className={`${styles.card} ${block.bookingId ? own.booked : ""}`} data-testid="block">
                    <div className={own.row}>
                      <div>
                        <p className={own.when}>
                          {formatTime(block.startsAt, zone)} – {formatTime(block.endsAt, zone)}
                        </p>
                        <p className={styles.meta}>
                          {block.zoneName} · {block.open} of {block.places} open
                        </p>
                      </div>
                      {block.bookingId ? (
                        <button
                          type="button"
                          className={buttonClass({ variant: "secondary" })}
                          disabled={late || busy === key}
                          onClick={() => void act(block)}
                          aria-label={`Drop ${label}`}
                        >
                          Drop
                        </button>
                      ) : (
                        <button
                          type="button"
                          className={buttonClass({})}
                          disabled={notYet || block.open < 1 || busy === key}
                          onClick={() => void act(block)}
                          aria-label={`Book ${label}`}
                        >
                          {block.open < 1 ? "Full" : "Book"}
                        </button>
                      )}
                    </div>
                    {block.bookingId && (
                      <p className={styles.meta}>{late ? "Booked: too late to drop." : `Booked. You can drop it until ${formatShortDateTime(block.dropUntil, zone)}.`}</p>
                    )}
                    {notYet && <p className={styles.meta}>Opens to you {formatShortDateTime(block.opensAt, zone)}.</p>}
                  </li>
                );
              })}
          </ul>
        </>
      )}
    </div>
  );
}
