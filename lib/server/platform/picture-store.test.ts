import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type S3Server } from "@/e2e/runners/s3-server.mjs";
import { loadConfig } from "@/lib/edge/load-config";
import { uploadStoreSettings } from "@/lib/edge/upload-store-settings";
import { objectStore } from "./object-picture-store";
import { folderStore, type PictureStore } from "./picture-store";

// The upload store's contract (docs/architecture/photos.md "Where the files live"), on both
// implementations: the folder (UPLOAD_DIR) and an S3-compatible store (UPLOAD_STORE), here a real
// s3rver on loopback (e2e/runners/s3-server.mjs). pictures.ts relies on exactly these: put then get
// gives the same bytes, put again replaces, get of a missing name is null, remove makes it missing
// and removing a missing name is no error. The routes' privacy and purges sit above the store.

const folder = mkdtempSync(path.join(tmpdir(), "nosh-store-"));
let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server({ bucket: "contract" });
});
afterAll(async () => {
  await s3?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const stores: [string, () => PictureStore][] = [
  ["folder", () => folderStore(folder)],
  ["S3-compatible", () => objectStore(uploadStoreSettings(s3.env)!)],
  [
    "S3-compatible under a prefix",
    () => objectStore(uploadStoreSettings({ ...s3.env, UPLOAD_STORE: s3.env.UPLOAD_STORE.replace("contract?", "contract/nosh/pictures?") })!),
  ],
];

describe.each(stores)("the %s store", (_kind, make) => {
  it("gives back what was put, replaces it, and forgets it once removed", async () => {
    const store = make();
    const bytes = new Uint8Array(200_000).map((_, i) => (i * 31) % 256);
    await store.put("7-0123456789abcdef.webp", bytes);
    expect(Buffer.compare((await store.get("7-0123456789abcdef.webp"))!, Buffer.from(bytes))).toBe(0);
    await store.put("7-0123456789abcdef.webp", Buffer.from("replaced"));
    expect((await store.get("7-0123456789abcdef.webp"))?.toString()).toBe("replaced");
    await store.remove("7-0123456789abcdef.webp");
    expect(await store.get("7-0123456789abcdef.webp")).toBeNull();
  });

  it("answers null for a name never stored, and removing it is no error", async () => {
    const store = make();
    expect(await store.get("dropoff_1_ffffffffffffffff.webp")).toBeNull();
    await expect(store.remove("dropoff_1_ffffffffffffffff.webp")).resolves.toBeUndefined();
  });

  it("keeps names apart: removing one leaves its siblings (a photo's three variants)", async () => {
    const store = make();
    const names = ["0123456789abcdef0123456789abcdef.webp", "0123456789abcdef0123456789abcdef-sm.webp", "0123456789abcdef0123456789abcdef-lg.webp"];
    await Promise.all(names.map((name) => store.put(name, Buffer.from(name))));
    await store.remove(names[1]!);
    expect((await Promise.all(names.map((name) => store.get(name)))).map((bytes) => bytes?.toString() ?? null)).toEqual([names[0], null, names[2]]);
  });
});

it("a second store on the same bucket (another machine) reads what the first stored", async () => {
  const [one, two] = [objectStore(uploadStoreSettings(s3.env)!), objectStore(uploadStoreSettings(s3.env)!)];
  await one.put("problem_3_00112233aabbccdd.webp", Buffer.from("evidence"));
  expect((await two.get("problem_3_00112233aabbccdd.webp"))?.toString()).toBe("evidence");
  await two.remove("problem_3_00112233aabbccdd.webp");
  expect(await one.get("problem_3_00112233aabbccdd.webp")).toBeNull();
  // The folder store wrote nothing but what it was given (no temporary file left behind).
  expect(readdirSync(folder).filter((name) => name.startsWith("."))).toEqual([]);
});

it("an unreachable store is an error, not a missing picture", async () => {
  const store = objectStore(uploadStoreSettings({ ...s3.env, UPLOAD_STORE: "s3://contract?endpoint=http://127.0.0.1:9&forcePathStyle=true" })!);
  await expect(store.get("7-0123456789abcdef.webp")).rejects.toThrow();
});

describe("UPLOAD_STORE", () => {
  it("is unset by default: the folder store", () => {
    expect(loadConfig({}).uploadStore).toBeNull();
  });

  it("reads the bucket, prefix, endpoint, region, path style and keys", () => {
    const settings = loadConfig({
      UPLOAD_STORE: "s3://photos/nosh?endpoint=http://127.0.0.1:4569&region=eu-west-1&forcePathStyle=true",
      UPLOAD_STORE_KEY_ID: "id",
      UPLOAD_STORE_SECRET: "secret",
    }).uploadStore;
    expect(settings).toEqual({
      bucket: "photos",
      prefix: "nosh/",
      endpoint: "http://127.0.0.1:4569",
      region: "eu-west-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "id", secretAccessKey: "secret" },
    });
    expect(loadConfig({ UPLOAD_STORE: "s3://photos" }).uploadStore).toMatchObject({ endpoint: null, region: "us-east-1", forcePathStyle: false, credentials: null });
  });

  it.each([
    [{ UPLOAD_STORE: "photos" }, /UPLOAD_STORE must be a URL/],
    [{ UPLOAD_STORE: "https://photos.example" }, /UPLOAD_STORE must be an s3:\/\/ URL/],
    [{ UPLOAD_STORE: "s3://photos?endpoint=127.0.0.1:4569" }, /endpoint must be an http\(s\) address/],
    [{ UPLOAD_STORE: "s3://photos?forcePathStyle=yes" }, /forcePathStyle must be true or false/],
    [{ UPLOAD_STORE: "s3://photos", UPLOAD_STORE_KEY_ID: "id" }, /go together/],
    [{ UPLOAD_STORE_KEY_ID: "id", UPLOAD_STORE_SECRET: "secret" }, /need UPLOAD_STORE/],
  ])("refuses %o at start-up, naming the setting", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
