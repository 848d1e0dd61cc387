import { describe, expect, it } from "vitest";
import { SOURCES } from "./catalogues";
import { FIRST_VERSIONS_ES } from "@/lib/server/legal/defaults-es";

// Spanish says one thing one way (docs/architecture/languages.md "The catalogues"): where two words
// name the same thing, the catalogue and the legal documents' Spanish use the one already most
// used, so a reader never wonders whether the "billetera" is their "monedero".

/** Each thing's word, and the words it is not called. */
const ONE_WORD: { word: string; not: string[] }[] = [
  { word: "monedero", not: ["billetera", "cartera"] },
  { word: "plato", not: ["platillo"] },
];

type Tree = { [key: string]: string | Tree };
const texts = (tree: unknown): string[] => (typeof tree === "string" ? [tree] : tree && typeof tree === "object" ? Object.values(tree as Tree).flatMap(texts) : []);

/** Every word the Spanish reader is shown: the catalogues' messages and version 1 of the legal documents. */
const SPANISH = [...texts(SOURCES.es), ...texts(FIRST_VERSIONS_ES)].join("\n");

/** How many times a word (and its plural, its capitalised form) stands in a text. */
const countIn = (text: string, word: string) => (text.match(new RegExp(`(?<![\\p{L}])${word}(e?s)?(?![\\p{L}])`, "giu")) ?? []).length;
const count = (word: string) => countIn(SPANISH, word);

describe("Spanish's words", () => {
  it.each(ONE_WORD)("call the $word one thing: never $not", ({ word, not }) => {
    expect(count(word)).toBeGreaterThan(0);
    expect(Object.fromEntries(not.map((other) => [other, count(other)]))).toEqual(Object.fromEntries(not.map((other) => [other, 0])));
  });

  it("the count sees a word in its plural and capitalised, and not inside another", () => {
    const text = "Monederos y platos, un Platillo; los platillos del monedero";
    expect([countIn(text, "monedero"), countIn(text, "plato"), countIn(text, "platillo")]).toEqual([2, 1, 2]);
  });
});
