import { describe, expect, it } from "vitest";
import { inEnglish } from "@/lib/contract/testing/in-english";
import { readSearch } from "./read-search";
import { searchHref } from "./search-href";

describe("/search's URL", () => {
  it("reads every filter with the API's rules", () => {
    const { query, state, problems } = readSearch({
      q: " pizza ",
      cuisine: "Italian,Pizza",
      minRating: "4",
      priceLevel: "MODERATE",
      maxDeliveryMinutes: "30",
      maxDishPrice: "12.50",
      sort: "price",
    });
    expect(problems).toEqual([]);
    expect(query).toMatchObject({
      q: "pizza",
      cuisine: ["Italian", "Pizza"],
      minRating: 4,
      priceLevel: ["MODERATE"],
      maxDeliveryMinutes: 30,
      maxDishPrice: 1250,
      sort: "price",
    });
    expect(state).toEqual({
      q: "pizza",
      cuisine: "Italian,Pizza",
      minRating: "4",
      priceLevel: "MODERATE",
      maxDeliveryMinutes: "30",
      maxDishPrice: "12.50",
      sort: "price",
    });
  });

  it("takes the repeated values a plain GET form sends for the lists", () => {
    const { query, state } = readSearch({ cuisine: ["Thai", "Korean"], priceLevel: ["INEXPENSIVE", "EXPENSIVE"], q: ["first", "second"] });
    expect(query).toMatchObject({ q: "first", cuisine: ["Thai", "Korean"], priceLevel: ["INEXPENSIVE", "EXPENSIVE"] });
    expect(state.cuisine).toBe("Thai,Korean");
  });

  it("leaves out what the API would refuse and names it, keeping the rest", () => {
    const { query, state, problems } = readSearch({ q: "x".repeat(101), cuisine: "Martian", minRating: "9", sort: "random", maxDeliveryMinutes: "30" });
    expect(query).toMatchObject({ sort: "best", maxDeliveryMinutes: 30 });
    expect([query.q, query.cuisine, query.minRating]).toEqual([undefined, undefined, undefined]);
    expect(state).toEqual({ maxDeliveryMinutes: "30" });
    // Said messages (lib/shared/words/said.ts): the page writes them in the reader's language.
    expect(problems.map(inEnglish)).toEqual(
      expect.arrayContaining([
        "q must be at most 100 characters",
        expect.stringMatching(/^cuisine must be/),
        expect.stringMatching(/^minRating must be/),
        expect.stringMatching(/^sort must be/),
      ]),
    );
  });

  it("ignores parameters that are not filters", () => {
    expect(readSearch({ limit: "500", offset: "-1", type: "nonsense" })).toMatchObject({ query: { limit: 20, offset: 0, type: "all" }, problems: [] });
  });

  it("writes the filters back in a fixed order, leaving out empty values and the default sort", () => {
    expect(searchHref({ sort: "best", q: " sushi " })).toBe("/search?q=sushi");
    expect(searchHref({ sort: "rating", cuisine: "Thai", q: "" })).toBe("/search?cuisine=Thai&sort=rating");
    expect(searchHref({})).toBe("/search");
    expect(searchHref({ q: "crème brûlée & co" })).toBe("/search?q=cr%C3%A8me+br%C3%BBl%C3%A9e+%26+co");
  });
});
