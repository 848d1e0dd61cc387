import { expect, test } from "../fixtures";
import { newClient, signUpCustomer } from "../support/api";
import { ledgerSumCents, walletOf } from "../support/orders";

test.describe("wallet", () => {
  test("tops up the caller's own wallet and records it", async ({ customer: { client, user } }) => {
    const response = await client.put(`/api/users/wallet/${user.id}`, { amount: 1000 });
    expect(response.status()).toBe(200);
    expect((await response.json()).wallet).toBe(1999.99);
    expect(await ledgerSumCents(client, user.id)).toBe(199_999);
    const { transactions } = await (await client.get(`/api/users/wallet/${user.id}/transactions`)).json();
    expect(transactions[0]).toMatchObject({ kind: "topup", amount: 1000, balanceAfter: 1999.99 });
  });

  for (const amount of [0, -5, 10_000.01, 1.001, "abc", null]) {
    test(`refuses a top-up of ${JSON.stringify(amount)}`, async ({ customer: { client, user } }) => {
      const response = await client.put(`/api/users/wallet/${user.id}`, { amount });
      expect(response.status()).toBe(400);
      expect((await response.json()).errors).toHaveProperty("amount");
      expect(await walletOf(client)).toBe(999.99);
    });
  }

  test("the largest top-up is 10000", async ({ customer: { client, user } }) => {
    expect((await client.put(`/api/users/wallet/${user.id}`, { amount: 10_000 })).status()).toBe(200);
  });

  test("deduct never goes below zero", async ({ customer: { client, user } }) => {
    const short = await client.put(`/api/users/wallet/deduct/${user.id}`, { amount: 1000 });
    expect(short.status()).toBe(400);
    expect((await short.json()).message).toBe("Insufficient funds");
    expect((await (await client.put(`/api/users/wallet/deduct/${user.id}`, { amount: 999.99 })).json()).wallet).toBe(0);
    expect(await ledgerSumCents(client, user.id)).toBe(0);
  });

  test("30 concurrent deductions of 50 from 999.99 leave 49.99 and never overdraw", async ({ customer: { client, user } }) => {
    const statuses = await Promise.all(Array.from({ length: 30 }, () => client.put(`/api/users/wallet/deduct/${user.id}`, { amount: 50 }).then((r) => r.status())));
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    expect(await walletOf(client)).toBe(49.99);
    expect(await ledgerSumCents(client, user.id)).toBe(4999);
  });

  test("another user's wallet is refused and unchanged; guests cannot top up", async ({ baseURL, customer: { client: victim, user: victimUser } }) => {
    const { client: attacker } = await signUpCustomer(baseURL!);
    expect((await attacker.put(`/api/users/wallet/${victimUser.id}`, { amount: 5 })).status()).toBe(403);
    expect((await attacker.put(`/api/users/wallet/deduct/${victimUser.id}`, { amount: 5 })).status()).toBe(403);
    const peek = await attacker.get(`/api/users/wallet/${victimUser.id}/transactions`);
    expect(peek.status()).toBe(403);
    expect(await peek.text()).not.toContain("999.99");
    expect(await walletOf(victim)).toBe(999.99);
    const anonymous = await newClient(baseURL!);
    expect((await anonymous.put(`/api/users/wallet/${victimUser.id}`, { amount: 5 })).status()).toBe(401);
    const guest = await newClient(baseURL!);
    const guestUser = await (await guest.post("/api/auth/guest")).json();
    expect((await guest.put(`/api/users/wallet/${guestUser.id}`, { amount: 1000 })).status()).toBe(403);
  });

  test("a card top-up adds paid money once per Idempotency-Key; a declined card adds nothing", async ({ customer: { client, user } }) => {
    const url = `/api/users/wallet/${user.id}/top-ups`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.post(url, { amount: 25 }, { "Idempotency-Key": `wallet-${user.id}` })));
    expect(answers.map((answer) => answer.status())).toEqual([200, 200, 200, 200, 200]);
    expect(await answers[0]!.json()).toMatchObject({ wallet: 1024.99, paid: 25, promotional: 999.99, topUp: { state: "captured", card: "Visa •••• 4242", amount: 25 } });
    expect(await walletOf(client)).toBe(1024.99);
    expect(await ledgerSumCents(client, user.id)).toBe(102_499);

    const token = await (
      await client.post("/api/test-provider/payment-methods", { number: "4000000000000002", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" })
    ).json();
    const saved = await (await client.post("/api/payment-methods", { paymentMethodId: token.id })).json();
    const declined = await client.post(url, { amount: 25, paymentMethodId: saved.id });
    expect(declined.status()).toBe(402);
    expect((await declined.json()).errors).toEqual({ paymentMethodId: "Your card was declined. Try another card." });
    expect((await client.post(url, { amount: 1_000_000 })).status()).toBe(400);
    expect(await walletOf(client)).toBe(1024.99);
  });
});
