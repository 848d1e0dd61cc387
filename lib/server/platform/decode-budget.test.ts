import { describe, expect, it } from "vitest";
import { holdUpload } from "./decode-budget";

const MB = 1024 * 1024;

describe("holdUpload", () => {
  it("admits upload bodies up to 32 MB together, refuses the next with a 503 before it is read, and frees a hold once", () => {
    const first = holdUpload(10 * MB);
    const second = holdUpload(10 * MB);
    const third = holdUpload(10 * MB);
    expect(() => holdUpload(10 * MB)).toThrow(expect.objectContaining({ status: 503, headers: { "Retry-After": "1" } }));
    first();
    first(); // a second release frees nothing more
    const fourth = holdUpload(10 * MB);
    expect(() => holdUpload(10 * MB)).toThrow(expect.objectContaining({ status: 503 }));
    for (const release of [second, third, fourth]) release();
  });

  it("always admits one upload alone, whatever it declares", () => {
    const alone = holdUpload(64 * MB);
    expect(() => holdUpload(1)).toThrow(expect.objectContaining({ status: 503 }));
    alone();
    holdUpload(1)();
  });
});
