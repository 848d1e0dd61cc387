import "server-only";
import { DEFAULT_CURRENCY, minorToMajor } from "@/lib/shared/money/currency";
import { formatCents } from "@/lib/shared/money/money";
import { isGiftCodeShape, normalizeGiftCode } from "@/lib/shared/money/gift-cards";
import { account, post } from "../ledger/post";
import { walletBalances } from "../ledger/wallet-parts";
import { conflict, fieldError, forbidden } from "../platform/errors";
import { sqlTransaction } from "../platform/sql";
import { giftCodeGuesses } from "../platform/throttle";
import type { SessionUser } from "../platform/session-user";
import { codeHash } from "./codes";
import { claimRedemption, stateOfCode } from "./queries";
import { said } from "@/lib/shared/words/said";

// Redeeming a gift card (docs/architecture/ledger.md "Gift cards"): the code's card taken by one
// conditional UPDATE (of any number of requests at once, one matches) and its amount moved from the
// gift-cards liability into the wallet's paid money in the same transaction (key
// giftcard:{id}:redeemed): account-bound, spent like a top-up. A code with no card counts as a try
// against the account and the address (platform/throttle.ts giftCodeGuesses: a 429 once used up); a
// used or voided card's code is a real code and says so, counting nothing.

export type RedeemedJson = { amount: number; currency: string; wallet: number; message: string };

const UNKNOWN = said("rules.giftCards.codeUnknown");

export async function redeemGiftCard(user: SessionUser, code: string, address: string, now = new Date()): Promise<RedeemedJson> {
  if (user.guestAccount) throw forbidden(said("rules.giftCards.guest"));
  await giftCodeGuesses.assertAllowed(user.id, address, "code", now);
  const normalized = normalizeGiftCode(code);
  const hash = codeHash(normalized);
  const outcome = isGiftCodeShape(normalized)
    ? await sqlTransaction(async (sql) => {
        const card = await claimRedemption(sql, hash, user.id, now);
        if (!card) return { refused: await stateOfCode(sql, hash) };
        await post(sql, {
          kind: "giftcard",
          walletKind: "giftcard",
          key: `giftcard:${card.id}:redeemed`,
          currency: card.currency,
          lines: [
            { account: account.giftCards, amountCents: -card.amountCents },
            { account: account.walletPaid(user.id), amountCents: card.amountCents },
          ],
          now,
        });
        return { card, wallet: (await walletBalances(sql, user.id, card.currency === DEFAULT_CURRENCY ? undefined : card.currency)).totalCents };
      })
    : { refused: null };
  if ("refused" in outcome) {
    const state = outcome.refused;
    if (state?.redeemedAt) throw conflict(said("rules.giftCards.codeUsed"), { code: said("rules.giftCards.codeUsed") });
    if (state?.voidedAt) throw conflict(said("rules.giftCards.codeVoided"), { code: said("rules.giftCards.codeVoided") });
    await giftCodeGuesses.failed(user.id, address, now);
    throw fieldError("code", UNKNOWN);
  }
  const { card, wallet } = outcome;
  return {
    amount: minorToMajor(card.amountCents, card.currency),
    currency: card.currency,
    wallet: minorToMajor(wallet, card.currency),
    message: said("done.giftCardRedeemed", { amount: formatCents(card.amountCents, { currency: card.currency }) }),
  };
}
