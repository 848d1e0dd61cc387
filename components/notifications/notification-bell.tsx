"use client";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { IconGlyph } from "@/components/ui/icons";
import { afterIdle } from "@/lib/client/after-idle";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import styles from "./notification-bell.module.css";

// The top bar's bell (docs/architecture/notifications.md "The notification centre"): the unread
// count, kept live by the page's one personal stream (GET /api/events: re-read the count
// on each `event: notification` and after every reconnect), and the list in a popover. The
// stream and the list are loaded after the page (dynamic imports), so the bell adds little to
// every route's first load; the stream (and with it the first read of the count) starts once the
// browser is idle after the load event (lib/client/after-idle.ts), not during hydration.

const NotificationPanel = lazy(() => import("./notification-panel").then((m) => ({ default: m.NotificationPanel })));

/** `words` and `locale`: the bell's and its list's, from the server (the count filled in place: fill() would join every page's first load). */
export function NotificationBell({ words, locale }: { words: Words<"profile">["bell"]; locale: Locale }) {
  const [unread, setUnread] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const [version, setVersion] = useState(0);
  const loaded = useOpenedOnce(open);
  const button = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  // Read marks made here: a read that started before the latest one answers a stale count, and is dropped.
  const marks = useRef(0);
  const stamp = useCallback(() => marks.current, []);
  const report = useCallback((count: number, startedAt: number | "mark") => {
    if (startedAt === "mark") marks.current++;
    else if (startedAt !== marks.current) return false;
    setUnread(count);
    return true;
  }, []);

  const refresh = useCallback(async () => {
    const at = marks.current;
    const response = await fetch("/api/notifications?limit=1", { credentials: "same-origin", headers: { Accept: "application/json" } }).catch(() => null);
    if (!response?.ok) return;
    const body = (await response.json()) as { unread: number };
    report(body.unread, at);
    setVersion((v) => v + 1);
  }, [report]);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const cancelIdle = afterIdle(
      () =>
        void import("./notification-stream").then(({ watchNotifications }) => {
          if (!cancelled) stop = watchNotifications(() => void refresh());
        }),
    );
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
    };
  }, [refresh]);

  // Outside the popover: a click closes it.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const close = useCallback((focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  }, []);

  const label = unread ? words.unread.replace("{count}", String(unread)) : words.label;
  return (
    <div className={styles.wrapper} ref={wrapper}>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? "notification-panel" : undefined}
        onClick={() => setOpen((o) => !o)}
        data-testid="notification-bell"
      >
        <IconGlyph name="bell" size={22} />
        {unread ? (
          <span className={styles.badge} aria-hidden="true" data-testid="notification-count">
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </button>
      <Suspense fallback={null}>
        {loaded && <NotificationPanel open={open} version={version} onClose={close} stamp={stamp} report={report} words={words.panel} locale={locale} />}
      </Suspense>
    </div>
  );
}
