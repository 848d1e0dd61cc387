import "server-only";
import { ApiError } from "../platform/errors";
import type { Sql } from "../platform/sql";
import { inCurrency, logicalAccount } from "./currency";
import { accountBalance, creditAccount, creditAccounts, debitAccount, insertEntry, insertLines, insertWalletTransaction } from "./queries/entries";
import { said } from "@/lib/shared/words/said";

// The one writer of money (docs/architecture/ledger.md): every movement is one LedgerEntry whose
// LedgerLines sum to zero, written by post() in the caller's transaction together with the
// balance of every account it touches: LedgerAccount.balanceCents, a wallet's ("wallet:{userId}")
// like every other's. A wallet's line is also written to WalletTransaction, the wallet's statement
// in the entry's currency with that currency's balance after. No account but "external", "promotions" (the marketing cost of
// promotional credit) and a courier's cash ("courier-cash", owed to Nosh) goes below zero, but a restaurant's or courier's that an entry names in
// `overdraw` (a refund clawed back from a party already paid out, ledger/refund.ts): a debit is a
// conditional UPDATE ... RETURNING on the account's row (its primary key), and the table's CHECK
// says so too. An entry is in one currency (its order's or payout's, else `currency`, else USD):
// its lines name accounts as for USD and post() places them in it (currency.ts).

export type AccountKind =
  "wallet" | "wallet-paid" | "restaurant" | "courier" | "platform" | "promotions" | "clearing" | "external" | "tax" | "card-refunds" | "gift-cards" | "courier-cash";
export type EntryKind =
  "payment" | "refund" | "settlement" | "payout" | "topup" | "deduct" | "signup" | "earning" | "opening" | "closing" | "dispute" | "wait" | "giftcard";
/** WalletTransaction.kind: what a wallet's statement calls the row. */
export type WalletKind = "signup" | "topup" | "payment" | "refund" | "deduct" | "earning" | "giftcard";

export const account = {
  /** A wallet's promotional credit (the signup credit, the demo's "Add Funds"): spendable, never paid out. */
  wallet: (userId: number) => `wallet:${userId}`,
  /** A wallet's paid money: card top-ups through the provider, spent after the credit. */
  walletPaid: (userId: number) => `wallet-paid:${userId}`,
  restaurant: (restaurantId: number) => `restaurant:${restaurantId}`,
  courier: (userId: number) => `courier:${userId}`,
  platform: "platform",
  promotions: "promotions",
  clearing: "clearing",
  external: "external",
  /** Tax payable: the sales tax collected on orders, owed to the states; never the platform's revenue. */
  tax: "tax",
  /** Refunds owed to cards the provider has not confirmed yet: credited by a card refund, moved to external by the provider's confirmation (payments/state.ts). */
  cardRefunds: "card-refunds",
  /** Gift cards sold and not yet redeemed or voided, owed to whoever holds their codes (lib/server/gift-cards/): a liability, never below zero. */
  giftCards: "gift-cards",
  /** Cash a courier collected at the door and has not handed over (lib/server/cash/): owed to Nosh, so at or below zero, never above. */
  courierCash: (userId: number) => `courier-cash:${userId}`,
} as const;

/** The two accounts of a user's wallet: the balance the customer sees is their sum. */
export const walletAccounts = (userId: number): [string, string] => [account.walletPaid(userId), account.wallet(userId)];
const isWallet = (kind: AccountKind) => kind === "wallet" || kind === "wallet-paid";

export const kindOf = (id: string): AccountKind => id.split(":")[0] as AccountKind;

export type Line = { account: string; amountCents: number };

export type Entry = {
  kind: EntryKind;
  lines: readonly Line[];
  /** Idempotency: an entry with this key already written means this one is not (post returns null). */
  key?: string | null;
  orderId?: number | null;
  payoutId?: number | null;
  /** The entry's currency when neither its order nor its payout says (ledger/currency.ts): a top-up's, a payout request's. */
  currency?: string | null;
  /** The wallet statement's kind for a wallet line (default: the entry's kind). */
  walletKind?: WalletKind;
  /** The 400 when a wallet is short; other accounts short are a 409 with `shortMessage`. */
  insufficientMessage?: string;
  shortMessage?: string;
  /** Restaurant or courier accounts this entry may take below zero (a claw-back: docs/architecture/ledger.md "Holds and claw-backs"). */
  overdraw?: readonly string[];
  /**
   * What a debited account must still hold after this entry (a payout keeps the earnings held back:
   * pending and promotional), checked in the same conditional UPDATE, so a refund committed since
   * the amount was worked out makes it the 409, never a payout of held money.
   */
  keep?: Readonly<Record<string, number>>;
  now?: Date;
};

/** The accounts whose balance may be below zero: the outside world, the marketing cost and a courier's cash always, a restaurant's or courier's when a claw-back names it. */
export const MAY_GO_NEGATIVE: readonly AccountKind[] = ["external", "promotions", "courier-cash"];
export const MAY_BE_OVERDRAWN: readonly AccountKind[] = ["restaurant", "courier"];

/** `balances`: each account's after the entry, keyed by the name the entry's lines gave it. */
export type Posted = { entryId: number; currency: string; balances: Map<string, number> };

/** Lines with the same account added up, zero lines dropped, in account order (every transaction locks accounts in one order: no deadlock between two posts on PostgreSQL). */
export function normalise(lines: readonly Line[]): Line[] {
  const sums = new Map<string, number>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountCents)) throw new Error(`ledger line ${line.account}: ${line.amountCents} is not a whole number of cents`);
    sums.set(line.account, (sums.get(line.account) ?? 0) + line.amountCents);
  }
  return [...sums]
    .filter(([, cents]) => cents !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([account, amountCents]) => ({ account, amountCents }));
}

/**
 * Writes one balanced entry and moves every balance it touches, in the caller's transaction.
 * Throws (nothing written: the caller's transaction rolls back) when the lines do not sum to zero,
 * or an account but external would go below zero: 400 `insufficientMessage` for a wallet, 409
 * `shortMessage` for the others. Returns null, moving nothing, when `key` was already posted.
 */
export async function post(sql: Sql, entry: Entry): Promise<Posted | null> {
  const lines = normalise(entry.lines);
  const sum = lines.reduce((total, line) => total + line.amountCents, 0);
  if (sum !== 0) throw new Error(`ledger entry ${entry.kind} does not balance: its lines sum to ${sum}`);
  if (!lines.length) return null;
  const now = entry.now ?? new Date();
  const key = entry.key ?? null;
  const inserted = await insertEntry(sql, {
    kind: entry.kind,
    key,
    orderId: entry.orderId ?? null,
    payoutId: entry.payoutId ?? null,
    createdAt: now,
    currency: entry.currency ?? null,
  });
  if (inserted === null) return null;
  const { id: entryId, currency } = inserted;
  // In the entry's currency, in that currency's account order (the same for USD: no name changes).
  const placed = normalise(lines.map((line) => ({ account: inCurrency(line.account, currency), amountCents: line.amountCents })));
  const balances = new Map<string, number>();
  // In account order; a run of plain credits (no condition, no statement row) is one statement.
  for (let i = 0; i < placed.length;) {
    let end = i;
    while (end < placed.length && plainCredit(entry, placed[end]!)) end++;
    if (end - i > 1) {
      const run = placed.slice(i, end);
      const after = await creditAccounts(
        sql,
        run.map((line) => ({ id: line.account, kind: kindOf(line.account), amountCents: line.amountCents })),
        now,
        currency,
      );
      for (const line of run) balances.set(logicalAccount(line.account), after.get(line.account)!);
      i = end;
      continue;
    }
    const line = placed[i++]!;
    balances.set(logicalAccount(line.account), await move(sql, entry, entryId, line, now, currency));
  }
  await insertLines(sql, entryId, placed);
  return { entryId, currency, balances };
}

/** Whether the line may move its account unconditionally: a credit (or a debit allowed below zero) of an account that is not a wallet (no statement row). */
function plainCredit(entry: Entry, line: Line): boolean {
  const kind = kindOf(line.account);
  return !isWallet(kind) && (line.amountCents > 0 || unconditional(entry, line, kind));
}

/** The accounts moved with no condition: the outside world's and the marketing cost always, a restaurant's or courier's when the entry may overdraw it. */
function unconditional(entry: Entry, line: Line, kind: AccountKind): boolean {
  const named = logicalAccount(line.account);
  return MAY_GO_NEGATIVE.includes(kind) || (MAY_BE_OVERDRAWN.includes(kind) && (entry.overdraw?.some((id) => logicalAccount(id) === named) ?? false));
}

/** One account's balance moved by one line (a conditional update for a debit), and for a wallet its statement row. Returns the balance after. */
async function move(sql: Sql, entry: Entry, entryId: number, line: Line, now: Date, currency: string): Promise<number> {
  const kind = kindOf(line.account);
  const named = logicalAccount(line.account);
  let balance: number;
  if (line.amountCents < 0 && !unconditional(entry, line, kind)) {
    // One statement (UPDATE ... RETURNING): the condition and the new balance come together, so a
    // wallet's statement row cannot record a balance another transaction's move has already changed.
    const after = await debitAccount(sql, line.account, line.amountCents, -line.amountCents + Math.max(0, entry.keep?.[named] ?? entry.keep?.[line.account] ?? 0), now);
    if (after === null) {
      if (isWallet(kind)) throw new ApiError("bad_request", entry.insufficientMessage ?? said("messages.insufficientFunds"));
      throw new ApiError("conflict", entry.shortMessage ?? `The ${kind} account holds less than ${-line.amountCents} cents`);
    }
    balance = after;
  } else {
    // A credit (or a debit that may go below zero): the account is created by its first line.
    balance = await creditAccount(sql, line.account, kind, line.amountCents, now, currency);
  }
  // The wallet's statement (WalletTransaction), one row per wallet line in the entry's currency (docs/architecture/ledger.md "Currencies").
  if (isWallet(kind)) {
    // The statement's balance after is the wallet's whole balance in that currency: both its accounts (paid and promotional).
    const userId = Number(named.slice(named.indexOf(":") + 1));
    const other = inCurrency(kind === "wallet" ? account.walletPaid(userId) : account.wallet(userId), currency);
    await insertWalletTransaction(sql, {
      userId,
      kind: entry.walletKind ?? entry.kind,
      amountCents: line.amountCents,
      balance,
      other,
      orderId: entry.orderId ?? null,
      createdAt: now,
      entryId,
      currency,
    });
  }
  return balance;
}

/** An account's balance in `currency` (ledger/currency.ts; USD by default); 0 for an account with no lines yet (a wallet before its first credit). */
export async function balanceOf(sql: Sql, id: string, currency?: string): Promise<number> {
  return accountBalance(sql, inCurrency(id, currency));
}
