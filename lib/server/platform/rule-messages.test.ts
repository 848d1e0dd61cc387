import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { englishErrors, messageIn } from "./error-language";

// Every message lib/validation can answer with has its entry in the catalogue's `server.errors`
// (docs/architecture/languages.md): a Spanish request reads it in Spanish. The schema files'
// texts are read as written (a string with a space; a template's `${...}` a value), so a new
// rule whose message the catalogue lacks fails here, not in front of a Spanish reader.

const root = path.resolve(import.meta.dirname, "../../..");

/** Texts with a space that are no message a person reads: pieces a message is put together from, the payment provider's webhook calls. */
const NOT_MESSAGES = new Set([
  " or ",
  "at least",
  "more than",
  "Not an event Nosh reads",
  `Nosh does not read Stripe's ${"\u0001"} events: send the endpoint only the events docs/deploying.md lists.`,
]);

/** A template's value, as the scan writes it. */
const VALUE = "\u0001";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "testing" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) ? [file] : [];
  });
}

const textOf = (node: ts.Node): string | null => {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => VALUE + span.literal.text).join("");
  return null;
};

/** The texts with a space that `pick` finds in a folder's source files: [text, where]. */
function textsIn(dir: string, pick: (node: ts.Node) => ts.Node[]): [string, string][] {
  const found = new Map<string, string>();
  for (const file of sourceFiles(path.join(root, dir))) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
      for (const picked of pick(node)) {
        const text = textOf(picked);
        if (text !== null && text.includes(" ") && /[a-z]/i.test(text) && !found.has(text)) {
          found.set(text, `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(picked.getStart()).line + 1}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...found];
}

/** lib/validation: every text of its schema files (a message, or a field's name a message is made with). */
const validationTexts = () => textsIn("lib/validation", (node) => [node]);

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&");

describe("lib/validation's messages", () => {
  const entries = englishErrors();
  const words = new Set(Object.values(ENGLISH.server.errors.words) as string[]);
  // An entry as a shape, its values as VALUE ("Must be at most \u0001 characters"), and as the pattern messageIn matches.
  const shapes = entries.map(({ text }) => text.replace(/\u0001\w+\u0002/g, VALUE));
  const patterns = shapes.map((shape) => new RegExp(`^${escape(shape).replaceAll(VALUE, ".+")}$`));

  /** A text's entry: itself (a message without values), a field's word, or a message whose values the template's take. */
  const covered = (text: string): boolean => {
    if (NOT_MESSAGES.has(text) || words.has(text)) return true;
    if (!text.includes(VALUE)) return messageIn("es", text) !== text;
    // A template takes an entry of the same shape, or one it can write ("must be ${"at least"|"more than"} ..."), or one
    // that takes its values too ("{field} must be at most {count} characters" takes `note must be at most ${max} characters`).
    const template = new RegExp(`^${escape(text).replaceAll(VALUE, ".+")}$`);
    return shapes.some((shape, i) => shape === text || template.test(shape) || patterns[i]!.test(text));
  };

  it("each has an entry in server.errors, so a Spanish request reads it in Spanish", () => {
    const texts = validationTexts();
    expect(texts.length).toBeGreaterThan(100);
    const missing = texts.filter(([text]) => !covered(text)).map(([text, where]) => `${where}  ${JSON.stringify(text.replaceAll(VALUE, "${…}"))}`);
    expect(missing).toEqual([]);
  });

  it("an entry takes the values a message is made with, a field's name in the reader's words", () => {
    expect(messageIn("es", "Zip code contains characters that are not allowed")).toBe("Código postal: tiene caracteres que no se permiten");
    expect(messageIn("es", "points must be a list of 1 to 20 positions")).toBe("points debe ser una lista de 1 a 20 posiciones");
    expect(messageIn("es", "tip must be at least 0 and at most 500")).toBe("tip: debe ser al menos 0 y como máximo 500");
    expect(messageIn("es", "lines must be a list of { orderItemId, packed }, at most 100")).toBe("lines debe ser una lista de { orderItemId, packed }, como máximo 100");
    expect(messageIn("es", "Invalid input: expected string, received number")).toBe("Entrada no válida: se esperaba string, se recibió number");
    expect(messageIn("en", "Zip code is required")).toBe("Zip code is required");
  });
});
