import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../platform/testing/db";

// The photo uploads are parsed in place (multipart.ts multipartParts) instead of by undici's formData(),
// which held a 10 MB body three more times. It must read what formData() reads: the same parts,
// names, file bytes and field values, from bodies as browsers and fetch write them; and refuse
// (null) what is not multipart.

setUpTestDatabase();
const { multipartParts } = await import("./multipart");

async function encoded(form: FormData) {
  const request = new Request("http://n/", { method: "PUT", body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), type: request.headers.get("content-type")! };
}

describe("multipartParts", () => {
  it("reads the parts formData() reads, the file's bytes untouched and not copied", async () => {
    const photo = new Uint8Array(300_000).map((_, i) => (i * 7919) % 256);
    // Bytes that look like a boundary's start inside the file must not end it.
    photo.set(new TextEncoder().encode("\r\n--\r\n--formdata"), 1000);
    const form = new FormData();
    form.append("x", "10");
    form.append("photo", new Blob([photo], { type: "image/jpeg" }), "banner.jpg");
    form.append("width", "1200");
    form.append("caption", "Crème brûlée \u{1F370}");
    form.append("empty", new Blob([]), "none.png");
    const { body, type } = await encoded(form);
    const parts = multipartParts(body, type)!;
    expect(parts.map((part) => [part.name, part.filename])).toEqual([
      ["x", undefined],
      ["photo", "banner.jpg"],
      ["width", undefined],
      ["caption", undefined],
      ["empty", "none.png"],
    ]);
    const file = parts[1]!.bytes;
    expect(file).toEqual(photo);
    expect(file.buffer).toBe(body.buffer);
    expect(new TextDecoder().decode(parts[3]!.bytes)).toBe("Crème brûlée \u{1F370}");
    expect(parts[4]!.bytes.byteLength).toBe(0);
    const parsed = await new Response(body, { headers: { "content-type": type } }).formData();
    expect(new Uint8Array(await (parsed.get("photo") as File).arrayBuffer())).toEqual(file);
  });

  it("refuses what is not multipart/form-data, or is cut short", async () => {
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(10)]), "a.png");
    const { body, type } = await encoded(form);
    expect(multipartParts(body, "application/json")).toBeNull();
    expect(multipartParts(body, "multipart/form-data")).toBeNull();
    expect(multipartParts(body, "multipart/form-data; boundary=other")).toBeNull();
    expect(multipartParts(body.subarray(0, body.byteLength - 20), type)).toBeNull();
    expect(multipartParts(new Uint8Array(0), type)).toBeNull();
    expect(multipartParts(body, type)).toHaveLength(1);
  });
});
