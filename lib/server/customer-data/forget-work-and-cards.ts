import "server-only";
import type { Tx } from "../platform/db";
import { account } from "../ledger/post";
import { paymentProvider } from "../payments/providers/select";

// What a closed account leaves of its saved cards, its courier payout account and its restaurant
// teams (docs/architecture/customer-data.md "What a closed account leaves"): deleteAccount's
// transaction calls forgetWorkAndCards, and detachCards after the commit.

export type CardToDetach = { provider: string; providerId: string };

/**
 * In the closing transaction: the saved cards (their provider ids returned, to detach after the
 * commit), the courier's payout account (holder, routing number, last four; its payouts stay in
 * the books under the ledger account's name), the restaurant teams the account belongs to, and
 * every invitation sent to its email address (its mail's row blanked).
 */
export async function forgetWorkAndCards(tx: Tx, user: { id: number; email: string | null }): Promise<CardToDetach[]> {
  const cards = await tx.paymentMethod.findMany({ where: { userId: user.id }, select: { provider: true, providerId: true } });
  await tx.paymentMethod.deleteMany({ where: { userId: user.id } });
  await tx.payoutAccount.deleteMany({ where: { account: account.courier(user.id) } });
  await tx.restaurantMember.deleteMany({ where: { userId: user.id } });
  // Invitations are kept by the address they went to (lower case, lib/contract/team/rules.ts).
  const email = user.email?.toLowerCase();
  if (email) {
    const invitations = await tx.restaurantInvitation.findMany({ where: { email }, select: { id: true } });
    if (invitations.length) {
      // The owner's outbox rows of those mails lose the address and the link, as a withdrawn invitation's do.
      await tx.notification.updateMany({
        where: { kind: "team_invitation", cause: { in: invitations.map((row) => `team-invitation:${row.id}`) } },
        data: { payload: "{}" },
      });
      await tx.restaurantInvitation.deleteMany({ where: { id: { in: invitations.map((row) => row.id) } } });
    }
  }
  return cards;
}

/** After the commit: each card detached at the provider that holds it (a card of another provider than today's is left to it). */
export async function detachCards(cards: CardToDetach[]): Promise<void> {
  const provider = paymentProvider();
  for (const card of cards) if (card.provider === provider.name) await provider.detachCard(card.providerId);
}
