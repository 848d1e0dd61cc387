"use client";
import { useEffect, useState, type ReactNode } from "react";
import { isWithinWindow, type SectionWindow } from "@/lib/shared/time/section-window";
import styles from "./restaurant-menu.module.css";

const RECHECK_MS = 30_000;

/**
 * A dish's Add while its section's window is open; outside it "Available 11:00 AM - 3:00 PM"
 * instead (docs/architecture/menu-sections.md). The page is kept and replayed, so the browser
 * checks the clock again on load and every 30 seconds; the checkout refuses it anyway (409).
 */
export function SectionWindowGate({
  hours,
  timeZone,
  text,
  initiallyOpen,
  closed,
  children,
}: {
  hours: SectionWindow;
  timeZone: string;
  /** "Available 11:00 AM - 3:00 PM" (availableText), written by the server. */
  text: string;
  initiallyOpen: boolean;
  /** What shows outside the window instead of the tag (the dish page: its Add, disabled). */
  closed?: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  useEffect(() => {
    const check = () => setOpen(isWithinWindow(hours, new Date(), timeZone));
    check();
    const timer = globalThis.setInterval(check, RECHECK_MS);
    return () => globalThis.clearInterval(timer);
  }, [hours, timeZone]);
  if (!open && closed !== undefined) return closed;
  return open ? (
    children
  ) : (
    <span className={`${styles.soldOutTag} ${styles.windowTag}`} data-outside-window>
      {text}
    </span>
  );
}
