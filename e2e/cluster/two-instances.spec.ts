import { expect, test } from "../fixtures";
import sharp from "sharp";
import { priceOrder } from "@/lib/shared/pricing";
import { newClient, sameSession, signUpCustomer } from "../support/api";
import { expectPriceChangeScoped, signUpOwner } from "../support/owner";
import { createOrder, ledgerSumCents, standardWallet, walletOf } from "../support/orders";

// Two `next start` instances on one PostgreSQL database behind nginx (npm run test:cluster):
// nothing an instance keeps to itself may matter. Sessions, money and pictures are checked
// both through the proxy (round-robin) and against each instance directly.

const proxy = process.env.CLUSTER_URL!;
const [first, second] = (process.env.INSTANCE_URLS ?? "").split(",") as [string, string];
const cents = (dollars: number) => Math.round(dollars * 100);

test("a session made on one instance works on the other, for reads and writes", async () => {
  const { client, user } = await signUpCustomer(first);
  const other = await sameSession(client, second);
  expect((await (await other.get("/api/auth/")).json()).id).toBe(user.id);
  const topUp = await other.put(`/api/users/wallet/${user.id}`, { amount: 10 });
  expect(topUp.status(), await topUp.text()).toBe(200);
  expect(await walletOf(client)).toBe(1009.99);
  // Logging out on the second instance ends the session on the first too (the old cookie
  // stops working everywhere: the session version lives in the shared database).
  expect((await other.get("/api/auth/logout")).status()).toBe(200);
  expect((await client.get("/api/auth/")).status()).toBe(401);
});

test("50 concurrent wallet checkouts through the proxy, spread over both instances, never overdraw", async () => {
  const { client, user } = await signUpCustomer(proxy);
  const orders = await Promise.all(Array.from({ length: 50 }, () => createOrder(client, 3, 5)));
  const total = priceOrder(cents(orders[0]!.subtotal), "standard", { percent: 15 }).totalCents;
  const affordable = Math.floor(99_999 / total);
  expect(affordable).toBeLessThan(50);
  const responses = await Promise.all(orders.map((o) => client.put(`/api/orders/${o.id}/submit`, standardWallet)));
  // nginx names the instance that answered: both served some of the checkouts.
  expect(new Set(responses.map((r) => r.headers()["x-nosh-instance"])).size).toBe(2);
  const statuses = responses.map((r) => r.status());
  expect(
    statuses.filter((s) => s === 200),
    statuses.join(","),
  ).toHaveLength(affordable);
  expect(statuses.filter((s) => s === 400)).toHaveLength(50 - affordable);
  const balance = cents(await walletOf(client));
  expect(balance).toBe(99_999 - affordable * total);
  expect(await ledgerSumCents(client, user.id)).toBe(balance);
});

test("a picture uploaded through one instance is served by both", async () => {
  const { client, user } = await signUpCustomer(first);
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  const response = await client.ctx.put(`/api/users/pfp/${user.id}`, {
    multipart: { picture: { name: "me.png", mimeType: "image/png", buffer: png } },
    headers: { "XSRF-Token": await client.xsrf() },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { profileImage } = await response.json();
  const bodies = [];
  for (const base of [first, second, proxy, proxy]) {
    const served = await fetch(`${base}${profileImage}`);
    expect(served.status, `${base}${profileImage}`).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    bodies.push(Buffer.from(await served.arrayBuffer()).toString("base64"));
  }
  expect(new Set(bodies).size).toBe(1);
});

test("a dish's price changed through one instance shows at once in both instances' pages; another restaurant's kept pages stay kept on both", async () => {
  // The kept pages' marks are versions the PostgreSQL triggers move (docs/architecture/catalog-and-caching.md "Scopes").
  const owner = await signUpOwner(first);
  const elsewhere = await signUpOwner(second);
  await expectPriceChangeScoped(owner, elsewhere, [await newClient(first), await newClient(second)]);
});
