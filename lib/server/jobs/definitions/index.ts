import "server-only";
import type { JobDefinition } from "../job";
import { autoAcceptOrdersJob } from "./auto-accept-orders";
import { backupJob } from "./backup";
import { cancelUndispatchedJob } from "./cancel-undispatched";
import { changeExpiryJob } from "./change-expiry";
import { cancelUnpaidJob } from "./cancel-unpaid";
import { sendPayoutsJob } from "./send-payouts";
import { courierSimulatorJob } from "./courier-simulator";
import { courierRecordsJob } from "./courier-records";
import { dailySummariesJob } from "./daily-summaries";
import { demoKitchenJob } from "./demo-kitchen";
import { deliverNotificationsJob } from "./deliver-notifications";
import { deliverWebhooksJob } from "./deliver-webhooks";
import { dispatchTickJob } from "./dispatch-tick";
import { escalateProblemsJob } from "./escalate-problems";
import { expireOrdersJob } from "./expire-orders";
import { flushPositionsJob } from "./flush-positions";
import { syncPaymentsJob, testWebhooksJob } from "./payments";
import { pruneGuestsJob } from "./prune-guests";
import { posPushJob, posSyncJob } from "./pos";
import { reconcileJob } from "./reconcile";
import { pruneOutboxJob } from "./prune-outbox";
import { prunePositionsJob } from "./prune-positions";
import { purgeDropoffPhotosJob } from "./purge-dropoff-photos";
import { courierDocumentsJob } from "./courier-documents";
import { purgeMessagesJob } from "./purge-messages";
import { pruneThrottlesJob } from "./prune-throttles";
import { runningLateJob } from "./running-late";
import { ownerWaitingTextsJob } from "./owner-waiting-texts";
import { scheduledPayoutsJob } from "./scheduled-payouts";
import { sendGiftCardsJob } from "./send-gift-cards";
import { membershipRenewJob } from "./membership-renew";

/** Every background job, in the order the runner starts them (the hourly ones in the old sweep's order). */
export const jobDefinitions: readonly JobDefinition[] = [
  expireOrdersJob,
  autoAcceptOrdersJob,
  sendPayoutsJob,
  syncPaymentsJob,
  testWebhooksJob,
  scheduledPayoutsJob,
  escalateProblemsJob,
  dispatchTickJob,
  flushPositionsJob,
  runningLateJob,
  ownerWaitingTextsJob,
  changeExpiryJob,
  cancelUnpaidJob,
  cancelUndispatchedJob,
  sendGiftCardsJob,
  membershipRenewJob,
  deliverNotificationsJob,
  deliverWebhooksJob,
  posSyncJob,
  posPushJob,
  pruneGuestsJob,
  pruneThrottlesJob,
  prunePositionsJob,
  purgeDropoffPhotosJob,
  courierDocumentsJob,
  purgeMessagesJob,
  courierRecordsJob,
  dailySummariesJob,
  pruneOutboxJob,
  reconcileJob,
  backupJob,
  courierSimulatorJob,
  demoKitchenJob,
];
