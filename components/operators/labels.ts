import { JOB_STATE_LABEL, type JobState } from "@/lib/shared/delivery";
import { STAGE_LABELS, TIMELINE_LABELS, type OrderStage } from "@/lib/shared/order-stages";

// The console's one map from stored values to words: an order's stage, a job's state, a
// timeline's event, a ledger entry's kind, a card payment's state. Never a raw value on a page
// ("out_for_delivery"); something not listed reads as its words ("Some new thing").

const words = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replaceAll("_", " ").replaceAll("-", " ");

/** "Out for delivery"; no stage yet is "At checkout". */
export const stageLabel = (stage: string | null | undefined): string => (stage == null ? "At checkout" : (STAGE_LABELS[stage as OrderStage] ?? words(stage)));

export const jobStateLabel = (state: string): string => JOB_STATE_LABEL[state as JobState] ?? words(state);

const EVENT_LABELS: Record<string, string> = {
  courier_assigned: "Courier assigned",
  courier_arrived: "Courier arrived",
  courier_released: "Courier gave the delivery back",
  courier_not_found: "Courier could not find the customer",
  delivery_failed: "Delivery failed",
  courier_message: "Message between customer and courier",
  job_offered: "Offered to a courier",
  job_withdrawn: "Offer withdrawn",
  job_canceled: "Delivery taken from the courier",
  prep_changed: "Kitchen added time",
};

/** A step of an order's timeline: a stage in the customer's words, or a delivery event. */
export const eventLabel = (event: string): string => TIMELINE_LABELS[event as OrderStage] ?? EVENT_LABELS[event] ?? words(event);

const ENTRY_LABELS: Record<string, string> = { payment: "Payment", settlement: "Split", refund: "Refund", payout: "Payout", topup: "Top-up" };
// A wallet row's kind: lib/shared/wallet-kinds.ts (walletRowDescription), shared with the customer's wallet page.
export const entryLabel = (kind: string): string => ENTRY_LABELS[kind] ?? words(kind);

const PAYMENT_LABELS: Record<string, string> = {
  authorized: "Authorized",
  captured: "Captured",
  voided: "Voided",
  requires_action: "Waiting for the customer",
  failed: "Failed",
};
export const paymentStateLabel = (state: string): string => PAYMENT_LABELS[state] ?? words(state);

export const COURIER_STATUS_LABELS = { applied: "Applied", approved: "Approved", suspended: "Suspended" } as const;
