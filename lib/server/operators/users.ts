import "server-only";
import { majorIn } from "@/lib/shared/money/currency";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { OperatorUsersQuery } from "@/lib/contract/operators/rules";
import type { Paging } from "@/lib/contract/restaurants/browse-rules";
import { centsToDollars } from "@/lib/shared/money/money";
import { minorToMajor } from "@/lib/shared/money/currency";
import { statusOf } from "@/lib/shared/orders/order-stages";
import { db } from "../platform/db";
import { conflict, forbidden, notFound } from "../platform/errors";
import { takeOperatorAction } from "../platform/action-limits";
import type { Operator } from "../platform/operator";
import { recordAudit } from "../platform/audit";
import { account } from "../ledger/post";
import { containsText, page, type Page } from "../platform/paging";
import { said } from "@/lib/shared/words/said";

// Users as the operator sees them (docs/architecture/operator.md "Users"): found by email or
// phone (or name), their orders and wallet ledger read only, and sign-in suspended or restored.
// Suspending bumps sessionVersion in the same transaction, so every session of theirs ends at
// once (getCurrentUser and the host's session check compare it), and logIn refuses them with
// the reason (accounts/users.ts).

export const OWN_ACCOUNT = said("messages.operatorOwnAccount");
export const OPERATOR_ACCOUNT = said("messages.operatorAccount");

/** Who a person is in the console's lists: the users' and the couriers' rows start from it. */
export const personSelect = { id: true, firstName: true, lastName: true, email: true, phoneNumber: true } as const satisfies Prisma.UserSelect;

const select = {
  ...personSelect,
  restaurantOwner: true,
  courierStatus: true,
  operator: true,
  guestAccount: true,
  suspendedAt: true,
  suspensionReason: true,
  createdAt: true,
} satisfies Prisma.UserSelect;
type Row = Prisma.UserGetPayload<{ select: typeof select }> & { walletCents: number };

/** The rows with their wallets' balances (the ledger accounts "wallet:{id}", one query by primary key; 0 before a first credit). */
async function withWallets<U extends { id: number }>(users: U[], client: Pick<typeof db, "ledgerAccount"> = db): Promise<(U & { walletCents: number })[]> {
  if (!users.length) return [];
  const ids = users.flatMap((u) => [account.wallet(u.id), account.walletPaid(u.id)]);
  const wallets = await client.ledgerAccount.findMany({ where: { id: { in: ids } }, select: { id: true, balanceCents: true } });
  const balances = new Map(wallets.map((wallet) => [wallet.id, wallet.balanceCents]));
  // The balance is the wallet's paid money and its credit together.
  return users.map((u) => ({ ...u, walletCents: (balances.get(account.wallet(u.id)) ?? 0) + (balances.get(account.walletPaid(u.id)) ?? 0) }));
}

export type OperatorUserJson = {
  id: number;
  name: string;
  email: string | null;
  phoneNumber: string | null;
  roles: string[];
  wallet: number;
  suspended: { at: string; reason: string } | null;
  createdAt: string;
};

const toJson = (u: Row): OperatorUserJson => ({
  id: u.id,
  name: [u.firstName, u.lastName].filter(Boolean).join(" "),
  email: u.email,
  phoneNumber: u.phoneNumber,
  roles: [u.guestAccount && "guest", u.restaurantOwner && "owner", u.courierStatus && `courier (${u.courierStatus})`, u.operator && "operator"].filter(
    (role): role is string => Boolean(role),
  ),
  wallet: centsToDollars(u.walletCents),
  suspended: u.suspendedAt ? { at: u.suspendedAt.toISOString(), reason: u.suspensionReason ?? "" } : null,
  createdAt: u.createdAt.toISOString(),
});

/** Users by email, phone number (digits) or name, newest first; one page. */
export async function listAdminUsers(_operator: Operator, query: OperatorUsersQuery): Promise<Page<OperatorUserJson>> {
  const q = query.q?.trim();
  const digits = q?.replace(/\D/g, "") ?? "";
  const where: Prisma.UserWhereInput = q
    ? {
        OR: [
          { email: containsText(q) },
          { firstName: containsText(q) },
          { lastName: containsText(q) },
          ...(digits.length >= 3 ? [{ phoneNumber: { contains: digits } }] : []),
          ...(/^\d{1,9}$/.test(q) ? [{ id: Number(q) }] : []),
        ],
      }
    : {};
  const rows = await db.user.findMany({ where, select, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: query.offset, take: query.limit + 1 });
  return page((await withWallets(rows)).map(toJson), query);
}

export type OperatorUserDetailJson = {
  user: OperatorUserJson;
  /** `total` in the order's `currency` (its market's). */
  orders: { id: number; restaurantName: string; stage: string | null; status: string; total: number; currency: string; createdAt: string }[];
  /** `amount` and `balanceAfter` (that currency's balance) in the row's `currency`. */
  walletTransactions: { id: number; kind: string; amount: number; balanceAfter: number; orderId: number | null; createdAt: string; currency: string }[];
};

/** One user, with a page (`limit`, `offset`) of their orders and of their wallet ledger, newest first: read only. */
export async function operatorUserDetail(_operator: Operator, id: number, paging: Paging): Promise<OperatorUserDetailJson> {
  const [user, orders, transactions] = await Promise.all([
    db.user.findUnique({ where: { id }, select }),
    db.order.findMany({
      where: { userId: id },
      select: { id: true, restaurantName: true, stage: true, totalCents: true, currency: true, createdAt: true },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: paging.offset,
      take: paging.limit,
    }),
    db.walletTransaction.findMany({ where: { userId: id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: paging.offset, take: paging.limit }),
  ]);
  if (!user) throw notFound(said("messages.userNotFound"));
  const [withBalance] = await withWallets([user]);
  return {
    user: toJson(withBalance!),
    orders: orders.map((o) => ({
      id: o.id,
      restaurantName: o.restaurantName,
      stage: o.stage,
      status: statusOf(o.stage),
      total: majorIn(o.currency)(o.totalCents),
      currency: o.currency,
      createdAt: o.createdAt.toISOString(),
    })),
    walletTransactions: transactions.map((t) => ({
      id: t.id,
      kind: t.kind,
      amount: minorToMajor(t.amountCents, t.currency),
      balanceAfter: minorToMajor(t.balanceAfterCents, t.currency),
      orderId: t.orderId,
      createdAt: t.createdAt.toISOString(),
      currency: t.currency,
    })),
  };
}

/** Suspend sign-in (every session ends at once) or restore it. */
export async function actOnUser(operator: Operator, id: number, input: { action: "suspend" | "restore"; reason: string }, now = new Date()): Promise<OperatorUserJson> {
  return db.$transaction(async (tx) => {
    await takeOperatorAction(tx, operator.id, now);
    if (id === operator.id) throw forbidden(OWN_ACCOUNT);
    const user = await tx.user.findUnique({ where: { id }, select });
    if (!user) throw notFound(said("messages.userNotFound"));
    const suspend = input.action === "suspend";
    if (suspend && user.operator) throw conflict(OPERATOR_ACCOUNT);
    if (suspend === Boolean(user.suspendedAt)) throw conflict(suspend ? "This account is already suspended" : "This account is not suspended");
    const { count } = await tx.user.updateMany({
      where: { id, suspendedAt: suspend ? null : { not: null } },
      data: suspend ? { suspendedAt: now, suspensionReason: input.reason, sessionVersion: { increment: 1 } } : { suspendedAt: null, suspensionReason: null },
    });
    if (!count) throw conflict(said("rules.handlers.accountChanged"));
    if (suspend) await tx.courierState.updateMany({ where: { userId: id }, data: { onShift: false, updatedAt: now } });
    await recordAudit(tx, operator, { action: suspend ? "user.suspend" : "user.restore", targetType: "user", targetId: id, reason: input.reason });
    // In the transaction (tx): a read on another connection would wait for this one's lock.
    const [updated] = await withWallets([await tx.user.findUniqueOrThrow({ where: { id }, select })], tx);
    return toJson(updated!);
  });
}
