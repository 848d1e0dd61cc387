"use client";

// Web push on this device (docs/architecture/notifications.md "Web push"), for signing out: the
// browser's subscription is dropped, so this device stops hearing the person's notifications at
// once (the push service then answers 410 to the server, which deletes its row at the next send).

/** Unsubscribes this browser from push, if it is subscribed; never waits more than `ms`. */
export async function dropPushSubscription(ms = 2_000): Promise<void> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const drop = (async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  })().catch(() => undefined);
  await Promise.race([drop, new Promise((resolve) => setTimeout(resolve, ms))]);
}
