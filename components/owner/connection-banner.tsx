"use client";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { fill } from "@/lib/shared/words/fill";
import type { Words } from "@/lib/i18n/words";
import styles from "./board.module.css";

// The board's connection banner (board-connection.tsx): loud while the live stream is lost, then
// what was missed while it was, until dismissed; a removed kitchen tablet is told to pair again.

type ConnectionWords = Words<"kitchen">["board"]["connection"];
/** The events replayed after the return that happened while the stream was lost: the new orders' numbers, and how many other changes. */
export type Missed = { newOrders: number[]; updates: number };
/** What board-connection.tsx's useBoardConnection tells the banner. */
export type ConnectionState = { lost: boolean; missed: Missed | null; dismiss: () => void };

/** The lost connection's banner, or the catch-up once it is back; `removed`: the board's reads are refused (a kitchen tablet removed from the settings page). */
export function ConnectionBanner({ state, removed, words: w }: { state: ConnectionState; removed: boolean; words: ConnectionWords }) {
  if (removed)
    return (
      <div role="alert" className={styles.connectionLost}>
        <p>{w.removed}</p>
        <Link className={buttonClass({ variant: "secondary" })} href="/kitchen">
          {w.pairAgain}
        </Link>
      </div>
    );
  if (state.lost)
    return (
      <div role="alert" className={styles.connectionLost} data-testid="connection-lost">
        <p>
          <strong>{w.lostTitle}</strong> {w.lost}
        </p>
      </div>
    );
  const { missed } = state;
  if (!missed) return null;
  const orders = missed.newOrders.map((id) => fill(w.orderRef, { id })).join(", ");
  const lines = [
    missed.newOrders.length === 1 ? fill(w.missedNewOne, { orders }) : missed.newOrders.length ? fill(w.missedNewMany, { count: missed.newOrders.length, orders }) : "",
    missed.updates === 1 ? w.missedUpdateOne : missed.updates ? fill(w.missedUpdates, { count: missed.updates }) : "",
  ].filter(Boolean);
  return (
    <div role="status" className={styles.caughtUp} data-testid="caught-up">
      <p>
        <strong>{w.back}</strong> {lines.length ? lines.join(" ") : w.missedNothing}
      </p>
      <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={state.dismiss}>
        {w.dismiss}
      </button>
    </div>
  );
}
