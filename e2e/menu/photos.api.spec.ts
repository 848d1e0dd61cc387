import { expect, test } from "../fixtures";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { signUpCustomer, type Client } from "../support/api";
import { createRestaurant } from "../support/owner";

// Owners' photo uploads (PUT /api/manage/{id}/photo, PUT /api/menu-items/{id}/photo): stored as
// the three variants pages request (lib/shared/menu/photo-slots.ts), named by content, served forever
// cacheable, the previous upload removed; every refusal names the field and changes nothing.
// The streamed size cap (chunked, no Content-Length) is in limits.spec.ts with the others.

type File = { name: string; mimeType: string; buffer: Buffer };
const PHOTO_PATH = /^\/uploads\/[a-f0-9]{32}\.webp$/;
const NOT_IMAGE = "Choose a JPEG, PNG, WebP or AVIF photo";

const photo = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });
const jpeg = async (width: number, height: number, background = "#c8501e") => ({
  name: "photo.jpg",
  mimeType: "image/jpeg",
  // Camera metadata that must not survive the re-encoding.
  buffer: await photo(width, height, background)
    .jpeg()
    .withExif({ IFD0: { Copyright: "Secret Camera Owner" } })
    .toBuffer(),
});

async function upload(client: Client, path: string, file: File, fields: Record<string, string> = {}) {
  return client.ctx.put(path, { multipart: { photo: file, ...fields }, headers: { "XSRF-Token": await client.xsrf() } });
}

async function served(client: Client, path: string) {
  const response = await client.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  return sharp(await response.body()).metadata();
}

const sibling = (path: string, variant: "sm" | "lg") => path.replace(/\.webp$/, `-${variant}.webp`);

/** A PNG whose header declares `width` x `height` (a decompression bomb): a few dozen bytes, billions of pixels once decoded. */
function bomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.alloc(width + 1))), chunk("IEND", Buffer.alloc(0))]);
}

test.describe("PUT /api/manage/{id}/photo", () => {
  test("stores the banner cropped at 16:7 with its card and thumbnail, strips metadata, and removes the replaced upload", async ({ owner: { client, restaurant } }) => {
    // A 2000x1200 photo cropped to its 2000x875 middle band (16:7).
    const first = await upload(client, `/api/manage/${restaurant.id}/photo`, await jpeg(2000, 1200), { x: "0", y: "160", width: "2000", height: "875" });
    expect(first.status()).toBe(200);
    const banner = (await first.json()).restaurant.storeImage as string;
    expect(banner).toMatch(PHOTO_PATH);
    const lg = await served(client, sibling(banner, "lg"));
    expect([lg.width, lg.height]).toEqual([1920, 840]);
    expect(lg.exif).toBeUndefined();
    const card = await served(client, banner);
    // The card is cut at 4:3 around the crop's centre, as tall as the crop (never enlarged).
    expect([card.width, card.height]).toEqual([1167, 875]);
    const sm = await served(client, sibling(banner, "sm"));
    expect([sm.width, sm.height]).toEqual([256, 256]);
    expect((await (await client.get(`/api/restaurants/${restaurant.id}`)).json()).restaurant.storeImage).toBe(banner);

    const second = await upload(client, `/api/manage/${restaurant.id}/photo`, await jpeg(1600, 900, "#1e64c8"));
    expect(second.status()).toBe(200);
    const replaced = (await second.json()).restaurant.storeImage as string;
    expect(replaced).toMatch(PHOTO_PATH);
    expect(replaced).not.toBe(banner);
    await served(client, replaced);
    for (const old of [banner, sibling(banner, "sm"), sibling(banner, "lg")]) expect((await client.get(old)).status(), old).toBe(404);
  });

  test("a demo photo replaced by an upload stays on disk", async ({ owner: { client, restaurant } }) => {
    expect(restaurant.storeImage).toBe("/images/food/american-meatloaf.webp");
    expect((await upload(client, `/api/manage/${restaurant.id}/photo`, await jpeg(800, 600))).status()).toBe(200);
    expect((await client.get("/images/food/american-meatloaf.webp")).status()).toBe(200);
  });

  test("a text file named .jpg is a 415 naming the field, and the banner stays", async ({ owner: { client, restaurant } }) => {
    const response = await upload(client, `/api/manage/${restaurant.id}/photo`, {
      name: "photo.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("just some text, not a photo\n"),
    });
    expect(response.status()).toBe(415);
    expect(await response.json()).toEqual({ message: NOT_IMAGE, errors: { photo: NOT_IMAGE } });
    expect((await (await client.get(`/api/restaurants/${restaurant.id}`)).json()).restaurant.storeImage).toBe(restaurant.storeImage);
  });

  test("a decompression bomb is refused from its header, before decoding", async ({ owner: { client, restaurant } }) => {
    const response = await upload(client, `/api/manage/${restaurant.id}/photo`, { name: "bomb.png", mimeType: "image/png", buffer: bomb(50_000, 50_000) });
    expect(response.status()).toBe(400);
    expect((await response.json()).errors).toEqual({ photo: "The photo has too many pixels (at most 40 megapixels)" });
    expect((await (await client.get(`/api/restaurants/${restaurant.id}`)).json()).restaurant.storeImage).toBe(restaurant.storeImage);
  });

  test("an AVIF or a progressive JPEG with more pixels than its decoding may hold is refused from its header", async ({ owner: { client, restaurant } }) => {
    // Both hold the whole image while decoding (lib/server/platform/decode-budget.ts): 9 MP of AVIF and
    // 24 MP of 4:4:4 progressive JPEG are past their limits, though far below 40 MP.
    const path = `/api/manage/${restaurant.id}/photo`;
    const avif = await upload(client, path, { name: "big.avif", mimeType: "image/avif", buffer: await photo(3000, 3000, "#8b2e57").avif({ effort: 0 }).toBuffer() });
    expect(avif.status()).toBe(400);
    expect((await avif.json()).errors).toEqual({
      photo: "This AVIF or HEIF picture has too many pixels (at most 6.1 megapixels): send a smaller photo or a standard JPEG",
    });
    const progressive = await photo(6000, 4000, "#1e64c8").jpeg({ progressive: true, chromaSubsampling: "4:4:4" }).toBuffer();
    const refused = await upload(client, path, { name: "big.jpg", mimeType: "image/jpeg", buffer: progressive });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors).toEqual({
      photo: "This progressive JPEG has too many pixels (at most 15.2 megapixels): send a smaller photo or a standard JPEG",
    });
    expect((await (await client.get(`/api/restaurants/${restaurant.id}`)).json()).restaurant.storeImage).toBe(restaurant.storeImage);
  });

  test("the same photo uploaded twice at once: both are stored, under one name", async ({ owner: { client, restaurant } }) => {
    const path = `/api/manage/${restaurant.id}/photo`;
    const file = await jpeg(1200, 700, "#4b8b2e");
    const answers = await Promise.all([upload(client, path, file), upload(client, path, file)]);
    expect(answers.map((answer) => answer.status())).toEqual([200, 200]);
    const [first, second] = await Promise.all(answers.map(async (answer) => (await answer.json()).restaurant.storeImage as string));
    expect(first).toMatch(PHOTO_PATH);
    expect(second).toBe(first);
    await served(client, first!);
  });

  test("a crop reaching outside the photo, half a crop, two photos or no file is a 400 naming the field", async ({ owner: { client, restaurant } }) => {
    const path = `/api/manage/${restaurant.id}/photo`;
    const crop = { crop: "The crop must be a rectangle inside the photo" };
    const outside = await upload(client, path, await jpeg(400, 300), { x: "500", y: "0", width: "100", height: "50" });
    expect(outside.status()).toBe(400);
    expect((await outside.json()).errors).toEqual(crop);
    // Starting inside, ending past the right or the bottom edge.
    for (const fields of [
      { x: "0", y: "0", width: "100000", height: "50" },
      { x: "300", y: "0", width: "101", height: "50" },
      { x: "0", y: "200", width: "100", height: "101" },
    ]) {
      const across = await upload(client, path, await jpeg(400, 300), fields);
      expect(across.status(), JSON.stringify(fields)).toBe(400);
      expect((await across.json()).errors).toEqual(crop);
    }
    const two = new FormData();
    two.append("photo", new Blob([new Uint8Array((await jpeg(400, 300)).buffer)], { type: "image/jpeg" }), "one.jpg");
    two.append("photo", new Blob([new Uint8Array((await jpeg(400, 300, "#1e64c8")).buffer)], { type: "image/jpeg" }), "two.jpg");
    const twice = await client.ctx.put(path, { multipart: two, headers: { "XSRF-Token": await client.xsrf() } });
    expect(twice.status()).toBe(400);
    expect((await twice.json()).errors).toEqual({ photo: "Send one photo at a time" });
    const half = await upload(client, path, await jpeg(400, 300), { x: "5" });
    expect((await half.json()).errors).toEqual({ crop: "The crop must be a rectangle inside the photo" });
    const none = await client.ctx.put(path, { multipart: { note: "no file" }, headers: { "XSRF-Token": await client.xsrf() } });
    expect(none.status()).toBe(400);
    expect((await none.json()).errors).toEqual({ photo: "Choose a photo to upload" });
    expect((await (await client.get(`/api/restaurants/${restaurant.id}`)).json()).restaurant.storeImage).toBe(restaurant.storeImage);
  });

  test("another owner gets a 404 and the banner stays", async ({ baseURL, owner: { restaurant } }) => {
    const { client: stranger } = await signUpCustomer(baseURL!);
    await createRestaurant(stranger);
    const response = await upload(stranger, `/api/manage/${restaurant.id}/photo`, await jpeg(400, 300));
    expect(response.status()).toBe(404);
    expect(await response.text()).not.toContain(restaurant.name);
    expect((await (await stranger.get(`/api/restaurants/${restaurant.id}`)).json()).restaurant.storeImage).toBe(restaurant.storeImage);
  });
});

test.describe("PUT /api/menu-items/{id}/photo", () => {
  test("stores the dish photo centred at 4:3 (PNG, WebP and AVIF alike) and removes the replaced one", async ({ owner: { client, item } }) => {
    const path = `/api/menu-items/${item.id}/photo`;
    const png = { name: "dish.png", mimeType: "image/png", buffer: await photo(1000, 1000, "#2e8b57").png().toBuffer() };
    const first = await upload(client, path, png);
    expect(first.status()).toBe(200);
    const dish = (await first.json()).food_image as string;
    expect(dish).toMatch(PHOTO_PATH);
    const card = await served(client, dish);
    expect([card.width, card.height]).toEqual([1000, 750]);

    const avif = { name: "dish.avif", mimeType: "image/avif", buffer: await photo(640, 480, "#8b2e57").avif().toBuffer() };
    const second = await upload(client, path, avif);
    expect(second.status()).toBe(200);
    const next = (await second.json()).food_image as string;
    expect(next).not.toBe(dish);
    expect((await client.get(dish)).status()).toBe(404);
    expect((await (await client.get(`/api/menu-items/${item.id}`)).json()).food_image).toBe(next);

    const webp = { name: "dish.webp", mimeType: "image/webp", buffer: await photo(300, 300, "#578b2e").webp().toBuffer() };
    expect((await upload(client, path, webp)).status()).toBe(200);
  });

  test("an upload replaced through the form by a URL is removed", async ({ owner: { client, item } }) => {
    const uploaded = (await (await upload(client, `/api/menu-items/${item.id}/photo`, await jpeg(800, 600))).json()).food_image as string;
    expect((await client.put(`/api/menu-items/${item.id}`, { food_image: "/images/food/american-meatloaf.webp" })).status()).toBe(200);
    expect((await client.get(uploaded)).status()).toBe(404);
  });

  test("a customer, a stranger owner and a guest get a 404 and the photo stays", async ({ baseURL, owner: { item }, customer, guest }) => {
    const { client: stranger } = await signUpCustomer(baseURL!);
    await createRestaurant(stranger);
    for (const client of [customer.client, stranger, guest.client]) {
      expect((await upload(client, `/api/menu-items/${item.id}/photo`, await jpeg(400, 300))).status()).toBe(404);
    }
    expect((await (await customer.client.get(`/api/menu-items/${item.id}`)).json()).food_image).toBe(item.food_image);
  });
});
