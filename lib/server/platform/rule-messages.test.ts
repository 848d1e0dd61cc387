import { readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { said, word } from "@/lib/shared/words/said";
import { errorTextIn, fromZod } from "./errors";
import { parsedSource } from "@/lib/import-graph";

// lib/validation says its messages as catalogue keys and values (`said()`, lib/shared/words/said.ts;
// docs/architecture/languages.md): the API answers them and a form shows them in the reader's
// language, English from the English catalogue. The schema files' texts are read as written (a
// string with a space; a template's `${...}` a value), so a new rule written as an English
// sentence fails here, not in front of a Spanish reader.

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
    return /(^|[/-])rules\.ts$|\/zod-free\/[\w-]+\.ts$/.test(file) && !/\.test\.tsx?$/.test(file) ? [file] : [];
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
    const source = parsedSource(file);
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

/** The request rules (lib/contract/<resource>/*rules.ts, zod-free/): every text of their files (an English sentence would be one). */
const validationTexts = () => textsIn("lib/contract", (node) => [node]);

describe("the request rules' messages", () => {
  it("are said, never an English sentence of their own", () => {
    const texts = validationTexts().filter(([text]) => !NOT_MESSAGES.has(text));
    expect(texts.map(([text, where]) => `${where}  ${JSON.stringify(text.replaceAll(VALUE, "${…}"))}`)).toEqual([]);
  });

  it("finds an English sentence in a schema file as written, a template's too", () => {
    const source = ts.createSourceFile("x.ts", 'z.string().max(5, `Name must be at most ${max} characters`).min(1, "Name is required")', ts.ScriptTarget.Latest, true);
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      const text = textOf(node);
      if (text !== null && text.includes(" ")) found.push(text);
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(found).toEqual([`Name must be at most ${VALUE} characters`, "Name is required"]);
  });

  it("a message takes its values, a field's name in the reader's words", () => {
    expect(errorTextIn("es", said("messages.characters", { label: word("zip") }))).toBe("Código postal: tiene caracteres que no se permiten");
    expect(errorTextIn("es", said("rules.courier.points", { max: 20 }))).toBe("points debe ser una lista de 1 a 20 posiciones");
    expect(errorTextIn("es", said("rules.common.atLeastAtMost", { field: "tip", min: 0, max: 500 }))).toBe("tip: debe ser al menos 0 y como máximo 500");
    expect(errorTextIn("es", said("rules.packing.lines"))).toBe("lines debe ser una lista de { orderItemId, packed }, como máximo 100");
    expect(errorTextIn("en", said("messages.required", { label: word("zip") }))).toBe("Zip code is required");
  });

  it("zod's own messages are said too: the catalogue's words in Spanish, zod's English byte for byte", () => {
    const error = z
      .object({ name: z.string(), tags: z.array(z.string()).max(1) })
      .strict()
      .safeParse({ name: 5, tags: ["a", "b"], extra: 1 }).error!;
    const english = z.config().customError;
    z.config({ customError: undefined });
    const plain = z
      .object({ name: z.string(), tags: z.array(z.string()).max(1) })
      .strict()
      .safeParse({ name: 5, tags: ["a", "b"], extra: 1 }).error!;
    z.config({ customError: english });
    expect(error.issues.map((issue) => errorTextIn("en", issue.message))).toEqual(plain.issues.map((issue) => issue.message));
    expect(plain.issues.map((issue) => issue.message)).toContain("Invalid input: expected string, received number");
    expect(errorTextIn("es", fromZod(error).said)).toBe("Entrada no válida: se esperaba string, se recibió number");
  });
});
