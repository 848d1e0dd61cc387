import { describe, expect, it } from "vitest";
import { z } from "zod";
import { freeText, requiredText } from "../common/field-rules";
import { hasForbiddenCharacters, isInvisible, normalizeText, passwordError, textError } from "./text-rules";
import { english, inEnglish } from "@/lib/contract/testing/in-english";

// The free-text rules (text-rules.ts), table by table: what is refused, what is blank,
// and what an accepted value becomes.

const C = {
  nul: "\u0000",
  esc: "\u001b",
  del: "\u007f",
  c1: "\u0085",
  tab: "\t",
  newline: "\n",
  cr: "\r",
  lro: "\u202d",
  rlo: "\u202e",
  lri: "\u2066",
  pdi: "\u2069",
  loneHigh: "\ud800",
  loneLow: "\udc00",
  zwsp: "\u200b",
  zwj: "\u200d",
  wj: "\u2060",
  bom: "\ufeff",
  softHyphen: "\u00ad",
  hangulFiller: "\u3164",
  nbsp: "\u00a0",
};

describe("hasForbiddenCharacters", () => {
  it.each([
    ["NUL", `Ada${C.nul}`],
    ["ESC", `${C.esc}[31mAda`],
    ["DEL", `Ada${C.del}`],
    ["a C1 control", `Ada${C.c1}`],
    ["a tab in one-line text", `Ada${C.tab}Lovelace`],
    ["a newline in one-line text", `Ada${C.newline}Lovelace`],
    ["a left-to-right override", `${C.lro}Ada`],
    ["a right-to-left override", `gpj.${C.rlo}exe`],
    ["a left-to-right isolate", `${C.lri}Ada${C.pdi}`],
    ["a lone high surrogate", `Ada${C.loneHigh}`],
    ["a lone low surrogate", `${C.loneLow}Ada`],
  ])("refuses %s", (_label, value) => {
    expect(hasForbiddenCharacters(value)).toBe(true);
  });

  it.each([
    ["plain text", "Ada Lovelace"],
    ["accents and other scripts", "Zoë Ñúñez 李小龍 محمد"],
    ["an emoji (a surrogate pair)", "Taco night 🌮"],
    ["an emoji joined with a ZWJ", "Chef 👩‍🍳"],
    ["a flag (tag sequence)", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"],
    ["left-to-right and right-to-left marks", `Ada\u200e\u200f`],
  ])("accepts %s", (_label, value) => {
    expect(hasForbiddenCharacters(value)).toBe(false);
  });

  it("multi-line text may hold tabs and line breaks, nothing else of the kind", () => {
    expect(hasForbiddenCharacters(`Good.${C.cr}${C.newline}${C.tab}Really.`, { multiline: true })).toBe(false);
    for (const bad of [C.nul, C.esc, C.del, C.c1, C.rlo, C.loneHigh]) expect(hasForbiddenCharacters(`Good.${bad}`, { multiline: true })).toBe(true);
  });
});

describe("isInvisible", () => {
  it.each([
    ["empty", ""],
    ["spaces", "        "],
    ["a no-break space", C.nbsp],
    ["zero-width spaces", C.zwsp.repeat(3)],
    ["joiners, word joiner and BOM", `${C.zwj}${C.wj}${C.bom}`],
    ["a soft hyphen", C.softHyphen],
    ["a Hangul filler", C.hangulFiller],
  ])("%s is blank", (_label, value) => {
    expect(isInvisible(value)).toBe(true);
  });

  it("anything visible is not", () => {
    expect(isInvisible(`${C.zwsp}a${C.zwsp}`)).toBe(false);
    expect(isInvisible("🌮")).toBe(false);
  });
});

describe("normalizeText", () => {
  it("composes to NFC and trims whitespace and zero-width characters at both ends", () => {
    expect(normalizeText("  Cafe\u0301  ")).toBe("Café");
    expect(normalizeText(`${C.zwsp}${C.bom} Ada ${C.wj}${C.zwsp}`)).toBe("Ada");
    expect(normalizeText(`Ada${C.zwsp}Lovelace`)).toBe(`Ada${C.zwsp}Lovelace`);
    expect(normalizeText("🏴󠁧󠁢󠁳󠁣󠁴󠁿")).toBe("🏴󠁧󠁢󠁳󠁣󠁴󠁿");
  });
});

describe("textError and passwordError", () => {
  it.each([
    ["Name", `Ada${C.nul}`, {}, "Name contains characters that are not allowed"],
    ["Name", C.zwsp, { required: "Name is required" }, "Name is required"],
    ["Name", C.zwsp, {}, null],
    ["Review", `Line one${C.newline}Line two`, { multiline: true, required: "Write one" }, null],
    ["Review", `Line one${C.newline}Line two`, {}, "Review contains characters that are not allowed"],
  ] as const)("%s %j -> %s", (label, value, options, expected) => {
    expect(english(textError(label, value, options))).toBe(expected);
  });

  it.each([
    ["eight spaces", "        ", "Password cannot be blank"],
    ["zero-width only", C.zwsp.repeat(8), "Password cannot be blank"],
    ["a NUL", `correct${C.nul}horse`, "Password contains characters that are not allowed"],
    ["an ESC", `correct${C.esc}horse`, "Password contains characters that are not allowed"],
    ["spaces around a word (kept as typed)", "  correct horse  ", null],
  ])("password with %s", (_label, value, expected) => {
    expect(english(passwordError(value))).toBe(expected);
  });
});

describe("freeText and requiredText (the zod fields every schema uses)", () => {
  const name = requiredText("Name", "Name is required").max(10, "Too long");
  const note = freeText("Note", { multiline: true });
  const messageOf = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? null : inEnglish(result.error.issues[0]!.message);
  };

  it.each([
    [`Ada${C.nul}`, "Name contains characters that are not allowed"],
    [`${C.rlo}Ada`, "Name contains characters that are not allowed"],
    [`Ada${C.loneHigh}`, "Name contains characters that are not allowed"],
    [C.zwsp.repeat(4), "Name is required"],
    ["   ", "Name is required"],
    [undefined, "Name is required"],
    ["Ada Lovelace Byron", "Too long"],
  ])("a required field refuses %j with %j", (value, message) => {
    expect(messageOf(name, value)).toBe(message);
  });

  it("a refused character stops the other checks: one clear message, not a length complaint", () => {
    expect(name.safeParse(`${C.nul}`.repeat(20)).error?.issues).toHaveLength(1);
  });

  it("returns the value normalized and trimmed", () => {
    expect(name.parse(`  Cafe\u0301${C.zwsp} `)).toBe("Café");
  });

  it("an optional field may be empty, but not invisible characters only", () => {
    expect(note.parse("  ")).toBe("");
    expect(messageOf(note, C.softHyphen)).toBe("Note cannot be blank");
    expect(note.parse(`First.${C.newline}Second.`)).toBe(`First.${C.newline}Second.`);
    expect(messageOf(note, `First.${C.esc}`)).toBe("Note contains characters that are not allowed");
  });
});
