import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALE_DIR, LOCALES, MIRRORED, directionOf, localeOf } from "./locale";

// Right to left ready (docs/architecture/languages.md "Right to left"): the app's styles (every
// CSS file under app/ and components/, and the inline style objects of their components) say
// start and end, not left and right, so `<html dir="rtl">` mirrors every layout. A physical
// left/right property, keyword, asymmetric shorthand or horizontal translate fails here; a rule
// under `[dir="rtl"]` is itself the mirroring and is not read. Mail (lib/server/mail) stays
// physical: mail clients ignore logical properties.

const root = path.resolve(import.meta.dirname, "../..");

/** The few that must stay physical, each with its reason. An entry that matches nothing fails too. */
const ALLOWED: { file: string; declaration: string; why: string }[] = [
  // No logical keywords for background-position in browsers: a [dir="rtl"] rule beside each moves it.
  {
    file: "components/landing/landing.module.css",
    declaration: "background-position: right 22px center, right 16px center",
    why: "the time select's drawn chevron; mirrored by [dir=rtl]",
  },
  { file: "components/ui/choice-field.module.css", declaration: "background-position: right var(--space-3) center", why: "a select's chevron; mirrored by [dir=rtl]" },
  // The panels' slide-in keyframes; [dir="rtl"] swaps which one each panel plays.
  { file: "components/ui/dialog.module.css", declaration: "transform: translateX(-100%)", why: "from the left; [dir=rtl] gives it to the end panel" },
  { file: "components/ui/dialog.module.css", declaration: "transform: translateX(100%)", why: "from the right; [dir=rtl] gives it to the start panel" },
  { file: "components/owner/hours-editor.module.css", declaration: "float: left", why: "takes the legend out of its fieldset's border; a flex item ignores the side" },
  // A map is not mirrored: east is on the right in every language.
  { file: "components/map/pin-map.module.css", declaration: "margin: -22px 0 0 -22px", why: "centres the pin's handle on its point of the map" },
  { file: "components/map/pin-map.tsx", declaration: "left", why: "the pin's place on the map, from its longitude" },
  // next/image's own fill style, byte for byte (photo.test.ts); both sides 0, so no side is meant.
  { file: "components/ui/photo.tsx", declaration: "left", why: "next/image's fill style: left and right both 0" },
  { file: "components/ui/photo.tsx", declaration: "right", why: "next/image's fill style: left and right both 0" },
];

/** Splits at `separator` outside parentheses and quotes. */
function splitTop(text: string, separator: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = "";
  let current = "";
  for (const char of text) {
    if (quote) quote = char === quote ? "" : quote;
    else if (char === '"' || char === "'") quote = char;
    else if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (depth === 0 && separator.test(char)) {
      parts.push(current);
      current = "";
      continue;
    }
    current += char;
  }
  return [...parts, current].map((part) => part.trim()).filter(Boolean);
}

const FOUR_SIDES = new Set(["margin", "padding", "inset", "border-width", "border-style", "border-color", "scroll-margin", "scroll-padding"]);

/** Why a declaration is physical in the inline direction, or null when it is not. */
export function physical(property: string, value: string): string | null {
  if (property.startsWith("--")) return null;
  if (/(^|-)(left|right)(-|$)/.test(property)) return "a left/right property";
  const words = value.replace(/url\([^)]*\)|var\(--[\w-]+|"[^"]*"|'[^']*'/g, "");
  if (/\b(left|right)\b/.test(words)) return "a left/right keyword";
  if (FOUR_SIDES.has(property)) {
    const sides = splitTop(value, /\s/);
    if (sides.length === 4 && sides[1] !== sides[3]) return "four sides with different left and right";
  }
  if (property === "border-radius") {
    for (const part of splitTop(value, /\//)) {
      const [a, b = a, c = a, d = b] = splitTop(part, /\s/);
      if (a !== b || c !== d) return "corners with different left and right";
    }
  }
  const translate = /translateX\(([^)]*)\)|translate(?:3d)?\(([^,)]*)[,)]/.exec(words);
  if (translate && !/^0(px|%)?$/.test((translate[1] ?? translate[2] ?? "").trim())) return "a horizontal translate";
  return null;
}

type Finding = { file: string; declaration: string; why: string };

/** Every physical declaration of a stylesheet, but a box centred by `left: 50%` and `translateX(-50%)` (the same both ways). */
export function physicalInCss(css: string, file = "x.css"): Finding[] {
  const found: Finding[] = [];
  for (const [, selector, body] of css.replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/([^{}]*)\{([^{}]*)\}/g)) {
    if (/\[dir=("|')?rtl/.test(selector!)) continue;
    const declarations = splitTop(body!, /;/).map((text) => {
      const colon = text.indexOf(":");
      return {
        property: text.slice(0, colon).trim().toLowerCase(),
        value: text
          .slice(colon + 1)
          .trim()
          .replace(/\s+/g, " "),
      };
    });
    const centred = declarations.some((d) => d.property === "transform" && d.value === "translateX(-50%)");
    for (const { property, value } of declarations) {
      if (centred && ((property === "left" && value === "50%") || value === "translateX(-50%)")) continue;
      const why = physical(property, value);
      if (why) found.push({ file, declaration: `${property}: ${value}`, why });
    }
  }
  return found;
}

const REACT_PHYSICAL =
  /\b(left|right|(margin|padding|border|scrollMargin|scrollPadding)(Left|Right)\w*|border(Top|Bottom)(Left|Right)Radius)\s*:|\b(textAlign|float|clear)\s*:\s*["'](left|right)/g;

/** Physical keys of a component's inline style objects (`style={{ ... }}`, `CSSProperties = { ... }`). */
export function physicalInStyles(source: string, file = "x.tsx"): Finding[] {
  const objects = [...source.matchAll(/style=\{\{([\s\S]*?)\}\}|CSSProperties\s*=\s*\{([\s\S]*?)\}/g)].map((m) => m[1] ?? m[2]!);
  return objects.flatMap((object) => [...object.matchAll(REACT_PHYSICAL)].map((m) => ({ file, declaration: m[1] ?? m[6]!, why: "a left/right style key" })));
}

const filesUnder = (dir: string, ending: RegExp) =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => ending.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));

describe("logical CSS", () => {
  it("finds what is physical, and passes what is logical or centred", () => {
    const css = `.a { margin-left: 1px; padding: 0 1px 0 2px; text-align: right; border-radius: 4px 0 0 4px }
      .b { margin-inline-start: 1px; padding: 0 1px 0 1px; text-align: start; border-radius: 4px; inset: 0; --left: 1px }
      .c { left: 50%; transform: translateX(-50%) } .d { transform: translateX(8px) } [dir="rtl"] .e { left: 0 }`;
    expect(physicalInCss(css).map((f) => f.declaration)).toEqual([
      "margin-left: 1px",
      "padding: 0 1px 0 2px",
      "text-align: right",
      "border-radius: 4px 0 0 4px",
      "transform: translateX(8px)",
    ]);
    expect(physicalInStyles(`<p style={{ marginLeft: 4, inset: 0, textAlign: "right" }} />; const S: CSSProperties = { right: 0 };`).map((f) => f.declaration)).toEqual([
      "marginLeft",
      "textAlign",
      "right",
    ]);
  });

  it("the app's styles say start and end, not left and right (but the allow-list's few, each for its reason)", () => {
    const found = [
      ...["app", "components"].flatMap((dir) => filesUnder(dir, /\.css$/)).flatMap((file) => physicalInCss(readFileSync(path.join(root, file), "utf8"), file)),
      ...["app", "components"].flatMap((dir) => filesUnder(dir, /\.tsx?$/)).flatMap((file) => physicalInStyles(readFileSync(path.join(root, file), "utf8"), file)),
    ];
    const allowed = (f: Finding) => ALLOWED.some((a) => a.file === f.file && a.declaration === f.declaration);
    expect(found.filter((f) => !allowed(f)).map((f) => `${f.file}: ${f.declaration} (${f.why})`)).toEqual([]);
    expect(ALLOWED.filter((a) => !found.some((f) => f.file === a.file && f.declaration === a.declaration))).toEqual([]);
  });
});

describe("a request's direction", () => {
  it("every language says its direction; the mirror pseudo-locale is English right to left, outside production only", () => {
    expect(LOCALES.map((locale) => LOCALE_DIR[locale])).toEqual(["ltr", "ltr", "ltr"]);
    expect(localeOf(MIRRORED, "es-MX,es;q=0.9")).toBe("en");
    expect(directionOf("en", MIRRORED, true)).toBe("rtl");
    expect(directionOf("en", MIRRORED, false)).toBe("ltr");
    expect(directionOf("es", "es", true)).toBe("ltr");
  });
});
