import { expect, test } from "../fixtures";
import sharp from "sharp";
import { newClient, signUpCustomer, type Client } from "../support/api";

const png = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 40, b: 15 } } })
    .png()
    .toBuffer();

async function upload(client: Client, userId: number, file: { name: string; mimeType: string; buffer: Buffer }) {
  return client.ctx.put(`/api/users/pfp/${userId}`, { multipart: { picture: file }, headers: { "XSRF-Token": await client.xsrf() } });
}

test.describe("PUT /api/users/pfp/{id}", () => {
  test("stores a real image resized, serves it as WebP, and removes the previous one", async ({ customer: { client, user } }) => {
    const response = await upload(client, user.id, { name: "me.png", mimeType: "image/png", buffer: await png() });
    expect(response.status()).toBe(200);
    const { profileImage } = await response.json();
    expect(profileImage).toMatch(/^\/uploads\/[a-z0-9-]+\.webp$/);
    const served = await client.get(profileImage);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/webp");
    const meta = await sharp(await served.body()).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);

    const jpeg = await sharp(await png())
      .jpeg()
      .toBuffer();
    const second = await (await upload(client, user.id, { name: "photo.jpg", mimeType: "image/jpeg", buffer: jpeg })).json();
    expect(second.profileImage).not.toBe(profileImage);
    expect((await client.get(profileImage)).status()).toBe(404);
    expect((await (await client.get("/api/auth/")).json()).profileImage).toBe(second.profileImage);
  });

  test("a text file named .png is refused by its content", async ({ customer: { client, user } }) => {
    const response = await upload(client, user.id, { name: "evil.png", mimeType: "image/png", buffer: Buffer.from("<script>alert(1)</script>") });
    expect(response.status()).toBe(400);
    expect((await response.json()).errors).toEqual({ picture: "The picture must be a PNG, JPEG or WebP image" });
    expect((await (await client.get("/api/auth/")).json()).profileImage).toBeNull();
  });

  test("a file over 5 MB is refused", async ({ customer: { client, user } }) => {
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const response = await upload(client, user.id, { name: "big.png", mimeType: "image/png", buffer: big });
    expect(response.status()).toBe(413);
    expect((await response.json()).errors.picture).toBe("The picture must be at most 5 MB");
  });

  test("a missing file, someone else's profile and anonymous callers are refused", async ({ baseURL, customer: { client, user } }) => {
    const { client: stranger } = await signUpCustomer(baseURL!);
    const empty = await client.ctx.put(`/api/users/pfp/${user.id}`, { multipart: { note: "no file" }, headers: { "XSRF-Token": await client.xsrf() } });
    expect(empty.status()).toBe(400);
    expect((await upload(stranger, user.id, { name: "x.png", mimeType: "image/png", buffer: await png() })).status()).toBe(403);
    expect((await (await client.get("/api/auth/")).json()).profileImage).toBeNull();
    const anonymous = await newClient(baseURL!);
    expect((await upload(anonymous, user.id, { name: "x.png", mimeType: "image/png", buffer: await png() })).status()).toBe(401);
  });

  test("upload names cannot escape the upload folder", async ({ request }) => {
    expect((await request.get("/uploads/..%2F..%2Fsession-secret")).status()).toBe(404);
    expect((await request.get("/uploads/nosh.db")).status()).toBe(404);
  });
});

test.describe("PUT /api/users/{id}/password", () => {
  test("needs the current password, and ends every other session", async ({ baseURL, customer: { client, user, email, password }, api: other }) => {
    await other.post("/api/auth/login", { credential: email, password });
    const wrong = await client.put(`/api/users/${user.id}/password`, { current_password: "not it at all", new_password: "brand new pass" });
    expect(wrong.status()).toBe(400);
    expect((await wrong.json()).errors).toHaveProperty("currentPassword");
    const short = await client.put(`/api/users/${user.id}/password`, { current_password: password, new_password: "short" });
    expect((await short.json()).errors).toHaveProperty("newPassword");

    expect((await client.put(`/api/users/${user.id}/password`, { current_password: password, new_password: "brand new pass" })).status()).toBe(200);
    expect((await client.get("/api/auth/")).status()).toBe(200);
    expect((await other.get("/api/auth/")).status()).toBe(401);
    expect((await (await newClient(baseURL!)).post("/api/auth/login", { credential: email, password })).status()).toBe(401);
    expect((await (await newClient(baseURL!)).post("/api/auth/login", { credential: email, password: "brand new pass" })).status()).toBe(200);
  });

  test("someone else's password cannot be changed", async ({ baseURL, customer: { user, password } }) => {
    const { client: stranger } = await signUpCustomer(baseURL!);
    expect((await stranger.put(`/api/users/${user.id}/password`, { current_password: password, new_password: "taken over!" })).status()).toBe(403);
  });
});
