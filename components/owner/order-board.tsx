"use client";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiActions } from "@/lib/client/use-api-actions";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import { PERSONAL_STREAM, useOrderEvents } from "@/lib/client/use-order-events";
import { stageOf } from "@/lib/shared/orders/order-stages";
import { BoardCard, type BoardAction } from "./board-card";
import { BOARD_COLUMNS, isJustIn, NEW_ORDER_EVENT, WAITING_ORDERS_EVENT, type BoardColumnKey, type BoardJson, type BoardOrder, type BoardWords } from "./board-types";
import styles from "./board.module.css";
import { readPages, useTabCount } from "./board-reads";
import { BoardDialogs, type Dialog } from "./board-dialog-slot";
import { ConnectionBanner, useBoardConnection } from "./board-connection";
import { fill } from "@/lib/shared/words/fill";
import { BOARD_PAGE_SIZE } from "@/lib/shared/constants";
import type { Locale } from "@/lib/i18n/locale";

/** The board's words (the catalogue's kitchen.board, its cards, dialogs and tools too) and the times' language, from the server. */
export type { BoardWords } from "./board-types";

// The sound and "keep the screen on" switches load after the board (the route's first-load
// JavaScript budget, bench/first-load-js.mjs); the server renders them, disabled until mounted.
const BoardTools = lazy(() => import("./board-tools").then((m) => ({ default: m.BoardTools })));
// "New phone order" too (never on a kitchen tablet): its form was already its own chunk.
const PhoneOrderButton = lazy(() => import("./phone-order-button").then((m) => ({ default: m.PhoneOrderButton })));

/** How often the amber "waiting" cue is re-evaluated. */
const TICK_MS = 5_000;
/** How often the board reads again while a courier is on the way to the kitchen (positions reach the board's stream only from pickup on). */
const COURIER_REFRESH_MS = 20_000;

/**
 * The restaurant's live order board: New, Preparing, Ready, Out for delivery and Done today.
 * It re-reads the board after every (re)connect of the restaurant's event stream and after
 * every event, so it always shows the server's state; a new order is highlighted, counted in
 * the tab title and announced to the board's tools (board-tools.tsx: a chime if the sound is on).
 */
export function OrderBoard({
  restaurantId,
  initial,
  renderedAt,
  timeZone,
  words,
  locale,
  device = false,
}: {
  restaurantId: number;
  initial: BoardJson;
  /** The server's clock when it rendered the board: the first render's "minutes ago" and waiting marks, so the browser's hydration prints the same text. */
  renderedAt: number;
  /** The restaurant's time zone: the board's times are its wall clock, the same on the server and in every browser. */
  timeZone: string;
  words: BoardWords;
  locale: Locale;
  /** A paired kitchen tablet's board (its own cookie): the restaurant's stream rather than the person's, the screen kept on by default, no phone orders. */
  device?: boolean;
}) {
  const toast = words.toast;
  const { show } = useAlerts();
  const [board, setBoard] = useState<BoardJson | null>(initial);
  const [failed, setFailed] = useState(false);
  // A tablet's reads refused (401): it was removed from the settings page.
  const [removed, setRemoved] = useState(false);
  const connection = useBoardConnection();
  const [now, setNow] = useState(renderedAt);
  const [fresh, setFresh] = useState<Set<number>>(() => new Set());
  const moving = useApiActions();
  const busyId = moving.busy === null ? null : Number(moving.busy);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  // A card's refused button (a courier holds the order: 409), shown on that card until its next action.
  const [cardError, setCardError] = useState<{ id: number; message: string } | null>(null);
  // How many pages of open orders are shown (BOARD_PAGE_SIZE each, oldest first): "Show more" adds one.
  const pages = useRef(1);
  const [loadingMore, setLoadingMore] = useState(false);
  const dialogsLoaded = useOpenedOnce(dialog !== null);
  // The New orders already seen: any other one arriving is highlighted (and chimes).
  const known = useRef(new Set(initial.orders.filter((o) => stageOf(o) === "placed").map((o) => o.id)));
  const latest = useRef<BoardJson>(initial);

  const load = useCallback(async () => {
    try {
      const next = await readPages(restaurantId, pages.current);
      const ids = next.orders.filter((o) => stageOf(o) === "placed").map((o) => o.id);
      const arrived = ids.filter((id) => !known.current.has(id));
      // An arrival beyond the pages shown still counts: the New total grew.
      const grew = next.openCounts.placed > (latest.current?.openCounts.placed ?? Infinity);
      latest.current = next;
      if (arrived.length || grew) {
        setFresh((set) => new Set([...set, ...arrived]));
        window.dispatchEvent(new Event(NEW_ORDER_EVENT));
      }
      arrived.forEach((id) => known.current.add(id));
      setBoard(next);
      setFailed(false);
    } catch (error) {
      setFailed(true);
      setRemoved(device && (error as { status?: number }).status === 401);
    }
  }, [restaurantId, device]);

  const { onStatus, onEvent } = connection;
  useOrderEvents(device ? `/api/manage/${restaurantId}/orders/events` : PERSONAL_STREAM, {
    onSync: load,
    accept: (event) => event.restaurantId === restaurantId,
    onEvent,
    // A lost stream: the board reads once (a removed tablet's read is refused, and says so).
    onStatus: (connected) => {
      onStatus(connected);
      if (!connected) void load();
    },
  });

  useEffect(() => {
    // The browser's clock from the first tick after hydration on.
    const first = window.setTimeout(() => setNow(Date.now()), 0);
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, []);

  const newCount = board?.openCounts.placed ?? 0;
  // The tools ring again while an order waits to be accepted (board-tools.tsx): told on every tick and change.
  useEffect(() => {
    window.dispatchEvent(new CustomEvent(WAITING_ORDERS_EVENT, { detail: newCount }));
  }, [newCount, now]);
  // A courier on the way to the kitchen: the board reads again every COURIER_REFRESH_MS so their arrival on the card moves.
  const courierComing = board?.orders.some((order) => order.delivery?.state === "assigned") ?? false;
  useEffect(() => {
    if (!courierComing) return;
    const timer = window.setInterval(() => void load(), COURIER_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [courierComing, load]);
  const openTotal = board ? Object.values(board.openCounts).reduce((sum, count) => sum + count, 0) : 0;
  const hidden = board ? Math.max(0, openTotal - board.orders.length) : 0;
  const showMore = async () => {
    pages.current += 1;
    setLoadingMore(true);
    await load();
    setLoadingMore(false);
  };
  useTabCount(newCount);

  const move = async (order: BoardOrder, body: Record<string, unknown>, done: string, path = "stage") => {
    setDialogError(null);
    setCardError(null);
    const moved = await moving.run(
      `${order.id}`,
      () => api(`/api/manage/${restaurantId}/orders/${order.id}/${path}`, { method: "POST", body }).then(() => true),
      ({ message, status }) => {
        if (dialog) return setDialogError(message);
        show(message, "error");
        if (status === 409) setCardError({ id: order.id, message });
      },
    );
    if (moved) {
      setDialog(null);
      setFresh((set) => {
        const next = new Set(set);
        next.delete(order.id);
        return next;
      });
      show(done, "success");
    }
    await load();
  };

  const onAction = (order: BoardOrder, action: BoardAction) => {
    setDialogError(null);
    if (action === "accept" || action === "reject" || action === "assign") setDialog({ kind: action, order });
    else if (action === "ready") void move(order, { stage: "ready" }, fill(order.deliveryOption === "pickup" ? toast.readyPickup : toast.ready, { id: order.id }));
    else if (action === "out_for_delivery") void move(order, { stage: "out_for_delivery" }, fill(toast.out, { id: order.id }));
    else void move(order, { stage: "delivered" }, fill(order.deliveryOption === "pickup" ? toast.pickedUp : toast.delivered, { id: order.id }));
  };

  const column = (key: BoardColumnKey): BoardOrder[] => {
    if (!board) return [];
    if (key === "done") return board.doneToday;
    return board.orders.filter((o) => stageOf(o) === key);
  };

  return (
    <div className={`${styles.board} ${device ? styles.tablet : ""}`}>
      <ConnectionBanner state={connection} removed={removed} words={words.connection} />
      <div className={styles.toolbar}>
        <p className={styles.summary} aria-live="polite">
          {board ? (newCount ? fill(newCount === 1 ? words.summaryOne : words.summaryMany, { count: newCount }) : words.noNew) : failed ? "" : words.loadingOrders}
        </p>
        {!device && (
          <Suspense fallback={null}>
            <PhoneOrderButton restaurantId={restaurantId} onPlaced={() => void load()} words={words.phone} choices={words.choices} locale={locale} />
          </Suspense>
        )}
        <Suspense fallback={null}>
          <BoardTools words={words.tools} locale={locale} timeZone={timeZone} device={device} />
        </Suspense>
      </div>
      {failed && !board && (
        <p role="alert" className={styles.error}>
          {words.failed}
        </p>
      )}
      <div className={styles.columns}>
        {BOARD_COLUMNS.map(({ key }) => {
          const title = words.columns[key];
          const orders = column(key);
          const headingId = `board-column-${key}`;
          return (
            <section key={key} className={`${styles.column} ${key === "done" ? styles.doneColumn : ""}`} aria-labelledby={headingId}>
              <h2 id={headingId} className={styles.columnTitle}>
                {title} <span className={styles.count}>{board ? (key === "done" ? orders.length : board.openCounts[key]) : "…"}</span>
              </h2>
              {orders.length ? (
                <ul className={styles.cards} aria-label={fill(words.columnOrders, { title })}>
                  {orders.map((order) => (
                    <BoardCard
                      key={order.id}
                      order={order}
                      now={now}
                      fresh={fresh.has(order.id) || isJustIn(order, now)}
                      busy={busyId === order.id}
                      error={cardError?.id === order.id ? cardError.message : null}
                      startCookingMinutes={board?.startCookingMinutes ?? null}
                      onAction={onAction}
                      words={words}
                      locale={locale}
                      timeZone={timeZone}
                    />
                  ))}
                </ul>
              ) : (
                board && (
                  <p className={styles.emptyColumn}>{key !== "done" && board.openCounts[key] ? words.furtherDown : key === "placed" ? words.newAppear : words.none}</p>
                )
              )}
              {key !== "done" && board && board.openCounts[key] > orders.length && orders.length > 0 && (
                <p className={styles.emptyColumn}>{fill(words.moreBelow, { count: board.openCounts[key] - orders.length })}</p>
              )}
            </section>
          );
        })}
      </div>
      {hidden > 0 && (
        <div className={styles.more}>
          <p>{fill(words.showing, { shown: board!.orders.length, total: openTotal })}</p>
          <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => void showMore()} disabled={loadingMore}>
            {loadingMore ? words.loading : fill(words.showMore, { count: Math.min(hidden, BOARD_PAGE_SIZE) })}
          </button>
        </div>
      )}
      {dialogsLoaded && (
        <BoardDialogs dialog={dialog} restaurantId={restaurantId} busy={busyId !== null} error={dialogError} words={words} onClose={() => setDialog(null)} move={move} />
      )}
    </div>
  );
}
