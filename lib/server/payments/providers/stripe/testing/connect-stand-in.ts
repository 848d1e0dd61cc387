import "server-only";
import { StripeAnswer, StripeStandIn, id, invalid, missing, now, type Json, type Params } from "./stand-in";

// Tests only: the Stripe stand-in (testing/stand-in.ts) with the Connect endpoints the Stripe
// provider's payout side calls (connect.ts): Custom accounts with a bank account, their
// verification, transfers from the platform, payouts on the connected account (the Stripe-Account
// header), payout lists, and the platform's balance transactions (reconciliation). Checked as the
// card endpoints are. Hosted onboarding: an account made without details (details_submitted
// false, requirements currently due), its Account Links (single-use URLs on the stand-in), and
// what the payee does on Stripe's page (onboard: verified, more information due, or rejected),
// each an account.updated event. Stripe's documented test bank numbers: routing 110000000; account
// 000123456789 pays, 000111111116 fails (no_account), 000111111113 fails (account_closed).

const ROUTING = "110000000";
const FAILING: Record<string, string> = { "000111111116": "no_account", "000111111113": "account_closed" };

const CONNECT_ALLOWED: Record<string, string[]> = {
  "POST /v1/accounts": ["type", "country", "business_type", "capabilities", "external_account", "settings", "metadata", "email", "tos_acceptance"],
  "POST /v1/accounts/:id": ["external_account", "metadata"],
  "GET /v1/accounts/:id": ["expand"],
  "GET /v1/accounts": ["limit", "starting_after"],
  "POST /v1/transfers": ["amount", "currency", "destination", "transfer_group", "metadata"],
  "POST /v1/payouts": ["amount", "currency", "metadata"],
  "GET /v1/payouts/:id": ["expand"],
  "GET /v1/payouts": ["created", "limit", "starting_after"],
  "GET /v1/balance_transactions": ["created", "limit", "starting_after", "expand"],
  "POST /v1/account_links": ["account", "type", "refresh_url", "return_url", "collect", "collection_options"],
};

/** What Stripe asks of a new individual Custom account in the US before it can be paid out (requirements.currently_due). */
export const ONBOARDING_DUE = ["business_profile.url", "external_account", "individual.dob.day", "individual.first_name", "individual.id_number", "tos_acceptance.date"];

/** What the payee does on Stripe's hosted onboarding page. */
export type OnboardingOutcome = "verify" | "more_info" | "reject";

const list = (data: Json[], url: string): Json => ({ object: "list", data, has_more: false, url });

export class StripeConnectStandIn extends StripeStandIn {
  private readonly accounts = new Map<string, Json>();
  private readonly payouts = new Map<string, Json>();
  private readonly balances = new Map<string, number>();
  private readonly payoutOwner = new Map<string, string>();
  /** What the platform sent each connected account (transfers). */
  readonly transfers: Json[] = [];
  /** The Account Links made: their URL, account, return and refresh URLs. */
  readonly accountLinks: Json[] = [];

  protected allowedParams(route: string): string[] | undefined {
    return CONNECT_ALLOWED[route] ?? super.allowedParams(route);
  }

  /** Stripe finishes verifying the account: payouts enabled, or rejected (disabled_reason rejected.other). */
  verifyAccount(accountId: string, passed: boolean): void {
    const account = this.accounts.get(accountId)!;
    Object.assign(account, {
      payouts_enabled: passed,
      capabilities: { transfers: passed ? "active" : "inactive" },
      requirements: { currently_due: [], eventually_due: [], past_due: [], pending_verification: [], disabled_reason: passed ? null : "rejected.other" },
    });
    this.event("account.updated", account, accountId);
  }

  /**
   * The payee on Stripe's onboarding page (the link's URL): details given and verified (payouts
   * enabled, the test bank 000123456789 attached), given but Stripe needs more (the id number past
   * due: requirements.past_due), or rejected (rejected.fraud). Each an account.updated event.
   */
  onboard(url: string, outcome: OnboardingOutcome): Json {
    const link = this.accountLinks.find((one) => one.url === url);
    if (!link || link.used) throw new Error(`no open account link ${url}`);
    link.used = true;
    const accountId = String(link.account);
    const account = this.accounts.get(accountId)!;
    const bank = this.bank(accountId, {
      external_account: {
        object: "bank_account",
        country: "US",
        currency: "usd",
        routing_number: ROUTING,
        account_number: "000123456789",
        account_holder_name: "Jenny Rosen",
      },
    });
    const due = outcome === "more_info" ? ["individual.id_number", "individual.verification.document"] : [];
    const reason = outcome === "verify" ? null : outcome === "more_info" ? "requirements.past_due" : "rejected.fraud";
    Object.assign(account, {
      details_submitted: true,
      charges_enabled: false,
      payouts_enabled: outcome === "verify",
      capabilities: { transfers: outcome === "verify" ? "active" : "inactive" },
      external_accounts: list([bank], `/v1/accounts/${accountId}/external_accounts`),
      requirements: { currently_due: due, eventually_due: due, past_due: due, pending_verification: [], disabled_reason: reason },
    });
    this.event("account.updated", account, accountId);
    return { return_url: link.return_url };
  }

  /** The bank's answer to a payout: paid, or failed with the code its test account number gives. */
  settlePayout(accountId: string, payoutId: string): void {
    const payout = this.payouts.get(payoutId)!;
    const bank = ((this.accounts.get(accountId)!.external_accounts as Json).data as Json[])[0]!;
    const failure = FAILING[String(bank.account_number_for_tests)];
    Object.assign(payout, failure ? { status: "failed", failure_code: failure, failure_message: "The bank account could not be paid." } : { status: "paid" });
    this.event(failure ? "payout.failed" : "payout.paid", payout, accountId);
  }

  account(accountId: string): Json | undefined {
    return this.accounts.get(accountId);
  }

  private bank(accountId: string, p: Params): Json {
    const bank = p.external_account as Params | undefined;
    if (!bank || bank.object !== "bank_account" || bank.country !== "US" || bank.currency !== "usd")
      throw invalid("external_account must be a US bank account in usd", { param: "external_account" });
    if (bank.routing_number !== ROUTING) throw invalid("Invalid routing number", { code: "routing_number_invalid", param: "external_account[routing_number]" });
    const number = String(bank.account_number ?? "");
    if (!/^\d{4,17}$/.test(number)) throw invalid("Invalid account number", { code: "account_number_invalid", param: "external_account[account_number]" });
    // The number itself stays at the stand-in, as at Stripe (the field below is the stand-in's own, never in an answer Nosh reads).
    return {
      id: id("ba"),
      object: "bank_account",
      account: accountId,
      account_holder_name: bank.account_holder_name ?? null,
      account_holder_type: bank.account_holder_type ?? null,
      bank_name: "STRIPE TEST BANK",
      country: "US",
      currency: "usd",
      last4: number.slice(-4),
      routing_number: ROUTING,
      status: "new",
      default_for_currency: true,
      account_number_for_tests: number,
    };
  }

  private connected(accountId: string): Json {
    const account = this.accounts.get(accountId);
    if (!account) throw new StripeAnswer(403, { error: { type: "invalid_request_error", message: `The provided key does not have access to account '${accountId}'` } });
    return account;
  }

  /** Answers as Stripe does: the stand-in's own test field left out. */
  private accountView(account: Json): Json {
    const copy = structuredClone(account);
    for (const bank of (copy.external_accounts as Json).data as Json[]) delete bank.account_number_for_tests;
    return copy;
  }

  protected route(route: string, pathId: string, p: Params, account: string | null): Json {
    const created = Number((p.created as Params | undefined)?.gte ?? 0);
    switch (route) {
      case "POST /v1/accounts": {
        if (p.type !== "custom" || p.country !== "US") throw invalid("Nosh makes Custom accounts in the US", { param: "type" });
        if (!p.external_account) return this.onboardingAccount(p);
        if ((p.capabilities as Params | undefined)?.transfers && ((p.capabilities as Params).transfers as Params).requested !== "true")
          throw invalid("capabilities[transfers][requested] must be true", { param: "capabilities" });
        const accountId = id("acct");
        const fresh = {
          id: accountId,
          object: "account",
          type: "custom",
          country: "US",
          business_type: p.business_type ?? null,
          capabilities: { transfers: "pending" },
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: true,
          requirements: {
            currently_due: [],
            eventually_due: [],
            past_due: [],
            pending_verification: ["individual.verification.document"],
            disabled_reason: "requirements.pending_verification",
          },
          external_accounts: list([this.bank(accountId, p)], `/v1/accounts/${accountId}/external_accounts`),
          settings: { payouts: { schedule: { interval: ((p.settings as Params | undefined)?.payouts as Params | undefined)?.schedule ? "manual" : "daily" } } },
          metadata: p.metadata ?? {},
          created: now(),
        };
        this.accounts.set(accountId, fresh);
        return this.accountView(fresh);
      }
      case "GET /v1/accounts/:id":
        return this.accountView(this.connected(pathId));
      case "POST /v1/account_links": {
        this.connected(String(p.account));
        if (p.type !== "account_onboarding") throw invalid("Nosh asks for onboarding links", { param: "type" });
        for (const param of ["refresh_url", "return_url"])
          if (!/^https?:\/\//.test(String(p[param] ?? ""))) throw invalid(`Invalid URL: ${param} must be an absolute URL`, { param });
        const link = {
          object: "account_link",
          url: `https://connect.stripe.com/setup/c/${String(p.account)}/${id("link")}`,
          created: now(),
          expires_at: now() + 300,
        };
        this.accountLinks.push({ ...link, account: p.account, return_url: p.return_url, refresh_url: p.refresh_url, used: false });
        return link;
      }
      case "POST /v1/accounts/:id": {
        const connected = this.connected(pathId);
        if (p.external_account) connected.external_accounts = list([this.bank(pathId, p)], `/v1/accounts/${pathId}/external_accounts`);
        return this.accountView(connected);
      }
      case "GET /v1/accounts":
        return list(
          [...this.accounts.values()].map((one) => this.accountView(one)),
          "/v1/accounts",
        );
      case "POST /v1/transfers": {
        const destination = this.connected(String(p.destination));
        if ((destination.capabilities as Json).transfers !== "active")
          throw invalid("Your destination account needs to have at least one of the following capabilities enabled: transfers", {
            code: "insufficient_capabilities_for_transfer",
          });
        const amount = Number(p.amount);
        if (!/^\d+$/.test(String(p.amount)) || amount <= 0 || !/^[a-z]{3}$/.test(String(p.currency))) throw invalid("Invalid amount or currency", { param: "amount" });
        const transfer = {
          id: id("tr"),
          object: "transfer",
          amount,
          currency: p.currency,
          destination: destination.id,
          transfer_group: p.transfer_group ?? null,
          metadata: p.metadata ?? {},
          created: now(),
        };
        this.balances.set(String(destination.id), (this.balances.get(String(destination.id)) ?? 0) + amount);
        this.transfers.push(transfer);
        return transfer;
      }
      case "POST /v1/payouts": {
        if (!account) throw invalid("Nosh pays out from the connected account: the Stripe-Account header");
        const connected = this.connected(account);
        const amount = Number(p.amount);
        if (!connected.payouts_enabled) throw invalid("Payouts are not enabled for this account", { code: "payouts_not_allowed" });
        if (amount > (this.balances.get(account) ?? 0))
          throw invalid("You have insufficient funds in your Stripe account for this transfer.", { code: "balance_insufficient" });
        this.balances.set(account, (this.balances.get(account) ?? 0) - amount);
        const bank = ((connected.external_accounts as Json).data as Json[])[0]!;
        const payout = {
          id: id("po"),
          object: "payout",
          amount,
          currency: p.currency ?? "usd",
          status: "pending",
          failure_code: null,
          destination: bank.id,
          method: "standard",
          type: "bank_account",
          metadata: p.metadata ?? {},
          created: now(),
        };
        this.payouts.set(payout.id, payout);
        this.payoutOwner.set(payout.id, account);
        return payout;
      }
      case "GET /v1/payouts/:id": {
        const payout = this.payouts.get(pathId);
        if (!payout || !account || !this.ofAccount(account, payout)) throw missing("payout", pathId);
        return payout;
      }
      case "GET /v1/payouts":
        if (!account) throw invalid("Nosh lists a connected account's payouts: the Stripe-Account header");
        return list(
          [...this.payouts.values()].filter((payout) => this.ofAccount(account, payout) && Number(payout.created) >= created),
          "/v1/payouts",
        );
      case "GET /v1/balance_transactions": {
        const expand = Object.values((p.expand as Params | undefined) ?? {});
        const source = (object: Json) => (expand.includes("data.source") ? object : object.id);
        const captures = [...this.charges.values()]
          .filter((charge) => charge.captured)
          .map((charge) => ({
            id: id("txn"),
            object: "balance_transaction",
            type: "charge",
            amount: charge.amount_captured,
            created: charge.created,
            source: source(charge),
          }));
        const refunds = this.refunds.map((refund) => ({
          id: id("txn"),
          object: "balance_transaction",
          type: "refund",
          amount: -Number(refund.amount),
          created: refund.created,
          source: source(expand.includes("data.source.charge") ? { ...refund, charge: this.charges.get(String(refund.charge)) } : refund),
        }));
        return list(
          [...captures, ...refunds].filter((transaction) => Number(transaction.created) >= created),
          "/v1/balance_transactions",
        );
      }
    }
    return super.route(route, pathId, p, account);
  }

  /** A Custom account for hosted onboarding: nothing submitted, Stripe's list of what is due, payouts off. */
  private onboardingAccount(p: Params): Json {
    const accountId = id("acct");
    const fresh = {
      id: accountId,
      object: "account",
      type: "custom",
      country: "US",
      business_type: null,
      capabilities: { transfers: "inactive" },
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      requirements: {
        currently_due: ONBOARDING_DUE,
        eventually_due: ONBOARDING_DUE,
        past_due: ONBOARDING_DUE,
        pending_verification: [],
        disabled_reason: "requirements.past_due",
      },
      external_accounts: list([], `/v1/accounts/${accountId}/external_accounts`),
      settings: { payouts: { schedule: { interval: "manual" } } },
      metadata: p.metadata ?? {},
      created: now(),
    };
    this.accounts.set(accountId, fresh);
    return this.accountView(fresh);
  }

  private ofAccount(accountId: string, payout: Json): boolean {
    return this.payoutOwner.get(String(payout.id)) === accountId;
  }
}
