"use client";
import Link from "@/components/ui/link";
import { useEffect, useRef, useState } from "react";
import { api } from "@/lib/client/api";
import type { NotificationJson } from "@/lib/shared/people/notification-shapes";
import { dropoffPhotoUrl } from "@/lib/shared/delivery/dropoff";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./notification-bell.module.css";

// The bell's popover: the newest notifications as links (opening one marks it read), "Mark all
// read", and the way to the choices. Escape closes it and gives the focus back to the bell.

type Page = { notifications: NotificationJson[]; unread: number; more: boolean };

const when = (iso: string, w: Words<"profile">["bell"]["panel"], locale: Locale) => {
  const minutes = Math.round((Date.now() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return w.justNow;
  if (minutes < 60) return fill(w.minutes, { count: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 24) return fill(w.hours, { count: hours });
  return new Date(iso).toLocaleDateString(locale === "en" ? "en-US" : locale, { month: "short", day: "numeric" });
};

export function NotificationPanel({
  open,
  version,
  onClose,
  stamp,
  report,
  words: w,
  locale,
}: {
  open: boolean;
  /** Bumped by the bell whenever its count was re-read: the list is re-read too. */
  version: number;
  onClose: (focusButton: boolean) => void;
  /** The bell's count of read marks so far, taken when a read starts. */
  stamp: () => number;
  /** Gives the bell a count: from a read mark ("mark"), or from a read started at `stamp()`; false (dropped) when a mark came since. */
  report: (unread: number, startedAt: number | "mark") => boolean;
  words: Words<"profile">["bell"]["panel"];
  locale: Locale;
}) {
  const [page, setPage] = useState<Page | null>(null);
  const [failed, setFailed] = useState(false);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    const at = stamp();
    api<Page>("/api/notifications?limit=20").then(
      (answer) => {
        if (!live || !report(answer.unread, at)) return;
        setPage(answer);
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [open, version, stamp, report]);

  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);

  const markRead = async (body: { ids: number[] } | { all: true }) => {
    const { unread } = await api<{ unread: number }>("/api/notifications/read", { method: "POST", body });
    report(unread, "mark");
    setPage((p) => p && { ...p, unread, notifications: p.notifications.map((n) => ("all" in body || body.ids.includes(n.id) ? { ...n, read: true } : n)) });
  };

  if (!open) return null;
  return (
    <div
      id="notification-panel"
      ref={panel}
      className={styles.panel}
      role="dialog"
      aria-label={w.title}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onClose(true);
        }
      }}
    >
      <div className={styles.head}>
        <h2 className={styles.title}>{w.title}</h2>
        {page && page.unread > 0 && (
          <button type="button" className={styles.textButton} onClick={() => void markRead({ all: true })}>
            {w.markAll}
          </button>
        )}
      </div>
      {failed && <p className={styles.empty}>{w.failed}</p>}
      {!failed && !page && <p className={styles.empty}>{w.loading}</p>}
      {page && page.notifications.length === 0 && <p className={styles.empty}>{w.empty}</p>}
      {page && page.notifications.length > 0 && (
        <ul className={styles.list}>
          {page.notifications.map((n) => (
            <li key={n.id}>
              <Link
                href={n.href}
                className={n.read ? styles.item : `${styles.item} ${styles.unread}`}
                onClick={() => {
                  if (!n.read) void markRead({ ids: [n.id] });
                  onClose(false);
                }}
              >
                <span className={styles.itemTitle}>
                  {!n.read && <span className="sr-only">{w.unread}</span>}
                  {n.title}
                </span>
                {n.payload.dropoffPhoto && n.payload.orderId && <DropoffThumb orderId={n.payload.orderId} alt={w.photo} />}
                <span className={styles.itemTime}>{when(n.createdAt, w, locale)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.foot}>
        <Link href="/account/notifications" className={styles.textButton} onClick={() => onClose(false)}>
          {w.settings}
        </Link>
      </div>
    </div>
  );
}

/** The courier's photo of an order left at the door (deleted after 48 hours: then nothing is shown). */
function DropoffThumb({ orderId, alt }: { orderId: number; alt: string }) {
  const [gone, setGone] = useState(false);
  if (gone) return null;
  // eslint-disable-next-line @next/next/no-img-element -- a private photo read with the session, not an optimisable public image
  return <img src={dropoffPhotoUrl(orderId)} alt={alt} className={styles.itemPhoto} onError={() => setGone(true)} />;
}
