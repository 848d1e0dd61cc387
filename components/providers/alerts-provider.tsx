"use client";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { IconGlyph } from "@/components/ui/icons";
import Link from "@/components/ui/link";
import type { Words } from "@/lib/i18n/words";
import styles from "./alerts.module.css";

// The spec's alerts ('Feature coming soon', 'You must be logged in to add items to the cart!'...)
// as in-page messages instead of window.alert: announced (role="alert"), dismissible, and
// hidden on their own after a few seconds.

export type AlertTone = "info" | "error" | "success";
/** A way on from an alert ("View order", "Log in"): a link, or a button; either dismisses the alert. */
export type AlertAction = { label: string; href: string } | { label: string; onClick: () => void };
/** `lead`: a first line the message follows (what the visitor can do, before the rule behind it). */
type AlertItem = { id: number; message: string; tone: AlertTone; actions: AlertAction[]; lead?: string };
/** `words`: the alerts' and the shared controls' own (a dialog's Close, Copy, the star rating, a dish's allergy warning and its alert at an Add), in the page's language, from the root layout. */
type AlertsContextValue = { show: (message: string, tone?: AlertTone, actions?: AlertAction[], lead?: string) => void; words: AlertsWords };
type AlertsWords = Words<"profile">["ui"] & { allergy: Words<"orderflow">["allergyWarning"]; allergens: Words<"allergens">["short"] };

const AUTO_HIDE_MS = 5000;
/** An alert with a way on ("Track order", "Continue as guest") stays long enough to take it. */
const AUTO_HIDE_WITH_ACTIONS_MS = 15_000;
const AlertsContext = createContext<AlertsContextValue | null>(null);

export function AlertsProvider({ children, words }: { children: ReactNode; words: AlertsWords }) {
  const [alerts, setAlerts] = useState<AlertItem[]>([]);

  const dismiss = useCallback((id: number) => setAlerts((list) => list.filter((a) => a.id !== id)), []);

  const show = useCallback((message: string, tone: AlertTone = "info", actions: AlertAction[] = [], lead?: string) => {
    // A fresh key: the newer alert mounts anew (its own timer, announced again).
    const id = Math.random();
    // One at a time: a newer alert replaces the one showing; stacked, they covered the card being worked on.
    setAlerts([{ id, message, tone, actions, lead }]);
  }, []);

  const value = useMemo(() => ({ show, words }), [show, words]);

  return (
    <AlertsContext.Provider value={value}>
      {children}
      <section className={styles.region} aria-label={words.region} data-alerts>
        {alerts.map((alert) => (
          <Alert key={alert.id} alert={alert} onDismiss={dismiss} label={words.dismiss} />
        ))}
      </section>
    </AlertsContext.Provider>
  );
}

function Alert({ alert, onDismiss, label }: { alert: AlertItem; onDismiss: (id: number) => void; label: string }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(alert.id), alert.actions.length ? AUTO_HIDE_WITH_ACTIONS_MS : AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [alert.id, alert.actions.length, onDismiss]);

  return (
    // Placed clear of the control in use by a module of its own (this provider is in every page's first load).
    <div role="alert" className={`${styles.alert} ${styles[alert.tone]}`} ref={(node) => void (node && import("./alert-placement").then((m) => m.placeAlert(node)))}>
      <div className={styles.body}>
        {alert.lead && <p className={styles.message}>{alert.lead}</p>}
        <p className={alert.lead ? styles.detail : styles.message}>{alert.message}</p>
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
      <button type="button" className={styles.dismiss} onClick={() => onDismiss(alert.id)} aria-label={label}>
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
