import { describe, expect, it } from "vitest";
import { firstGrapheme, sliceGraphemes } from "./graphemes";

describe("firstGrapheme", () => {
  it("keeps an emoji whole instead of splitting its surrogate pair", () => {
    expect(firstGrapheme("🍕 Pizza")).toBe("🍕");
    expect(firstGrapheme("🍕")).toBe("🍕");
  });

  it("keeps a combined emoji and an accented letter whole", () => {
    expect(firstGrapheme("👩🏽‍🍳 Chef")).toBe("👩🏽‍🍳");
    expect(firstGrapheme("e\u0301lise")).toBe("e\u0301");
  });

  it("returns the first letter of a plain name and nothing for an empty one", () => {
    expect(firstGrapheme("Nina")).toBe("N");
    expect(firstGrapheme("")).toBe("");
    expect(firstGrapheme(null)).toBe("");
  });
});

describe("sliceGraphemes", () => {
  it("shortens to whole graphemes within the length limit, never half an emoji", () => {
    const name = `${"a".repeat(29)}🍕`;
    expect(sliceGraphemes(name, 30)).toBe("a".repeat(29));
    expect(sliceGraphemes("👩🏽‍🍳👩🏽‍🍳", 8)).toBe("👩🏽‍🍳");
    expect(sliceGraphemes("Nina 🍕", 30)).toBe("Nina 🍕");
  });
});
