import "server-only";
import type { Sql } from "../platform/sql";
import type { ProviderEvent } from "../payments/providers/provider";
import { applyAccountEvent } from "./accounts";
import { applyPayoutEvent } from "./lifecycle";

/** A provider's payout and payout account events (payout.paid, payout.failed, account.updated), in the webhook's transaction (payments/webhooks.ts handles it once by its id). */
export async function applyPayoutWebhook(sql: Sql, provider: string, event: ProviderEvent, now: Date): Promise<void> {
  if ("payout" in event) await applyPayoutEvent(sql, provider, event.payout, now);
  else if ("account" in event) await applyAccountEvent(sql, provider, event.account, now);
}
