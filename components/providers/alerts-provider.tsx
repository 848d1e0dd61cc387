"use client";
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { IconGlyph } from "@/components/ui/icons";
import Link from "@/components/ui/link";
import styles from "./alerts.module.css";

// The spec's alerts ('Feature coming soon', 'You must be logged in to add items to the cart!'...)
// as in-page messages instead of window.alert: announced (role="alert"), dismissible, and
// hidden on their own after a few seconds.

export type AlertTone = "info" | "error" | "success";
/** A way on from an alert ("View order", "Log in"): a link, or a button; either dismisses the alert. */
export type AlertAction = { label: string; href: string } | { label: string; onClick: () => void };
type AlertItem = { id: number; message: string; tone: AlertTone; actions: AlertAction[] };
type AlertsContextValue = { show: (message: string, tone?: AlertTone, actions?: AlertAction[]) => void };

const AUTO_HIDE_MS = 5000;
/** An alert with a way on ("Track order", "Continue as guest") stays long enough to take it. */
const AUTO_HIDE_WITH_ACTIONS_MS = 15_000;
/** One at a time (issue 61 item 7): a newer alert replaces the one showing; stacked, they covered the card being worked on. */
const MAX_VISIBLE = 1;

const AlertsContext = createContext<AlertsContextValue | null>(null);

export function AlertsProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<AlertItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setAlerts((list) => list.filter((a) => a.id !== id)), []);

  const show = useCallback((message: string, tone: AlertTone = "info", actions: AlertAction[] = []) => {
    const id = nextId.current++;
    // The same message twice in a row replaces the first instead of stacking copies.
    setAlerts((list) => [...list.filter((a) => a.message !== message), { id, message, tone, actions }].slice(-MAX_VISIBLE));
  }, []);

  const value = useMemo(() => ({ show }), [show]);
  const region = useRef<HTMLElement>(null);
  // The control last pressed: a button disabled while its request runs loses the focus.
  const pressed = useRef<Element | null>(null);
  useEffect(() => {
    const press = (event: Event) => {
      if (event.target instanceof Element) pressed.current = event.target;
    };
    document.addEventListener("pointerdown", press, true);
    document.addEventListener("keydown", press, true);
    return () => {
      document.removeEventListener("pointerdown", press, true);
      document.removeEventListener("keydown", press, true);
    };
  }, []);
  useLayoutEffect(() => {
    if (region.current && alerts.length > 0) placeClearOfControls(region.current, pressed.current);
  }, [alerts]);

  return (
    <AlertsContext.Provider value={value}>
      {children}
      <section ref={region} className={styles.region} aria-label="Notifications">
        {alerts.map((alert) => (
          <Alert key={alert.id} alert={alert} onDismiss={dismiss} />
        ))}
      </section>
    </AlertsContext.Provider>
  );
}

/** How much of `box` the rectangle `cover` hides, in px². */
function overlap(cover: DOMRect, box: DOMRect): number {
  const width = Math.min(cover.right, box.right) - Math.max(cover.left, box.left);
  const height = Math.min(cover.bottom, box.bottom) - Math.max(cover.top, box.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * The alert sits at its edge (the top on a desktop, the bottom on a phone) unless it would cover
 * the control in use (the focused one or the one last pressed, and the card or form around it): then at the other edge,
 * whichever hides less of it.
 */
function placeClearOfControls(region: HTMLElement, pressed: Element | null) {
  region.removeAttribute("data-flipped");
  const active = document.activeElement;
  const focused = active && active !== document.body ? active : pressed?.isConnected ? pressed : null;
  if (!focused || region.contains(focused)) return;
  const work = focused.closest("li, article, form, [role=dialog]") ?? focused;
  const covered = () => {
    const cover = region.getBoundingClientRect();
    return overlap(cover, focused.getBoundingClientRect()) * 1000 + overlap(cover, work.getBoundingClientRect());
  };
  const atEdge = covered();
  if (atEdge === 0) return;
  region.setAttribute("data-flipped", "");
  if (covered() >= atEdge) region.removeAttribute("data-flipped");
}

function Alert({ alert, onDismiss }: { alert: AlertItem; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(alert.id), alert.actions.length ? AUTO_HIDE_WITH_ACTIONS_MS : AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [alert.id, alert.actions.length, onDismiss]);

  return (
    <div role="alert" className={`${styles.alert} ${styles[alert.tone]}`}>
      <div className={styles.body}>
        <p className={styles.message}>{alert.message}</p>
        {alert.actions.length > 0 && (
          <p className={styles.actions}>
            {alert.actions.map((action) =>
              "href" in action ? (
                <Link key={action.label} href={action.href} className={styles.action} onClick={() => onDismiss(alert.id)}>
                  {action.label}
                </Link>
              ) : (
                <button
                  key={action.label}
                  type="button"
                  className={styles.action}
                  onClick={() => {
                    onDismiss(alert.id);
                    action.onClick();
                  }}
                >
                  {action.label}
                </button>
              ),
            )}
          </p>
        )}
      </div>
      <button type="button" className={styles.dismiss} onClick={() => onDismiss(alert.id)} aria-label="Dismiss notification">
        <IconGlyph name="close" size={18} />
      </button>
    </div>
  );
}

export function useAlerts(): AlertsContextValue {
  const value = useContext(AlertsContext);
  if (!value) throw new Error("useAlerts must be used inside <AlertsProvider>");
  return value;
}
