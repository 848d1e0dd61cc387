import { expect, test } from "../fixtures";
import { signUpOperator } from "../support/operator";
import { walletOf } from "../support/orders";

// A card top-up in another currency over HTTP on the production build (docs/architecture/payments.md
// "Wallet top-ups"): with a market in MXN, the operator sets MXN's own limits (whole pesos); a
// customer's MXN top-up is charged and credited in MXN (its statement's row in MXN), within those
// limits, and the USD wallet is untouched.

test("a top-up in MXN within MXN's limits credits the MXN wallet, not the USD one", async ({ baseURL, customer: { client, user } }) => {
  const nia = await signUpOperator(baseURL!);
  const code = `mx-top-up-${Date.now().toString(36)}`;
  const opened = await nia.client.post("/api/admin/markets", {
    code,
    name: "Ciudad de México",
    currency: "MXN",
    timeZone: "America/Mexico_City",
    languages: ["es", "en"],
  });
  expect(opened.status()).toBe(201);
  const set = await nia.client.put("/api/admin/top-up-limits", { min: 100, max: 2_000, dailyMax: 1_000_000, currency: "MXN" });
  expect(set.status()).toBe(200);
  expect(await set.json()).toMatchObject({ currency: "MXN", min: 100, max: 2_000, dailyMax: 1_000_000 });
  expect(await (await nia.client.get("/api/admin/top-up-limits?currency=MXN")).json()).toMatchObject({ currency: "MXN", max: 2_000 });

  const url = `/api/users/wallet/${user.id}/top-ups`;
  const big = await client.post(url, { amount: 2_500, currency: "MXN" });
  expect(big.status()).toBe(400);
  expect((await big.json()).errors).toEqual({ amount: "amount must be at most 2000" });
  const added = await client.post(url, { amount: 500, currency: "MXN" }, { "Idempotency-Key": `mxn-${user.id}` });
  expect(added.status()).toBe(200);
  expect(await added.json()).toEqual({
    wallet: 500,
    paid: 500,
    promotional: 0,
    currency: "MXN",
    topUp: { state: "captured", card: "Visa •••• 4242", amount: 500, message: "MX$500.00 added to your wallet from Visa •••• 4242." },
  });
  const { transactions } = await (await client.get(`/api/users/wallet/${user.id}/transactions?currency=MXN`)).json();
  expect(transactions).toEqual([expect.objectContaining({ kind: "topup", amount: 500, balanceAfter: 500, currency: "MXN" })]);
  expect(await walletOf(client)).toBe(999.99);
});
