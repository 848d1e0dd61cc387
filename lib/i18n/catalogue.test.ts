import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import en from "./en.json";
import es from "./es.json";
import fr from "./fr.json";
import { LOCALES, localeOf } from "./locale";
import { wordsFor } from "./translate";
import { ALLERGEN_NAMES, ALLERGENS, DIET_LABEL_NAMES } from "@/lib/shared/allergens";
import { STAGE_HEADLINES, STAGE_LABELS, TIMELINE_LABELS } from "@/lib/shared/order-stages";
import { NOT_TAKING_ORDERS } from "@/lib/server/orders/create";
import { NOT_TAKING_ORDERS as NOT_TAKING } from "@/components/browse/format";
import { SOLD_OUT_TODAY } from "@/lib/shared/kitchen-text";
import { CART_CONFLICT_MESSAGE } from "@/lib/shared/cart";
import { RUNNING_LATE_TEXT } from "@/lib/shared/arrival";
import { fill } from "@/lib/shared/fill";

const root = path.resolve(import.meta.dirname, "../..");
type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));
const CATALOGUES: Record<(typeof LOCALES)[number], Tree> = { en, es, fr };

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
    expect(en.allergens.names).toEqual(ALLERGEN_NAMES);
    expect(en.allergens.diets).toEqual(DIET_LABEL_NAMES);
    expect(en.allergens.short).toEqual(Object.fromEntries(ALLERGENS.map((name) => [name, name.replace("-", " ")])));
    expect(en.order.label).toEqual(STAGE_LABELS);
    expect(en.order.timeline).toEqual(TIMELINE_LABELS);
    expect(en.order.headline).toEqual(STAGE_HEADLINES);
    expect(en.dish.closed).toBe(NOT_TAKING_ORDERS);
    expect(en.restaurant.closed).toBe(NOT_TAKING_ORDERS);
    expect(en.dish.soldOut).toBe(SOLD_OUT_TODAY);
    expect(en.dish.notTaking).toBe(NOT_TAKING);
    expect(en.cart.conflict.message).toBe(CART_CONFLICT_MESSAGE);
    expect({ delivery: en.order.late.delivery, pickup: en.order.late.pickup }).toEqual(RUNNING_LATE_TEXT);
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

// The screens already read through the catalogue. A word a person reads written straight into one
// of them (a JSX text, or a label, placeholder, alt or title attribute) fails here: it would be
// English for every language. The list grows screen by screen until it is every file under app/
// and components/ (docs/architecture/languages.md).
const THROUGH_THE_CATALOGUE = [
  "components/shell/footer.tsx",
  "components/shell/shop-shell.tsx",
  "components/landing/landing-hero.tsx",
  "components/landing/landing-features.tsx",
  "components/landing/landing-search.tsx",
  "components/account/language-form.tsx",
  "lib/server/mail/mail-html.tsx",
  "components/owner/kitchen-ticket.tsx",
  "app/(shop)/restaurants/[id]/(owner)/tickets/[orderId]/page.tsx",
  // The customer's path: the shell's client parts, a restaurant, a dish, the cart, checkout, the order.
  "components/shell/top-bar.tsx",
  "components/shell/nav-menu.tsx",
  "components/shell/delivery-toggle.tsx",
  "components/shell/address-button.tsx",
  "components/shell/search-box.tsx",
  "components/cart/cart-button.tsx",
  "components/cart/cart-panel.tsx",
  "components/cart/cart-line.tsx",
  "components/cart/cart-conflict-dialog.tsx",
  "app/(shop)/(catalog)/restaurants/[id]/(detail)/page.tsx",
  "components/browse/restaurant-header.tsx",
  "components/browse/restaurant-menu.tsx",
  "components/browse/menu-item-row.tsx",
  "components/browse/cart-add-button.tsx",
  "components/browse/weekly-hours.tsx",
  "components/browse/distance-fee.tsx",
  "components/browse/restaurant-reviews.tsx",
  "components/browse/long-rating.tsx",
  "components/browse/pickup-mode-button.tsx",
  "components/menu/menu-filter.tsx",
  "components/menu/dish-allergens.tsx",
  "app/(shop)/(catalog)/menu-items/[id]/page.tsx",
  "components/browse/item-purchase.tsx",
  "app/(checkout)/checkout/page.tsx",
  "components/checkout/checkout-screen.tsx",
  "components/checkout/checkout-form.tsx",
  "components/checkout/order-summary.tsx",
  "components/checkout/place-order-bar.tsx",
  "components/checkout/fulfillment-choice.tsx",
  "components/checkout/delivery-options.tsx",
  "components/checkout/dropoff-options.tsx",
  "components/checkout/tip-picker.tsx",
  "components/checkout/payment-options.tsx",
  "components/checkout/delivery-details.tsx",
  "components/checkout/pickup-details.tsx",
  "components/addresses/address-picker.tsx",
  "app/(shop)/orders/(list)/page.tsx",
  "app/(shop)/orders/(list)/loading.tsx",
  "components/orders/orders-list.tsx",
  "components/orders/order-card.tsx",
  "components/orders/order-actions.tsx",
  "app/(shop)/orders/[id]/page.tsx",
  "components/orders/order-detail.tsx",
  "components/orders/live-order.tsx",
  "components/orders/live-order-parts.tsx",
  "components/orders/order-timeline.tsx",
  "components/orders/delivery-tracking.tsx",
  "components/orders/running-late.tsx",
  "components/orders/order-status-badge.tsx",
];
const READ_ATTRIBUTES = new Set(["aria-label", "placeholder", "alt", "title", "label"]);

/** The words written into a file's JSX that a person would read, with their line. */
export function wordsOutsideTheCatalogue(source: string, file = "page.tsx"): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (node: ts.Node, text: string) => found.push(`${file}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${JSON.stringify(text)}`);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) at(node, node.text.trim());
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const value = ts.isStringLiteral(node.initializer)
        ? node.initializer
        : ts.isJsxExpression(node.initializer) && node.initializer.expression && ts.isStringLiteralLike(node.initializer.expression)
          ? node.initializer.expression
          : undefined;
      if (value && /\p{L}/u.test(value.text)) at(node, value.text);
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

  it.each(THROUGH_THE_CATALOGUE)("%s reads every word from the catalogue", (file) => {
    expect(wordsOutsideTheCatalogue(readFileSync(path.join(root, file), "utf8"), file)).toEqual([]);
  });
});
