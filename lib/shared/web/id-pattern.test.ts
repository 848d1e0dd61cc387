import { describe, expect, it } from "vitest";
import { idFromText, ID_PATTERN, MAX_ID } from "./id-pattern";

describe("idFromText (the checkout page's zod-free id)", () => {
  it("reads a positive id of up to 9 digits", () => {
    expect(idFromText("1")).toBe(1);
    expect(idFromText("999999999")).toBe(999_999_999);
  });

  it("refuses zero, a leading zero, 10 digits and anything but digits", () => {
    for (const text of ["", "0", "007", "1000000000", "-1", "1e3", " 7", "0x1f", "7 "]) expect(idFromText(text)).toBeNull();
  });

  it("takes nothing over MAX_ID", () => {
    expect(Number("9".repeat(9))).toBeLessThan(MAX_ID);
    expect(ID_PATTERN.test(String(MAX_ID))).toBe(false);
  });
});
