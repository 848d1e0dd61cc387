"use client";
import { useEffect, useState } from "react";
import { lazyModule, useLazyModule } from "@/lib/client/lazy-module";
import type { OpeningHours } from "@/lib/shared/opening-hours";
import { statusLabel, type OpenStatus as Status } from "@/lib/shared/open-status-label";
import styles from "./open-status.module.css";

export type OpenStatusSource = OpeningHours & { openNow: boolean; nextChange: string | null };

// The schedule rules refine the line once the page is interactive (not needed to show it).
const rules = lazyModule(() => import("@/lib/shared/opening-hours"));

/**
 * A restaurant's open status line ("Open until 10:00 PM", "Closes in 20 min", "Closed - opens
 * Tue 11:00 AM"), times in the restaurant's zone through lib/shared/format-date.ts. The server's
 * HTML and the hydrating render print the clock-free line of the status in the JSON (the same
 * text on both sides: no hydration mismatch); once mounted, the browser's clock refines it
 * (countdown, "opens 5:00 PM" today) and keeps it current every 30 seconds from the hours.
 */
export function OpenStatus({ restaurant, className = "" }: { restaurant: OpenStatusSource; className?: string }) {
  const hours = useLazyModule(rules);
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    const tick = () => setNow(new Date());
    tick();
    const timer = setInterval(tick, 30_000);
    return () => clearInterval(timer);
  }, []);
  const status: Status =
    now && hours ? hours.openStatus(restaurant, now) : { openNow: restaurant.openNow, nextChange: restaurant.nextChange ? new Date(restaurant.nextChange) : null };
  return (
    <span className={`${styles.status} ${status.openNow ? styles.open : styles.closed} ${className}`} data-open={status.openNow}>
      {statusLabel(status, hours ? now : null, restaurant.timeZone)}
    </span>
  );
}
