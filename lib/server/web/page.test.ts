import { describe, expect, it } from "vitest";
import { ApiError, notFound } from "../platform/errors";
import { parseId } from "./url-input";
import { optionalPageId, orNotFound, pageId } from "./page";

// Pages and handlers share one id rule (lib/contract/common/id-rules.ts): where parseId answers a 400
// naming the field, pageId renders the not-found page. next/navigation's notFound() throws an
// error whose digest Next.js turns into the 404 page and status.

const NOT_FOUND_DIGEST = "NEXT_HTTP_ERROR_FALLBACK;404";

function digestOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return (error as { digest?: string }).digest;
  }
  return undefined;
}

async function rejectionDigest(load: Promise<unknown>): Promise<string | undefined> {
  return load.then(
    () => undefined,
    (error: unknown) => (error as { digest?: string }).digest,
  );
}

const JUNK: (string | string[] | undefined)[] = ["abc", "", "0", "-1", "1.5", "1e3", " 7", "0x1f", "2147483648", "99999999999999999999", ["1", "2"], undefined];

describe("pageId", () => {
  it("reads a positive whole number up to the largest row id", () => {
    expect(pageId("1")).toBe(1);
    expect(pageId("42")).toBe(42);
    expect(pageId("2147483647")).toBe(2_147_483_647);
  });

  it.each(JUNK.map((raw) => [raw]))("renders the not-found page for %j", (raw) => {
    expect(digestOf(() => pageId(raw))).toBe(NOT_FOUND_DIGEST);
  });

  it("accepts exactly what the API's parseId accepts", () => {
    for (const raw of JUNK) expect(() => parseId(raw, "orderId")).toThrow(ApiError);
    for (const raw of ["1", "42", "2147483647"]) expect(parseId(raw)).toBe(pageId(raw));
  });

  it("has the API answer junk with a 400 naming the field", () => {
    try {
      parseId("abc", "orderId");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).errors).toEqual({ orderId: "orderId must be a positive whole number" });
    }
  });
});

describe("optionalPageId", () => {
  it("is the id or null, never a 404", () => {
    expect(optionalPageId("12")).toBe(12);
    for (const raw of JUNK) expect(optionalPageId(raw)).toBeNull();
  });
});

describe("orNotFound", () => {
  it("passes a loaded record through", async () => {
    await expect(orNotFound(Promise.resolve({ id: 3 }))).resolves.toEqual({ id: 3 });
  });

  it("renders the not-found page for the data layer's 404 and for a missing record", async () => {
    expect(await rejectionDigest(orNotFound(Promise.reject(notFound("Restaurant"))))).toBe(NOT_FOUND_DIGEST);
    expect(await rejectionDigest(orNotFound(Promise.resolve(null)))).toBe(NOT_FOUND_DIGEST);
  });

  it("lets any other error through (the error page, a 500)", async () => {
    const forbidden = new ApiError("forbidden", "Forbidden");
    await expect(orNotFound(Promise.reject(forbidden))).rejects.toBe(forbidden);
    const broken = new Error("database is on fire");
    await expect(orNotFound(Promise.reject(broken))).rejects.toBe(broken);
  });
});
