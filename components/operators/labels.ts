import { JOB_STATE_LABEL } from "@/lib/shared/delivery";
import { STAGE_LABELS, TIMELINE_LABELS } from "@/lib/shared/order-stages";

// The console's one map from stored values to words: an order's stage, a job's state, a
// timeline's event, a ledger entry's kind, a card payment's state. Never a raw value on a page
// ("out_for_delivery"); something not listed reads as its words ("Some new thing"). The words are
// the catalogue's (order.label and order.timeline, admin.labels), in the request's language:
// consoleLabels() (./console-labels.ts) on the server; English by default, as these tables say.

const words = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replaceAll("_", " ").replaceAll("-", " ");

/** The words the labels below read: a stage, a timeline step, and the console's own (admin.labels). */
export type ConsoleLabels = {
  stages: Record<string, string>;
  timeline: Record<string, string>;
  atCheckout: string;
  jobStates: Record<string, string>;
  events: Record<string, string>;
  entries: Record<string, string>;
  payments: Record<string, string>;
};

/** The English labels (the catalogue's English entries are these, word for word: labels.test.ts). */
export const ENGLISH_LABELS: ConsoleLabels = {
  stages: STAGE_LABELS,
  timeline: TIMELINE_LABELS,
  atCheckout: "At checkout",
  jobStates: JOB_STATE_LABEL,
  events: {
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
  },
  entries: { payment: "Payment", settlement: "Split", refund: "Refund", payout: "Payout", topup: "Top-up" },
  payments: {
    authorized: "Authorized",
    captured: "Captured",
    voided: "Voided",
    requires_action: "Waiting for the customer",
    failed: "Failed",
  },
};

/** "Out for delivery"; no stage yet is "At checkout". */
export const stageLabel = (stage: string | null | undefined, labels = ENGLISH_LABELS): string =>
  stage == null ? labels.atCheckout : (labels.stages[stage] ?? words(stage));

export const jobStateLabel = (state: string, labels = ENGLISH_LABELS): string => labels.jobStates[state] ?? words(state);

/** A step of an order's timeline: a stage in the customer's words, or a delivery event. */
export const eventLabel = (event: string, labels = ENGLISH_LABELS): string => labels.timeline[event] ?? labels.events[event] ?? words(event);

// A wallet row's kind: lib/shared/wallet-kinds.ts (walletRowDescription), shared with the customer's wallet page.
export const entryLabel = (kind: string, labels = ENGLISH_LABELS): string => labels.entries[kind] ?? words(kind);

export const paymentStateLabel = (state: string, labels = ENGLISH_LABELS): string => labels.payments[state] ?? words(state);
