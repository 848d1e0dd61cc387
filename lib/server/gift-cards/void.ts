import "server-only";
import { minorToMajor } from "@/lib/shared/money/currency";
import { account, post } from "../ledger/post";
import { recordAudit } from "../platform/audit";
import { db } from "../platform/db";
import { conflict, notFound } from "../platform/errors";
import type { Operator } from "../platform/operator";
import { sqlOf } from "../platform/sql";
import { claimVoid, listCards } from "./queries";
import { giftCardJson, type GiftCardJson } from "./read";
import { said, word } from "@/lib/shared/words/said";

// An operator voids a gift card whose charge the buyer's bank disputed (docs/architecture/ledger.md
// "Gift cards"): only while it is unredeemed, with a reason (audited). Its amount leaves the
// gift-cards liability for external (the bank took the money back), key giftcard:{id}:voided, in
// the transaction of the conditional UPDATE that voids it: once, however many presses. A card whose
// charge is not disputed is a 409: its money was paid and is still owed to whoever holds the code.

export async function voidGiftCard(operator: Operator, id: number, reason: string, now = new Date()): Promise<GiftCardJson> {
  return db.$transaction(async (tx) => {
    const sql = sqlOf(tx);
    const [card] = await listCards(sql, { limit: 1, offset: 0 }, undefined, id);
    if (!card) throw notFound(word("giftCard"));
    if (card.redeemedAt) throw conflict(said("rules.giftCards.voidRedeemed"));
    if (card.voidedAt) throw conflict(said("rules.giftCards.voidVoided"));
    if (!card.disputed) throw conflict(said("rules.giftCards.voidUndisputed"), { reason: said("rules.giftCards.voidUndisputed") });
    const claimed = await claimVoid(sql, id, operator.id, reason, now);
    if (!claimed) throw conflict(said("rules.giftCards.voidRedeemed"));
    await post(sql, {
      kind: "giftcard",
      key: `giftcard:${id}:voided`,
      currency: claimed.currency,
      lines: [
        { account: account.giftCards, amountCents: -claimed.amountCents },
        { account: account.external, amountCents: claimed.amountCents },
      ],
      now,
    });
    await recordAudit(tx, operator, {
      action: "gift-card.void",
      targetType: "gift-card",
      targetId: id,
      reason,
      detail: { amount: minorToMajor(claimed.amountCents, claimed.currency), currency: claimed.currency },
    });
    const [after] = await listCards(sql, { limit: 1, offset: 0 }, undefined, id);
    return giftCardJson(after!, true);
  });
}
