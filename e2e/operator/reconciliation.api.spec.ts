import { expect, test } from "../fixtures";
import { signUpCustomer } from "../support/api";
import { plantReconciliationIssue, signUpOperator } from "../support/operator";

// Resolving a reconciliation difference over HTTP on the production build: an
// operator's note resolves it (who and when on the row, the audit log the same), a second resolve
// is a 409, a missing note a 400 naming `note`, and nobody else may (the matrix covers every caller).

test("an operator resolves a reconciliation difference with a note, once; audited", async ({ baseURL }) => {
  const nia = await signUpOperator(baseURL!);
  const id = await plantReconciliationIssue();
  const url = `/api/admin/reconciliation/${id}/resolve`;

  const empty = await nia.client.post(url, { note: "  " });
  expect(empty.status()).toBe(400);
  expect(Object.keys((await empty.json()).errors)).toEqual(["note"]);
  const { client: customer } = await signUpCustomer(baseURL!);
  expect((await customer.post(url, { note: "Not mine to resolve" })).status()).toBe(403);

  const note = "Test capture made by hand at the provider; refunded there.";
  const resolved = await nia.client.post(url, { note });
  expect(resolved.status()).toBe(200);
  expect((await resolved.json()).issue).toMatchObject({ id, kind: "capture", provider: 12.34, ledger: 0, resolution: { note, by: { id: nia.user.id } } });

  const again = await nia.client.post(url, { note });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe("This difference is already resolved");
  expect((await nia.client.post("/api/admin/reconciliation/999999999/resolve", { note })).status()).toBe(404);

  const audit = await (await nia.client.get(`/api/admin/audit?targetType=reconciliation&targetId=${id}`)).json();
  expect(audit.items).toEqual([expect.objectContaining({ action: "reconciliation.resolve", reason: note })]);
});
