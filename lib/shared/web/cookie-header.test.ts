import { describe, expect, it } from "vitest";
import { cookieFrom } from "./cookie-header";

describe("cookieFrom", () => {
  it("finds a cookie by its whole name, with or without spaces after the semicolons", () => {
    expect(cookieFrom("nosh_mode=pickup; nosh_session=abc=def", "nosh_mode")).toBe("pickup");
    expect(cookieFrom("a=1;nosh_session=abc=def", "nosh_session")).toBe("abc=def");
    expect(cookieFrom("xnosh_mode=pickup", "nosh_mode")).toBeUndefined();
    expect(cookieFrom("nosh_mode_old=pickup; nosh_mode=", "nosh_mode")).toBe("");
    expect(cookieFrom(undefined, "nosh_mode")).toBeUndefined();
    expect(cookieFrom("", "nosh_mode")).toBeUndefined();
  });
});
