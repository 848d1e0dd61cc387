import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../platform/testing/db";

// Resolving a reconciliation difference (docs/architecture/payouts.md "Reconciliation") on a real
// database: an operator's note resolves it once however many operators press at once (the others
// a 409), the row and the audit log keep who, when and the note, it leaves the open list for the
// resolved one, and the hourly pass does not raise it again.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  reconcile: await import("./reconcile"),
  issues: await import("./reconciliation-issues"),
};

describe("resolving a reconciliation difference", () => {
  it("once, audited, out of the open list; a second resolve is a 409, an unknown one a 404", async () => {
    const [nia, omar] = await Promise.all([
      m.db.user.create({ data: { firstName: "Nia", operator: true } }),
      m.db.user.create({ data: { firstName: "Omar", operator: true } }),
    ]);
    const difference = { kind: "capture" as const, objectId: "pi_resolve_me", providerCents: 1_250, ledgerCents: 0 };
    expect(await m.reconcile.raiseDifferences([difference, { ...difference, objectId: "pi_still_open" }])).toBe(2);
    const [stillOpen, issue] = await m.issues.listReconciliationIssues("open");
    expect(issue).toMatchObject({ objectId: "pi_resolve_me", provider: 12.5, ledger: 0, resolution: null });

    const note = "Captured by hand at the provider's dashboard; refunded there.";
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => m.issues.resolveReconciliationIssue(i % 2 ? omar : nia, issue!.id, note)));
    const done = results.filter((result) => result.status === "fulfilled");
    expect(done).toHaveLength(1);
    expect(results.filter((result) => result.status === "rejected").map((result) => (result as PromiseRejectedResult).reason)).toEqual(
      Array.from({ length: 9 }, () => expect.objectContaining({ status: 409, message: "This difference is already resolved" })),
    );
    const resolved = (done[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof m.issues.resolveReconciliationIssue>>>).value;
    const by = resolved.resolution!.by!;
    expect([nia.id, omar.id]).toContain(by.id);
    expect(resolved.resolution).toMatchObject({ note, by: { firstName: by.id === nia.id ? "Nia" : "Omar" } });

    const audit = await m.db.auditLog.findMany({ where: { targetType: "reconciliation", targetId: issue!.id } });
    expect(audit).toEqual([expect.objectContaining({ operatorId: by.id, action: "reconciliation.resolve", reason: note })]);
    expect(JSON.parse(audit[0]!.detail!)).toEqual({ kind: "capture", objectId: "pi_resolve_me", providerCents: 1_250, ledgerCents: 0 });

    expect((await m.issues.listReconciliationIssues("open")).map((row) => row.id)).toEqual([stillOpen!.id]);
    expect(await m.issues.listReconciliationIssues("resolved")).toEqual([expect.objectContaining({ id: issue!.id, resolution: expect.objectContaining({ note }) })]);
    // The same difference found again is not raised again.
    expect(await m.reconcile.raiseDifferences([difference])).toBe(0);
    await expect(m.issues.resolveReconciliationIssue(nia, issue!.id, "again")).rejects.toMatchObject({ status: 409 });
    await expect(m.issues.resolveReconciliationIssue(nia, 999_999, note)).rejects.toMatchObject({ status: 404 });
  });
});
