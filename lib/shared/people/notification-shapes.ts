// What a notification carries and how the API answers it, and the owner's daily summary: the
// shapes the outbox (lib/server/notifications/), the mail and the bell share (notifications.ts: the
// kinds, the channels and the words).

/** The owner's daily summary (lib/server/mail/daily-summary.ts): one restaurant's local day. */
export type DailySummary = {
  /** The restaurant's local day, "YYYY-MM-DD". */
  date: string;
  restaurantName: string;
  /** Orders submitted that day, and of them the ones the restaurant accepted (still standing). */
  placed: number;
  sold: number;
  /** The accepted orders' item subtotal, in dollars (the insights page's revenue), in `currency` (the restaurant's market's; USD without). */
  sales: number;
  currency?: string;
  /** Reviews written that day and their average restaurant rating (null without reviews). */
  ratings: number;
  averageRating: number | null;
  /** The day's problems: rejected by the restaurant, canceled by the customer, not confirmed in time. */
  rejected: number;
  canceled: number;
  expired: number;
};

/**
 * A courier document's notice (courier_account_update, stage "document"): what happened to which
 * document, worded in the reader's language (lib/server/notifications/words.ts documentNoticeIn);
 * `note` keeps its English sentence, as rows written before it hold only that.
 */
export type DocumentNotice = { kind: "licence" | "insurance"; event: "approved" | "resubmit" | "refused" | "expiring" | "expired"; reason?: string; expiresOn?: string };

/** What a notification carries: enough to word it and link it without reading anything else. */
export type NotificationPayload = {
  orderId?: number;
  restaurantId?: number | null;
  stage?: string;
  jobId?: number;
  /** order_delivered: left at the door, with the courier's photo (GET /api/orders/{id}/dropoff-photo, lib/shared/delivery/dropoff.ts). */
  dropoffPhoto?: boolean;
  /** The courier's first name (a courier's progress: heading to the restaurant, picked up, arriving). */
  courierName?: string;
  reviewId?: number;
  rating?: number;
  amount?: number;
  /** `amount`'s ISO 4217 code (a payout's: its account's currency); USD without. */
  currency?: string;
  /** Free text a caller adds (the ledger's payout: its period; an account change: the operator's reason). */
  note?: string;
  /** courier_account_update, stage "document": the document's notice. */
  document?: DocumentNotice;
  /** A restaurant's name (an account change told to its owner). */
  restaurantName?: string;
  /** A commission rate in percent (owner_account_update, stage "commission"). */
  percent?: number;
  summary?: DailySummary;
  /** order_running_late: the end of the window that passed (ISO), the restaurant's zone it is told in, and whether it is a pickup. */
  dueBy?: string;
  timeZone?: string;
  pickup?: boolean;
  /** password_reset: the link's token (gift_card: the card's code), sealed with the server's secret (accounts/password-reset.ts); blanked once the link is used. */
  sealedToken?: string;
  /** email_verification, email_changed, team_invitation and gift_card: the address the mail goes to (a new address being confirmed; the old one told of the change). */
  toEmail?: string;
  /** email_changed: the account's new address. */
  newEmail?: string;
  /** owner_webhook_disabled: the endpoint's URL. */
  url?: string;
};

/** A notification in the API's answers (GET /api/notifications). */
export type NotificationJson = {
  id: number;
  kind: string;
  title: string;
  href: string;
  createdAt: string;
  read: boolean;
  payload: NotificationPayload;
};
