"use client";
import { useEffect, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { api, SERVER_FAILURE } from "@/lib/client/api";
import { useApiAction, type ApiFailure } from "@/lib/client/use-api-action";
import type { Words } from "@/lib/i18n/words";
import styles from "./preferences-form.module.css";
import { TitledSection } from "@/components/ui/titled-section";

// "Turn on notifications on this device" (docs/architecture/web-push.md "Web push"). The
// browser is asked for permission only when the button is clicked, never on page load: the
// click is the first thing that calls Notification.requestPermission(). The subscription is made
// through the app's service worker (navigator.serviceWorker.ready; its push handler is
// public/sw-push.js) with the server's VAPID key, and saved with POST /api/push/subscriptions.

type State = "checking" | "unsupported" | "denied" | "off" | "on" | "working";

const supported = () => typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The service worker's registration, or null when none is registered (yet): never waits on page load. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** navigator.serviceWorker.ready, but giving up after `ms` (it never settles when no worker is registered). */
function ready(notReady: string, ms = 10_000): Promise<ServiceWorkerRegistration> {
  return Promise.race([navigator.serviceWorker.ready, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(notReady)), ms))]);
}

export function PushDevice({ words: w }: { words: Words<"profile">["notifications"]["push"] }) {
  const [state, setState] = useState<State>("checking");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      if (!supported()) return "unsupported";
      if (Notification.permission === "denied") return "denied";
      const subscription = await (await registration())?.pushManager.getSubscription();
      return subscription && Notification.permission === "granted" ? "on" : "off";
    })().then(
      (found: State) => live && setState(found),
      () => live && setState("off"),
    );
    return () => {
      live = false;
    };
  }, []);

  const failed = (failure: ApiFailure, back: State) => {
    setError(failure.message);
    setState(back);
  };
  // Resolves to the browser's refusal (its service worker not ready, the subscription refused), or null once saved.
  const turningOn = useApiAction(
    async (): Promise<string | null> => {
      const { publicKey } = await api<{ publicKey: string }>("/api/push/public-key");
      const subscription = await ready(w.notReady)
        .then(
          async (worker) =>
            (await worker.pushManager.getSubscription()) ?? (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey })),
        )
        .catch((cause: unknown) => (cause instanceof Error && cause.message ? cause.message : SERVER_FAILURE));
      if (typeof subscription === "string") return subscription;
      await api("/api/push/subscriptions", { method: "POST", body: subscription.toJSON() });
      return null;
    },
    {
      onSuccess: (refusal) => {
        if (refusal) setError(refusal);
        setState(refusal ? "off" : "on");
      },
      onError: (failure) => failed(failure, "off"),
    },
  );
  const turningOff = useApiAction(
    async () => {
      const subscription = await (await registration())?.pushManager.getSubscription();
      if (!subscription) return;
      // Saving it again answers its id (the same endpoint is the same row), then it is deleted.
      const { subscription: saved } = await api<{ subscription: { id: number } }>("/api/push/subscriptions", { method: "POST", body: subscription.toJSON() });
      await api(`/api/push/subscriptions/${saved.id}`, { method: "DELETE" });
      await subscription.unsubscribe();
    },
    { onSuccess: () => setState("off"), onError: (failure) => failed(failure, "on") },
  );

  const turnOn = async () => {
    setError(null);
    // First, while the click still counts as the person's gesture (Safari insists).
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      setState(permission === "denied" ? "denied" : "off");
      return;
    }
    setState("working");
    await turningOn.run();
  };

  const turnOff = async () => {
    setError(null);
    setState("working");
    await turningOff.run();
  };

  return (
    <TitledSection id="push-device-title" title={w.title} className={styles.device} titleClassName={styles.deviceTitle}>
      <p className={styles.deviceText} aria-live="polite">
        {state === "unsupported" && w.unsupported}
        {state === "denied" && w.denied}
        {state === "off" && w.off}
        {state === "on" && w.on}
        {state === "working" && w.working}
      </p>
      {error && (
        <p className={styles.deviceError} role="alert">
          {error}
        </p>
      )}
      {(state === "off" || state === "denied") && (
        <button type="button" className={buttonClass({ variant: "secondary", className: styles.deviceButton })} onClick={turnOn}>
          {w.turnOn}
        </button>
      )}
      {state === "on" && (
        <button type="button" className={buttonClass({ variant: "ghost", className: styles.deviceButton })} onClick={turnOff}>
          {w.turnOff}
        </button>
      )}
    </TitledSection>
  );
}
