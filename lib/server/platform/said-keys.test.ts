import { readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { SOURCES } from "@/lib/i18n/catalogues";
import { parsedSource } from "@/lib/import-graph";

// An error says a catalogue key and its values (lib/shared/words/said.ts, docs/architecture/languages.md):
// each key the source says exists in every complete language with English's arguments, and the
// values it is said with are those arguments; the server throws no English sentence of its own.

const root = path.resolve(import.meta.dirname, "../../..");
const COMPLETE = ["en", "es"] as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "generated" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) ? [file] : [];
  });
}

function visitAll(dirs: string[], visit: (node: ts.Node, where: () => string) => void): void {
  for (const file of dirs.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    const source = parsedSource(file);
    const walk = (node: ts.Node): void => {
      visit(node, () => `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
      ts.forEachChild(node, walk);
    };
    walk(source);
  }
}

const calleeName = (node: ts.CallExpression | ts.NewExpression) =>
  ts.isIdentifier(node.expression) ? node.expression.text : ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : "";

type Tree = { [key: string]: string | Tree };
const entryOf = (lang: "en" | "es", key: string): string | undefined => {
  // A key of the server's errors, of the lines (`lines.slots.todayAt`) or a choice rule (`dish.choices.rules.exactly`): lib/shared/words/said.ts ErrorKey.
  const source = SOURCES[lang] as { server: { errors: Tree }; lines: Tree; dish: Tree };
  const [tree, rest] = key.startsWith("lines.")
    ? [source.lines, key.slice("lines.".length)]
    : key.startsWith("dish.")
      ? [source.dish, key.slice("dish.".length)]
      : [source.server.errors, key];
  let at: string | Tree | undefined = tree;
  for (const part of rest.split(".")) at = typeof at === "object" ? at[part] : undefined;
  return typeof at === "string" ? at : undefined;
};
/** An ICU message's argument names (a plural's or select's too; a quoted '{ brace }' is text). */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  type Element = ReturnType<IntlMessageFormat["getAst"]>[number];
  const walk = (elements: Element[]): void => {
    for (const element of elements) {
      if (!("value" in element) || typeof element.value !== "string" || element.type === 0) continue; // literal text
      names.add(element.value);
      if ("options" in element) for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, "en").getAst());
  return [...names].sort();
}

/** Each `said("key", { values })` and `word("name")` the source says: [key, value names or null, where]. */
function saidKeys(): [string, string[] | null, string][] {
  const found: [string, string[] | null, string][] = [];
  visitAll(["lib", "app", "components", "server"], (node, where) => {
    if (!ts.isCallExpression(node)) return;
    const name = calleeName(node);
    const [first, second] = node.arguments;
    if (!first || !(ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) return;
    if (name === "word") found.push([`words.${first.text}`, [], where()]);
    if (name !== "said") return;
    const values =
      second === undefined
        ? []
        : ts.isObjectLiteralExpression(second) && second.properties.every((property) => ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property))
          ? second.properties.map((property) => (property.name as ts.Identifier).text).sort()
          : null;
    found.push([first.text, values, where()]);
  });
  return found;
}

describe("the errors' catalogue keys", () => {
  const keys = saidKeys();

  it("each key said exists in every complete language, with English's arguments", () => {
    expect(keys.length).toBeGreaterThan(250);
    const wrong = keys.flatMap(([key, , where]) => {
      const english = entryOf("en", key);
      if (english === undefined) return [`${where}  ${key}: not in English`];
      return COMPLETE.filter((lang) => lang !== "en").flatMap((lang) => {
        const own = entryOf(lang, key);
        if (own === undefined) return [`${where}  ${key}: not in ${lang}`];
        return argumentsOf(own).join() === argumentsOf(english).join() ? [] : [`${where}  ${key}: ${lang} takes ${argumentsOf(own).join()}`];
      });
    });
    expect(wrong).toEqual([]);
  });

  it("is said with exactly the values its English takes", () => {
    const wrong = keys.flatMap(([key, values, where]) => {
      const english = entryOf("en", key);
      if (english === undefined || values === null) return [];
      return values.join() === argumentsOf(english).join() ? [] : [`${where}  ${key} said with {${values.join()}}, takes {${argumentsOf(english).join()}}`];
    });
    expect(wrong).toEqual([]);
  });
});

/** The error makers of platform/errors.ts. */
const MAKERS = new Set(["ApiError", "badRequest", "fieldError", "conflict", "forbidden", "unauthorized", "notFound", "tooMany"]);
const isText = (node: ts.Node) => ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);

describe("the server's errors", () => {
  it("throw no English of their own: a message or a field's message is said, never a literal sentence", () => {
    const literals: string[] = [];
    visitAll(["lib/server", "app/api"], (node, where) => {
      if (!(ts.isCallExpression(node) || ts.isNewExpression(node)) || !node.arguments || !MAKERS.has(calleeName(node))) return;
      const [first, ...rest] = node.arguments;
      // new ApiError(code, message, errors, ...): the code is no message.
      const messages = calleeName(node) === "ApiError" ? rest : calleeName(node) === "fieldError" ? rest : [first!, ...rest];
      for (const argument of messages.filter(Boolean)) {
        const texts = ts.isObjectLiteralExpression(argument)
          ? argument.properties.flatMap((property) => (ts.isPropertyAssignment(property) ? [property.initializer] : []))
          : [argument];
        // A sentence or a capitalized word; a lowercase code ("unavailable") is data.
        for (const text of texts) if (isText(text) && /[A-Za-z] |^["`][A-Z]/.test(text.getText())) literals.push(`${where()}  ${text.getText()}`);
      }
    });
    expect(literals).toEqual([]);
  });
});

describe("an error's translation", () => {
  it("matches no English: text that is not said is answered as it came, in every language", async () => {
    const { errorTextIn } = await import("./errors");
    const texts = (Object.values((SOURCES.en as { server: { errors: { messages: Tree } } }).server.errors.messages) as string[]).filter((text) => !/[{']/.test(text));
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.filter((text) => errorTextIn("es", text) !== text)).toEqual([]);
  });

  it("reads no English error text in production code: the English catalogue's errors are words, never a lookup table", () => {
    const readers: string[] = [];
    visitAll(["lib", "app", "components", "server"], (node, where) => {
      if (ts.isPropertyAccessExpression(node) && /^ENGLISH\.server\.errors\b/.test(node.getText())) readers.push(`${where()}  ${node.getText()}`);
    });
    expect(readers.filter((reader) => !/\.test\.tsx?:|\/testing\//.test(reader))).toEqual([]);
  });
});
