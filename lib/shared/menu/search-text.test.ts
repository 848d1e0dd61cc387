import { describe, expect, it } from "vitest";
import { closestWord, foldText, innerTrigrams, nameWords, searchWords, trigramSimilarity } from "./search-text";

describe("search text", () => {
  it("folds case and accents as the databases do", () => {
    expect(foldText("Crème Brûlée")).toBe("creme brulee");
    expect(searchWords("  Crème   BRÛLÉE crème ")).toEqual(["creme", "brulee"]);
    expect(searchWords("")).toEqual([]);
    expect(nameWords("Pollo a la Sidra (Asturian)")).toEqual(["pollo", "a", "la", "sidra", "asturian"]);
  });

  it("measures similarity as pg_trgm does", () => {
    expect(trigramSimilarity("pizza", "pizza")).toBe(1);
    expect(trigramSimilarity("piza", "pizza")).toBeCloseTo(4 / 7);
    expect(trigramSimilarity("abc", "xyz")).toBe(0);
    expect(innerTrigrams("piza")).toEqual(["piz", "iza"]);
    expect(innerTrigrams("pi")).toEqual([]);
  });

  it("picks the closest word of the candidate names, or none", () => {
    expect(closestWord("piza", ["Arugula Pizza", "Mushroom Pan Pizza", "Pita Bread"])).toBe("pizza");
    expect(closestWord("lasanga", ["Lasagna al Forno", "Lasagna Bolognese"])).toBe("lasagna");
    expect(closestWord("zzqxv", ["Arugula Pizza"])).toBeNull();
    expect(closestWord("pizza", ["Arugula Pizza"])).toBeNull();
  });
});
