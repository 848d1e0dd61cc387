import { describe, expect, it } from "vitest";
import { HELP_ARTICLES, searchHelp } from "./help-articles";

describe("the help centre's search", () => {
  it("finds the articles with every word, the title's matches first; all of them for no words", () => {
    expect(searchHelp("").length).toBe(HELP_ARTICLES.length);
    expect(searchHelp("refund")[0]!.slug).toBe("refunds");
    expect(searchHelp("Courier apply").map((a) => a.slug)).toEqual(["become-courier"]);
    expect(searchHelp("payout").map((a) => a.audience)).toEqual(["owners"]);
    expect(searchHelp("zzzz nothing")).toEqual([]);
    // Words are matched at their start, as typed; punctuation is not a pattern.
    expect(searchHelp("(.*)")).toHaveLength(HELP_ARTICLES.length);
  });
});
