import { describe, expect, it } from "vitest";
import { safeReturnPath, signInHref } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps a path of this site", () => {
    expect(safeReturnPath("/group/abc_DEF-123")).toBe("/group/abc_DEF-123");
    expect(safeReturnPath("/restaurants/4?x=1")).toBe("/restaurants/4?x=1");
  });
  it("refuses anything that could leave the site", () => {
    for (const raw of [null, undefined, "", "group/abc", "//evil.example", "/\\evil.example", "https://evil.example", "/a\nb", "/a\\b"])
      expect(safeReturnPath(raw)).toBeNull();
  });
  it("builds the sign-in link that returns there", () => {
    expect(signInHref("/group/abc")).toBe("/login?next=%2Fgroup%2Fabc");
    expect(safeReturnPath(new URLSearchParams(signInHref("/group/abc").split("?")[1]).get("next"))).toBe("/group/abc");
  });
});
