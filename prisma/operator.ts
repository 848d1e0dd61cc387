import type { PrismaClient } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/server/platform/audit";

/**
 * Makes the account with this email an operator (or no longer one), recording it in the audit log
 * in the same transaction. Guests and unknown emails are refused. Used by `npm run operator`.
 */
export async function setOperator(db: PrismaClient, email: string, grant: boolean): Promise<{ ok: boolean; message: string }> {
  email = email.trim().toLowerCase();
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email }, select: { id: true, guestAccount: true, operator: true } });
    if (!user || user.guestAccount) return { ok: false, message: `No account with the email ${email}: sign up first, then run this again` };
    if (user.operator === grant) return { ok: true, message: `${email} is ${grant ? "already" : "not"} an operator` };
    await tx.user.update({ where: { id: user.id }, data: { operator: grant } });
    await recordAudit(tx, null, {
      action: grant ? "operator.grant" : "operator.revoke",
      targetType: "user",
      targetId: user.id,
      reason: "npm run operator (command line)",
    });
    return { ok: true, message: `${email} ${grant ? "is now" : "is no longer"} an operator` };
  });
}
