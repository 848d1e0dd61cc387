import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import ts from "typescript";
import { IntlMessageFormat } from "intl-messageformat";
import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { ENGLISH as en, SOURCES } from "./catalogues";
import { LOCALES, localeOf } from "./locale";
import { translatorFor, wordsFor } from "./translate";
import { ALLERGENS } from "@/lib/shared/menu/allergens";
import { NOT_TAKING_ORDERS } from "@/lib/server/orders/create";
import { NOT_TAKING_ORDERS as NOT_TAKING } from "@/components/browse/format";
import { fill } from "@/lib/shared/words/fill";
import { NOTIFICATION_KINDS, PREFERENCE_KINDS } from "@/lib/shared/people/notifications";
import { inEnglish } from "@/lib/contract/testing/in-english";

const root = path.resolve(import.meta.dirname, "../..");
type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));
const CATALOGUES = SOURCES as Record<(typeof LOCALES)[number], Tree>;
const { es, fr } = CATALOGUES;

describe("the message catalogues", () => {
  it("Spanish has every English key and no other; French only English's keys (the rest falls back to English)", () => {
    const keys = (tree: Tree) => leaves(tree).map(([key]) => key);
    expect(keys(es).sort()).toEqual(keys(en).sort());
    expect(keys(fr).filter((key) => !keys(en).includes(key))).toEqual([]);
  });

  it("every message is ICU that parses in its language, with the same arguments as English's", () => {
    const english = new Map(leaves(en));
    const argumentsOf = (message: string, locale: string) =>
      new IntlMessageFormat(message, locale)
        .getAst()
        .flatMap((part) => ("value" in part && part.type !== 0 ? [String(part.value)] : []))
        .sort();
    for (const locale of LOCALES) {
      for (const [key, message] of leaves(CATALOGUES[locale])) {
        expect(() => new IntlMessageFormat(message, locale), `${locale} ${key}`).not.toThrow();
        expect(argumentsOf(message, locale), `${locale} ${key}`).toEqual(argumentsOf(english.get(key)!, "en"));
      }
    }
  });
});

describe("a server translation", () => {
  it("is use-intl's own for every message with text arguments (translatorFor fills a plain one from its split)", () => {
    type Writer = (key: string, values: Record<string, string>) => string;
    const differ: string[] = [];
    for (const locale of LOCALES) {
      const alone = createTranslator({ locale, messages: CATALOGUES[locale] }) as unknown as Writer;
      for (const [key, message] of leaves(CATALOGUES[locale])) {
        // A tag, plural, select, number or date is use-intl's alone; a message of plain text is itself either way.
        if (/<|\{\s*\w+\s*,/.test(message) || !/[{']/.test(message)) continue;
        const values = Object.fromEntries([...message.matchAll(/\{\s*(\w+)\s*\}/g)].map(([, name]) => [name, `<${name} '{x}'>`]));
        const at = key.lastIndexOf(".");
        const said = (translatorFor(locale, key.slice(0, at) as never) as unknown as Writer)(key.slice(at + 1), values);
        if (said !== alone(key, values)) differ.push(`${locale} ${key}: ${said}`);
      }
    }
    expect(differ).toEqual([]);
  });
});

describe("the words handed to client components", () => {
  it("are finished on the server, each argument kept for the browser's fill(); a key French lacks is English's", () => {
    expect(fill(wordsFor("es", "cart").itemMany, { count: 3 })).toBe("3 artículos");
    expect(fill(wordsFor("en", "order").title, { id: 42 })).toBe("Order #42");
    expect(wordsFor("en", "checkout").place.place).toBe("Place order");
    expect(wordsFor("es", "checkout").place.place).toBe("Realizar pedido");
    expect(wordsFor("fr", "cart").title).toBe("Votre panier");
    expect(wordsFor("fr", "cart").clear).toBe("Clear cart");
    expect(fill("{a} and {b}", { a: 1 })).toBe("1 and {b}");
  });
});

describe("English entries that replaced a screen's constants", () => {
  it("are those constants, word for word (the English screens unchanged)", () => {
    expect(en.allergens.names).toEqual({
      celery: "Celery",
      gluten: "Cereals containing gluten",
      crustaceans: "Crustaceans",
      eggs: "Eggs",
      fish: "Fish",
      lupin: "Lupin",
      milk: "Milk",
      molluscs: "Molluscs",
      mustard: "Mustard",
      "tree-nuts": "Tree nuts",
      peanuts: "Peanuts",
      sesame: "Sesame",
      soybeans: "Soybeans",
      sulphites: "Sulphites",
    });
    expect(en.allergens.diets).toEqual({
      vegetarian: "Vegetarian",
      vegan: "Vegan",
      "gluten-free": "Gluten-free",
      halal: "Halal",
      kosher: "Kosher",
      spicy: "Spicy",
    });
    // A dish's compact labels' lines (components/menu/dish-labels.tsx), in English too from here.
    expect([en.allergens.diet, en.allergens.contains, en.allergens.mayContain]).toEqual(["Diet: ", "Contains {list}", "May contain {list}"]);
    expect(en.allergens.short).toEqual(Object.fromEntries(ALLERGENS.map((name) => [name, name.replace("-", " ")])));
    expect([en.order.label.expired, en.order.timeline.rejected, en.order.headline.out_for_delivery]).toEqual([
      "Not confirmed",
      "Declined by the restaurant",
      "Your food is on its way",
    ]);
    expect(en.dish.closed).toBe(inEnglish(NOT_TAKING_ORDERS));
    expect(en.restaurant.closed).toBe(inEnglish(NOT_TAKING_ORDERS));
    expect(en.dish.soldOut).toBe("Sold out today");
    expect(en.dish.notTaking).toBe(NOT_TAKING);
    expect(en.cart.conflict.message).toBe("Your cart contains items from a different restaurant. Please clear your cart or complete your existing order first.");
    expect(en.order.late.pickup).toBe("Running late: the kitchen is taking longer than expected.");
    // The choices' rules: the dish dialog's and, said, the server's problem in messages.lineChoice (lib/server/orders/lines.ts).
    expect(en.dish.choices.rules).toEqual({
      exactly: "Choose {count} {name}",
      upTo: "Choose up to {count} {name}",
      range: "Choose {min} to {max} {name}",
      unknownOne: "One of the choices is not offered",
      unknownSome: "Some choices are not offered",
      twice: "{name} is chosen more than once",
      soldOut: "{name} is sold out",
      instructions: "Instructions must be at most {max} characters",
    });
    // A kind's name: every kind has one, a preference kind's on the preferences page, a security kind's (the unsubscribe page) in the server's.
    expect(Object.keys(en.profile.notifications.kinds).sort()).toEqual([...PREFERENCE_KINDS].sort());
    expect(Object.keys({ ...en.profile.notifications.kinds, ...en.server.notify.kind }).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });
});

describe("a request's language", () => {
  it("the footer's choice first, else the best of Accept-Language that Nosh speaks, else English", () => {
    expect(localeOf("fr", "es-MX,es;q=0.9")).toBe("fr");
    expect(localeOf(undefined, "es-MX,es;q=0.9,en;q=0.5")).toBe("es");
    expect(localeOf(undefined, "de-DE,fr;q=0.4,en;q=0.3")).toBe("fr");
    expect(localeOf(undefined, "de-DE")).toBe("en");
    expect(localeOf("klingon", undefined)).toBe("en");
    expect(localeOf(undefined, "en-US,en;q=0.9,es;q=0.8")).toBe("en");
  });
});

// Every screen reads its words from the catalogue: a word a person reads written straight into a
// file under app/ or components/ (a JSX text, or a label, placeholder, alt or title attribute) fails
// here, as it would be English for every language.
const SCREENS = execFileSync("git", ["ls-files", "app", "components"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((file) => file.endsWith(".tsx"));
const READ_ATTRIBUTES = new Set(["aria-label", "placeholder", "alt", "title", "label"]);

/** The literal texts an attribute's expression can be: "Hi", `Hi ${name}`'s "Hi ", either branch of a condition, a `??`/`||`/`+` or what `&&` gives (a call's arguments and a comparison's values are keys, not words). */
function textsOf(expression: ts.Expression): string[] {
  if (ts.isStringLiteralLike(expression)) return [expression.text];
  if (ts.isTemplateExpression(expression)) return [expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)];
  if (ts.isParenthesizedExpression(expression)) return textsOf(expression.expression);
  if (ts.isConditionalExpression(expression)) return [...textsOf(expression.whenTrue), ...textsOf(expression.whenFalse)];
  if (ts.isBinaryExpression(expression)) {
    const operator = expression.operatorToken.kind;
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return textsOf(expression.right);
    if (operator === ts.SyntaxKind.PlusToken || operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.BarBarToken)
      return [...textsOf(expression.left), ...textsOf(expression.right)];
  }
  return [];
}

const isStyle = (element: ts.JsxElement | ts.JsxFragment) => ts.isJsxElement(element) && element.openingElement.tagName.getText() === "style";

/** The words written into a file's JSX that a person would read, with their line. */
export function wordsOutsideTheCatalogue(source: string, file = "page.tsx"): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (node: ts.Node, text: string) => found.push(`${file}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${JSON.stringify(text)}`);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) at(node, node.text.trim());
    // {cond ? "Update order" : "Add to order"} between tags.
    if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)) && !isStyle(node.parent))
      for (const text of textsOf(node.expression)) if (/\p{L}/u.test(text)) at(node, text);
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const texts = ts.isStringLiteral(node.initializer)
        ? [node.initializer.text]
        : ts.isJsxExpression(node.initializer) && node.initializer.expression
          ? textsOf(node.initializer.expression)
          : [];
      for (const text of texts) if (/\p{L}/u.test(text)) at(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

describe("no word outside the catalogue", () => {
  it("finds the words written into JSX, and only those", () => {
    const words = wordsOutsideTheCatalogue(`const a = <p title="Hello" className="x">Welcome {name} <b>{t("x")}</b> · 2</p>;`);
    expect(words).toEqual(['page.tsx:1 "Hello"', 'page.tsx:1 "Welcome"']);
  });

  it("finds the words a JSX expression or attribute can show, but not keys, comparisons or a style sheet", () => {
    const source = `const a = <p aria-label={on ? "Remove" : \`Add \${name}\`}>{saving ? "Saving…" : label}{status === "ready" && <b>{t("x.y")}</b>}{open && "Open"}<style>{\`a { display: none; }\`}</style></p>;`;
    expect(wordsOutsideTheCatalogue(source)).toEqual(['page.tsx:1 "Remove"', 'page.tsx:1 "Add "', 'page.tsx:1 "Saving…"', 'page.tsx:1 "Open"']);
  });

  it("every screen under app/ and components/ reads its words from the catalogue", () => {
    expect(SCREENS).toContain("components/team/team-manager.tsx");
    const outside = SCREENS.flatMap((file) => wordsOutsideTheCatalogue(readFileSync(path.join(root, file), "utf8"), file));
    expect(outside).toEqual([]);
  });
});
