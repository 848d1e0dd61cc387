import "server-only";
import { ApiError } from "../platform/errors";
import { sqlTransaction, type Sql } from "../platform/sql";
import type { ProviderEvent } from "./providers/provider";
import { providerNamed } from "./providers/select";
import { claimWebhookEvent } from "./queries/sync-claims";
import { applyIntent } from "./state";
import { applyDispute } from "./disputes";
import { said, word } from "@/lib/shared/words/said";

// A provider's webhook (POST /api/payments/webhooks/{provider}, docs/architecture/payments.md):
// refused unless its signature is the provider's; then handled once, by its event id, in one
// transaction with what it changes (the WebhookEvent row and applyIntent's moves commit together),
// so a replay, or 20 of them at once, finds the row and changes nothing. Events carry the intent
// as it stood when sent, and applyIntent only moves a payment forward: any order of arrival ends
// in the same state.

export const INVALID_SIGNATURE = said("messages.webhookSignature");

/** What a payout or payout account event changes (lib/server/payouts/webhook.ts), in the event's transaction: passed in by the route, since payouts/ sits above payments/. */
export type OtherEventHandler = (sql: Sql, provider: string, event: ProviderEvent, now: Date) => Promise<unknown>;

export async function handleWebhook(
  providerName: string,
  rawBody: string,
  signature: string | null,
  now = new Date(),
  others?: OtherEventHandler,
): Promise<{ handled: boolean }> {
  let provider;
  try {
    provider = providerNamed(providerName);
  } catch {
    throw new ApiError("not_found", said("messages.notFound", { what: word("paymentProvider") }));
  }
  const event = provider.verifyWebhook(rawBody, signature, now);
  if (!event) throw new ApiError("bad_request", INVALID_SIGNATURE, { signature: INVALID_SIGNATURE });
  return sqlTransaction(async (sql) => {
    if (!(await claimWebhookEvent(sql, provider.name, event.id, event.type, now))) return { handled: false };
    if ("intent" in event) await applyIntent(sql, provider.name, event.intent, now);
    else if ("dispute" in event) await applyDispute(sql, provider.name, event.dispute, now);
    else await others?.(sql, provider.name, event, now);
    return { handled: true };
  });
}
