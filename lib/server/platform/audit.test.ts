import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "./testing/db";
import { inEnglish } from "@/lib/contract/testing/in-english";

// The operator's foundations (docs/architecture/operator.md), on a real database: the audit log is
// append-only in the database itself (an UPDATE or DELETE fails, whoever runs it), `npm run
// operator`'s grant makes an account an operator with an audit row in the same transaction, and it
// refuses guests and unknown emails; a non-operator is refused by asOperator.

setUpTestDatabase();
const { db } = await import("./db");
const { recordAudit } = await import("./audit");
const { asOperator, NOT_AN_OPERATOR } = await import("./operator");
const { setOperator } = await import("@/prisma/operator");

describe("the audit log", () => {
  it("keeps who did what, to what and why, and can never be edited or deleted", async () => {
    const nia = await db.user.create({ data: { firstName: "Nia", operator: true } });
    await db.$transaction((tx) =>
      recordAudit(tx, nia, { action: "restaurant.suspend", targetType: "restaurant", targetId: 7, reason: "Serves nobody", detail: { was: "open" } }),
    );
    const row = await db.auditLog.findFirstOrThrow({ where: { operatorId: nia.id } });
    expect(row).toMatchObject({ action: "restaurant.suspend", targetType: "restaurant", targetId: 7, reason: "Serves nobody", detail: '{"was":"open"}' });
    await expect(db.auditLog.update({ where: { id: row.id }, data: { reason: "nothing happened" } })).rejects.toThrow();
    await expect(db.auditLog.delete({ where: { id: row.id } })).rejects.toThrow();
    await expect(db.$executeRawUnsafe(`DELETE FROM "AuditLog"`)).rejects.toThrow();
    expect(await db.auditLog.findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);
  });
});

describe("npm run operator", () => {
  it("grants by email with an audit row, refuses guests and unknown emails, and asOperator refuses everyone else", async () => {
    const ada = await db.user.create({ data: { firstName: "Ada", email: "ada@example.com" } });
    expect(() => asOperator(ada)).toThrow(inEnglish(NOT_AN_OPERATOR));
    expect(await setOperator(db, "ADA@example.com ", true)).toEqual({ ok: true, message: "ada@example.com is now an operator" });
    const granted = await db.user.findUniqueOrThrow({ where: { id: ada.id } });
    expect(granted.operator).toBe(true);
    expect(asOperator(granted)).toEqual({ id: ada.id, firstName: "Ada" });
    expect(await db.auditLog.findFirst({ where: { targetType: "user", targetId: ada.id } })).toMatchObject({ operatorId: null, action: "operator.grant" });

    await db.user.create({ data: { firstName: "Guest", email: "guest@example.com", guestAccount: true } });
    expect((await setOperator(db, "guest@example.com", true)).ok).toBe(false);
    expect((await setOperator(db, "nobody@example.com", true)).ok).toBe(false);
    expect(await db.user.findMany({ where: { operator: true }, select: { firstName: true } })).toEqual([{ firstName: "Nia" }, { firstName: "Ada" }]);
  });
});
