import "server-only";
import { sendEmail } from "../../mail/email";
import { sendPush } from "../../notifications/push";
import { deliverDue } from "../../notifications/worker";
import { sendText } from "../../texts/send";
import { config } from "../../platform/config";
import type { TimedJob } from "../job";

export const deliverNotificationsJob: TimedJob = {
  id: "notifications.deliver",
  does: "The outbox's worker: due notifications are sent by email, web push and text, failures retried (lib/server/notifications/worker.ts).",
  cadence: { label: "every NOTIFY_TICK_MS", everyMs: () => config().notifications.tickMs },
  once: "A lease: a batch of due rows is claimed by one conditional UPDATE that sets a lease token (each row goes to one process), and marked sent only by the lease's holder; a lease that runs out (a killed process) is claimed again.",
  warnings: () => {
    const { smtpUrl, devMailbox, push } = config().notifications;
    const said: string[] = [];
    if (!smtpUrl && !devMailbox) said.push("SMTP_URL is not set: email notifications are recorded as skipped");
    if (config().deployment === "production" && !push.vapid) {
      said.push("VAPID_PUBLIC_KEY is not set: web push uses a key pair generated into the data folder; instances on other machines need the same keys");
    }
    return said;
  },
  // The worker reads the clock itself: a lease and a retry are timed from the moment of each send.
  run: async () => {
    const { failed } = await deliverDue({ senders: { email: sendEmail, push: sendPush, sms: sendText } });
    return failed ? { error: `${failed} notifications failed for good (see Notification.lastError)` } : undefined;
  },
};
