import { expect, test } from "../fixtures";
import sharp from "sharp";
import { priceOrder } from "@/lib/shared/money/pricing";
import { newClient, sameSession, signUpCustomer, type Client } from "../support/api";
import { inBucket, inInstanceFolders } from "../support/upload-store";
import { expectPriceChangeScoped, signUpOwner } from "../support/owner";
import { createOrder, ledgerSumCents, standardWallet, walletOf } from "../support/orders";

// Two `next start` instances on one PostgreSQL database behind nginx (npm run test:cluster):
// nothing an instance keeps to itself may matter. Sessions, money and pictures (in an S3-compatible store) are checked
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

test("a picture uploaded through one instance is served by both from the object store; replacing it or closing the account through the other purges it", async () => {
  // Both instances store pictures in one S3-compatible bucket (test-cluster.mjs: s3rver) and
  // share no folder: what one stored, the other can only have read from the bucket.
  const { client, user, password } = await signUpCustomer(first);
  const upload = async (via: Client, blue: number) => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 20, g: 120, b: blue } } })
      .png()
      .toBuffer();
    const response = await via.ctx.put(`/api/users/pfp/${user.id}`, {
      multipart: { picture: { name: "me.png", mimeType: "image/png", buffer: png } },
      headers: { "XSRF-Token": await via.xsrf() },
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()).profileImage as string;
  };
  const servedBy = async (picture: string) => {
    const answers = await Promise.all([first, second, proxy, proxy].map((base) => fetch(`${base}${picture}`)));
    return Promise.all(
      answers.map(async (answer) => ({
        status: answer.status,
        cache: answer.headers.get("cache-control"),
        body: answer.status === 200 ? Buffer.from(await answer.arrayBuffer()).toString("base64") : null,
      })),
    );
  };

  const picture = await upload(client, 200);
  const served = await servedBy(picture);
  expect(served.map((answer) => [answer.status, answer.cache])).toEqual(Array(4).fill([200, "public, max-age=31536000, immutable"]));
  expect(new Set(served.map((answer) => answer.body)).size).toBe(1);
  const name = picture.slice("/uploads/".length);
  expect(await inBucket(name)).toBe(served[0]!.body);
  expect(inInstanceFolders(name)).toEqual([]);

  // Replaced through the second instance: the old picture is gone from the bucket and from both.
  const replacement = await upload(await sameSession(client, second), 40);
  expect((await servedBy(picture)).map((answer) => answer.status)).toEqual([404, 404, 404, 404]);
  expect(await inBucket(name)).toBeNull();
  expect((await servedBy(replacement)).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);

  // Closing the account through the second instance deletes the picture for the first too.
  const closed = await (await sameSession(client, second)).post(`/api/users/${user.id}/delete`, { password });
  expect(closed.status(), await closed.text()).toBe(200);
  expect((await servedBy(replacement)).map((answer) => answer.status)).toEqual([404, 404, 404, 404]);
  expect(await inBucket(replacement.slice("/uploads/".length))).toBeNull();
});

test("a dish's price changed through one instance shows at once in both instances' pages; another restaurant's kept pages stay kept on both", async () => {
  // The kept pages' marks are versions the PostgreSQL triggers move (docs/architecture/catalog-and-caching.md "Scopes").
  const owner = await signUpOwner(first);
  const elsewhere = await signUpOwner(second);
  await expectPriceChangeScoped(owner, elsewhere, [await newClient(first), await newClient(second)]);
});
