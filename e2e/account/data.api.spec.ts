import { expect, test } from "../fixtures";
import sharp from "sharp";
import { newClient, sameSession, signUp, signUpCustomer } from "../support/api";
import { placeOrder } from "../support/orders";
import { signUpOwner } from "../support/owner";

// A customer's own data over HTTP (docs/architecture/customer-data.md "Customers own their data"): the data
// download (its body is checked against the contract's schema by the fixtures), the wallet
// statement CSV against the ledger, and closing the account with its refusals.

const DATE = /^\d{4}-\d{2}-\d{2}$/;

test.describe("GET /api/users/{id}/export", () => {
  test("downloads the profile, orders with lines, and the statement as an attachment", async ({ customer: { client, user, email } }) => {
    const order = await placeOrder(client);
    const response = await client.get(`/api/users/${user.id}/export`);
    expect(response.status()).toBe(200);
    const disposition = response.headers()["content-disposition"] ?? "";
    expect(disposition).toMatch(/^attachment; filename="nosh-data-(.+)\.json"$/);
    expect(disposition.match(/nosh-data-(.+)\.json/)![1]).toMatch(DATE);
    const data = await response.json();
    expect(data.profile).toMatchObject({ id: user.id, email, firstName: "Test" });
    expect(data.orders).toEqual([expect.objectContaining({ id: order.id, status: "Submitted", orderItems: [expect.objectContaining({ quantity: 1 })] })]);
    expect(data.reviews).toEqual([]);
    expect(data.walletStatement.map((row: { kind: string }) => row.kind)).toEqual(["signup", "payment"]);
    // What Nosh told them, on every channel, and the devices push is on for (none here).
    expect(data.notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "account_welcome", channel: "email" }),
        expect.objectContaining({ kind: "order_receipt", channel: "in_app", state: "sent", href: `/orders/${order.id}` }),
        expect.objectContaining({ kind: "order_receipt", channel: "email" }),
      ]),
    );
    expect(data.pushSubscriptions).toEqual([]);
  });
});

test.describe("GET /api/users/{id}/wallet/statement.csv", () => {
  test("has a row per ledger row, oldest first, with the running balance", async ({ customer: { client, user } }) => {
    await client.put(`/api/users/wallet/${user.id}`, { amount: 5 });
    const order = await placeOrder(client);
    const response = await client.get(`/api/users/${user.id}/wallet/statement.csv`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/csv");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="nosh-wallet-statement-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text()).split("\r\n").filter(Boolean);
    const { transactions } = await (await client.get(`/api/users/wallet/${user.id}/transactions?limit=100`)).json();
    const ledger = (transactions as { amount: number; balanceAfter: number }[]).reverse();
    expect(lines[0]).toBe("Date,Description,Amount,Balance");
    expect(lines.slice(1).map((line) => line.split(",").slice(-2).map(Number))).toEqual(ledger.map((row) => [row.amount, row.balanceAfter]));
    expect(lines[3]).toContain(`Payment · Order #${order.id}`);
  });
});

test.describe("POST /api/users/{id}/delete", () => {
  test("a wrong or missing password is a 400 naming password, and nothing changes", async ({ customer: { client, user } }) => {
    const wrong = await client.post(`/api/users/${user.id}/delete`, { password: "not the password" });
    expect(wrong.status()).toBe(400);
    expect((await wrong.json()).errors).toEqual({ password: "Password is incorrect" });
    const missing = await client.post(`/api/users/${user.id}/delete`, {});
    expect(missing.status()).toBe(400);
    expect((await missing.json()).errors).toEqual({ password: "Enter your password to delete your account" });
    expect(await (await client.get("/api/auth/")).json()).toMatchObject({ id: user.id, firstName: "Test", wallet: 999.99 });
  });

  test("refused while an order is under way; then closes the account: every cookie 401, the email free again", async ({ baseURL }) => {
    const { client, user, email, password } = await signUpCustomer(baseURL!);
    const otherDevice = await sameSession(client, baseURL!);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 30, g: 120, b: 60 } } })
      .png()
      .toBuffer();
    const uploaded = await client.ctx.put(`/api/users/pfp/${user.id}`, {
      multipart: { picture: { name: "me.png", mimeType: "image/png", buffer: png } },
      headers: { "XSRF-Token": await client.xsrf() },
    });
    const { profileImage } = await uploaded.json();
    const order = await placeOrder(client);
    const refused = await client.post(`/api/users/${user.id}/delete`, { password });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).message).toMatch(/order in progress/);
    expect((await client.get("/api/auth/")).status()).toBe(200);

    expect((await client.put(`/api/orders/${order.id}/cancel`)).status()).toBe(200);
    const deleted = await client.post(`/api/users/${user.id}/delete`, { password });
    expect(deleted.status()).toBe(200);
    expect(await deleted.json()).toEqual({ message: "Your account was deleted" });
    expect((await client.get("/api/auth/")).status()).toBe(401);
    expect((await client.get(profileImage)).status()).toBe(404);
    expect((await otherDevice.get("/api/auth/")).status()).toBe(401);
    expect((await otherDevice.get(`/api/users/${user.id}/export`)).status()).toBe(401);
    // From an address of its own: a failed login counts against its address's throttle, and the
    // browser specs sign in from 127.0.0.1 (the suite's servers trust X-Forwarded-For).
    const elsewhere = await newClient(baseURL!, { "X-Forwarded-For": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
    const login = await elsewhere.post("/api/auth/login", { credential: email, password });
    expect(login.status()).toBe(401);

    const again = await signUp(await newClient(baseURL!), { credential: email, password });
    expect(again.user.id).not.toBe(user.id);
    await otherDevice.dispose();
  });

  test("refused while the user owns restaurants", async ({ baseURL }) => {
    const owner = await signUpOwner(baseURL!);
    const response = await owner.client.post(`/api/users/${owner.user.id}/delete`, { password: owner.password });
    expect(response.status()).toBe(409);
    expect(await response.json()).toEqual({ message: "Hand over or delete your restaurants first" });
    expect((await owner.client.get("/api/auth/")).status()).toBe(200);
  });
});
