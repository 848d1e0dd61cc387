import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { SOURCES } from "@/lib/i18n/catalogues";
import { parsedSource, root, sources } from "./import-graph";

// Words live in one system, the catalogue (docs/architecture/languages.md): no production file
// exports a table of English words beside it. A name ending in _LABELS or _TEXT is such a table,
// and so is _MESSAGES: a message is said as the catalogue's key and its values (lib/shared/words/said.ts),
// and a table of them is named for that (CHECKOUT_SAID), its entries said, never an English
// sentence. A table of codes (an enum list) is data: it takes a name that says so (DIET_CODES, not DIET_LABELS).
const WORD_TABLE = /^[A-Z][A-Z0-9_]*_(LABELS|TEXT)$/;
const MESSAGES_TABLE = /^[A-Z][A-Z0-9_]*_MESSAGES$/;
const SAID_TABLE = /^[A-Z][A-Z0-9_]*_SAID$/;

const PRODUCTION = sources(["app", "components", "lib", "server"])
  .map((file) => path.relative(root, file).split(path.sep).join("/"))
  .filter((file) => !/\.test\.tsx?$|(^|\/)testing\//.test(file) && !file.startsWith("lib/i18n/"));
const parse = parsedSource;

/** The names a file exports as `export const NAME = ...`. */
export function exportedConstants(source: ts.SourceFile): string[] {
  return source.statements.flatMap((statement) =>
    ts.isVariableStatement(statement) && statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
      ? statement.declarationList.declarations.flatMap((declaration) => (ts.isIdentifier(declaration.name) ? [declaration.name.text] : []))
      : [],
  );
}

const tables = (pattern: RegExp) =>
  PRODUCTION.flatMap((file) =>
    exportedConstants(parse(file))
      .filter((name) => pattern.test(name))
      .map((name) => `${file} ${name}`),
  );

/** The English sentences (a text with a space and a letter) an exported *_SAID table's entries are written with, [file NAME: text]. */
export function saidTableSentences(file: string, source: ts.SourceFile): string[] {
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !SAID_TABLE.test(declaration.name.text) || !declaration.initializer) continue;
      const visit = (node: ts.Node): void => {
        const text = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : ts.isTemplateExpression(node) ? node.getText() : null;
        if (text !== null && / /.test(text) && /[a-z]/i.test(text)) found.push(`${file} ${declaration.name.getText()}: ${text}`);
        ts.forEachChild(node, visit);
      };
      visit(declaration.initializer);
    }
  }
  return found;
}

describe("no English word table beside the catalogue", () => {
  it("finds an exported table by its name, and nothing else", () => {
    const source = ts.createSourceFile(
      "x.ts",
      `export const ROLE_LABELS = {}; const HINT_TEXT = ""; export const DIETS = []; export const A_MESSAGES = {};`,
      ts.ScriptTarget.Latest,
      true,
    );
    const names = exportedConstants(source);
    expect(names.filter((name) => WORD_TABLE.test(name))).toEqual(["ROLE_LABELS"]);
    expect(names.filter((name) => MESSAGES_TABLE.test(name))).toEqual(["A_MESSAGES"]);
  });

  it("no production file exports a *_LABELS or *_TEXT table", () => {
    expect(PRODUCTION).toContain("lib/shared/orders/order-stages.ts");
    expect(tables(WORD_TABLE)).toEqual([]);
  });

  it("no production file exports a *_MESSAGES table: a table of messages is said", () => {
    expect(tables(MESSAGES_TABLE)).toEqual([]);
    expect(tables(SAID_TABLE).length).toBeGreaterThan(30);
  });

  it("a *_SAID table says each entry by its key, never with an English sentence", () => {
    const source = ts.createSourceFile(
      "x.ts",
      'export const A_SAID = { one: said("messages.x"), two: (n: number) => said("rules.y", { n }), three: "Name is required", four: (max) => `At most ${max} items` };',
      ts.ScriptTarget.Latest,
      true,
    );
    expect(saidTableSentences("x.ts", source)).toEqual(["x.ts A_SAID: Name is required", "x.ts A_SAID: `At most ${max} items`"]);
    expect(PRODUCTION.flatMap((file) => saidTableSentences(file, parse(file)))).toEqual([]);
  });
});

// A text is written from its key, never found by its English: no production file turns the
// English catalogue's values into a lookup (English sentence -> key or words), and an error carries
// its key and values only (no writer of its own for other languages).
const ENGLISH_LOOKUP = /Object\.(entries|values)\(ENGLISH\b|\bbyEnglish\b|\[english, \w+\]/;

describe("no English is matched to find its words", () => {
  it("finds a lookup built from the English catalogue, and nothing else", () => {
    expect(ENGLISH_LOOKUP.test("new Map(Object.entries(ENGLISH.server.apiSuccess).map(([key, english]) => [english, key]))")).toBe(true);
    expect(ENGLISH_LOOKUP.test("rejectionText(input.reason, ENGLISH.server.storedTexts.choices, note)")).toBe(false);
  });

  it("no production file builds one but those still being converted, and an error has no writer of its own", () => {
    expect(PRODUCTION.filter((file) => /\.tsx?$/.test(file) && ENGLISH_LOOKUP.test(readFileSync(path.join(root, file), "utf8")))).toEqual([]);
    expect(readFileSync(path.join(root, "lib/server/platform/errors.ts"), "utf8")).not.toMatch(/inLanguage|byEnglish/);
  });
});

// No English for a person is written in lib/server, the API's routes, the kitchen's lines or an
// Add's warnings: a message there is said (the catalogue's key and values, lib/shared/words/said.ts)
// or written from the catalogue, whatever carries it (a constant, a function, a `message` variable,
// a call's argument, a conditional move's `conflict`). A text that is an English sentence (a
// capitalized word, a space, a word; or a value then two words, `${name} is sold out`) is one.
// Those below remain, each with why; they may only leave. And no English table is kept beside the
// catalogue for a screen without words (ENGLISH_BOARD was one: the board's lines are the catalogue's, given by the page).
const ENGLISH_SENTENCE = /^["`]([A-Z][a-z']+[,:]? (\$\{|[a-z])|\$\{[^}]+\}[,:]? [a-z]+ (\$\{|[a-z]))/;
const NO_ENGLISH = /^(lib\/server\/|app\/api\/|lib\/shared\/kitchen\/)|^components\/browse\/(closed|allergy)-at-add\.ts$/;
const SERVER_ENGLISH: Record<string, string> = {
  "lib/server/customer-data/delete-account.ts DELETED_NAME": "stored in a deleted customer's name, not a message",
  "lib/server/customer-data/delete-account.ts DELETED_ADDRESS": "stored in a deleted address, not a message",
  "lib/server/notifications/digest.ts DIGEST_WAITING": "a notification row's state (lastError), matched by the digest",
  "lib/server/notifications/digest.ts inDigestOf": "a notification row's state (lastError), matched by the digest",
  "lib/server/pos/providers/square/provider.ts bearer": "an HTTP header (Bearer <token>), not a sentence",
  "lib/server/pos/providers/square/provider.ts squareProvider": "HTTP headers (Bearer, Client <secret>), not sentences",
  "lib/server/live/index.ts message": "a bad Last-Event-ID's 400, not yet said",
  "lib/server/menu/menu-file-languages.ts optionName": "a menu file's column word in its rule, not yet said",
  "lib/server/receipts/statement-csv.ts statementCsv": "a statement CSV's balance rows (CSVs stay English), not yet the English catalogue's",
  "lib/server/menu/menu-file-rows.ts names": "a menu file row's unknown diet or allergen codes, not yet said",
  "lib/server/web/csv.ts body": "a log line, not for a person",
  "lib/server/webhooks/receiver-address.ts null": "a DNS lookup's error inside the webhook client, not for a person",
};
/** The English tables left, each with why: none since the dish cards' labels and the choices' rules left (an ENGLISH_* export fails). */
const ENGLISH_TABLES: Record<string, string> = {};

/** The constants and functions of a source (by name; a function by its enclosing declaration's) whose text is an English sentence: [file NAME]. */
export function englishSentences(file: string, source: ts.SourceFile): string[] {
  const found = new Set<string>();
  const isSentence = (node: ts.Node | undefined): boolean => {
    while (node && ts.isParenthesizedExpression(node)) node = node.expression;
    return !!node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) && ENGLISH_SENTENCE.test(node.getText());
  };
  const nameOf = (node: ts.Node): string | null => {
    for (let at: ts.Node | undefined = node; at; at = at.parent)
      if ((ts.isVariableDeclaration(at) || ts.isFunctionDeclaration(at)) && at.name && ts.isIdentifier(at.name)) return at.name.text;
    return null;
  };
  const visit = (node: ts.Node): void => {
    const texts = ts.isVariableDeclaration(node)
      ? [node.initializer && ts.isArrowFunction(node.initializer) ? node.initializer.body : node.initializer]
      : ts.isReturnStatement(node)
        ? [node.expression]
        : ts.isCallExpression(node)
          ? node.arguments
          : [];
    if (texts.some(isSentence)) found.add(`${file} ${nameOf(node)}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...found];
}

describe("no English written in lib/server, no English table beside the catalogue", () => {
  it("finds a sentence in a constant, a function and a return, and nothing else", () => {
    const source = ts.createSourceFile(
      "x.ts",
      [
        'export const OFF_SHIFT = "Start your shift to share your position"; const OK = said("messages.offShiftPosition");',
        'const tooMany = (max: number) => `You already hold ${max} jobs`; const code = "unavailable"; const sql = `SELECT 1`;',
        'function told(label: string) { if (label) return `Your ${label} was approved`; return said("x"); }',
        'function noted(notes: string[], name: string) { notes.push(`${name} is no longer offered`); notes.push(said("messages.x")); log("x y"); }',
        'const shown = (name: string) => page("This link is not valid", `<p>${name}</p>`); const at = `${from} 00:00`; const CLOSED = "Closed, schedule for later";',
      ].join("\n"),
      ts.ScriptTarget.Latest,
      true,
    );
    expect(englishSentences("x.ts", source)).toEqual(["x.ts OFF_SHIFT", "x.ts tooMany", "x.ts told", "x.ts noted", "x.ts shown", "x.ts CLOSED"]);
  });

  it("lib/server, the API's routes, the kitchen's lines and an Add's warnings write none but those listed (each still there)", () => {
    const server = PRODUCTION.filter((file) => NO_ENGLISH.test(file) && /\.tsx?$/.test(file));
    expect(server).toContain("app/api/notifications/unsubscribe/route.ts");
    expect(server).toContain("components/browse/allergy-at-add.ts");
    const found = server.flatMap((file) => englishSentences(file, parse(file)));
    expect(found.filter((one) => !(one in SERVER_ENGLISH))).toEqual([]);
    expect(Object.keys(SERVER_ENGLISH).filter((one) => !found.includes(one))).toEqual([]);
  });

  it("no production file exports an ENGLISH_* table but those listed (each still there)", () => {
    const found = tables(/^ENGLISH_/);
    expect(found.filter((one) => !(one in ENGLISH_TABLES))).toEqual([]);
    expect(Object.keys(ENGLISH_TABLES).filter((one) => !found.includes(one))).toEqual([]);
  });
});

// Why an order ended, why a delivery failed and a delivery's stop flags are stored as the
// catalogue's keys and their values (lib/shared/words/stored-texts.ts), never as English: no
// production file exports an English *_REASON or *_FLAG text (or a function writing one, as
// `failedDeliveryReason` and `AWAY_FLAG` once did), nor writes an old text column
// (Order.rejectionReason, DeliveryJob.failureReason and flagReason hold only what was written
// before the keys), nor a delivery_failed event with an English `reason`.
const REASON_NAME = /^[A-Z][A-Z0-9_]*_(REASON|FLAG)$|^[a-z]\w*Reason$/;
const OLD_COLUMN_WRITE = /data: \{[^}]*\b(rejectionReason|failureReason|flagReason)\b|"(rejectionReason|failureReason|flagReason)" = |"delivery_failed", \{ reason\b/;

/** The text an export's initializer writes: a string or template, or an arrow function's that returns one. */
function writtenText(init: ts.Expression | undefined): string | null {
  if (!init) return null;
  if (ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init)) return init.text;
  if (ts.isTemplateExpression(init)) return init.getText();
  if (ts.isArrowFunction(init) && !ts.isBlock(init.body)) return writtenText(ts.isParenthesizedExpression(init.body) ? init.body.expression : init.body);
  return null;
}

/** The exported *_REASON / *_FLAG constants (and *Reason functions) a source writes as an English sentence (a text with a space and a letter). */
export function englishReasons(file: string, source: ts.SourceFile): string[] {
  return source.statements.flatMap((statement) =>
    ts.isVariableStatement(statement) && statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
      ? statement.declarationList.declarations.flatMap((declaration) => {
          const text = writtenText(declaration.initializer);
          return ts.isIdentifier(declaration.name) && REASON_NAME.test(declaration.name.text) && text !== null && / /.test(text) && /[a-z]/i.test(text)
            ? [`${file} ${declaration.name.text}`]
            : [];
        })
      : [],
  );
}

describe("no reason stored in English", () => {
  it("finds an English *_REASON, *_FLAG or *Reason and a write of an old column or event, and nothing else", () => {
    const source = ts.createSourceFile(
      "x.ts",
      [
        'export const EXPIRED_REASON = "The restaurant did not confirm"; export const NO_REASON = said("x"); export const A_REASON = "a";',
        "export const NO_POSITION_FLAG = (step: StopStep) => `${STEP_NAME[step]} with no position in the last 2 minutes`;",
        "export const failedDeliveryReason = (label: string) => `The courier could not deliver this order: ${label}`;",
        'export const AWAY_FLAG = (step: StopStep): StoredFlag => ({ key: "noPosition", values: { step } });',
      ].join("\n"),
      ts.ScriptTarget.Latest,
      true,
    );
    expect(englishReasons("x.ts", source)).toEqual(["x.ts EXPIRED_REASON", "x.ts NO_POSITION_FLAG", "x.ts failedDeliveryReason"]);
    expect(OLD_COLUMN_WRITE.test("data: { rejectionReason: EXPIRED_REASON, closedAt: now }")).toBe(true);
    expect(OLD_COLUMN_WRITE.test('data: { state: "failed", failureReason: reason, failureNote: note, closedAt: now }')).toBe(true);
    expect(OLD_COLUMN_WRITE.test(`UPDATE "DeliveryJob" SET "flagReason" = CASE WHEN "flagReason" IS NULL THEN ? END`)).toBe(true);
    expect(OLD_COLUMN_WRITE.test('orderEvent(job, "delivery_failed", { reason })')).toBe(true);
    expect(OLD_COLUMN_WRITE.test('data: { ...reasonColumns({ key: "expired" }), closedAt: now }')).toBe(false);
    expect(OLD_COLUMN_WRITE.test('orderEvent(job, "delivery_failed", { failure })')).toBe(false);
  });

  it("no production file exports one or writes an old column or event", () => {
    const files = PRODUCTION.filter((file) => /\.tsx?$/.test(file));
    expect(files.flatMap((file) => englishReasons(file, parse(file)))).toEqual([]);
    expect(files.filter((file) => OLD_COLUMN_WRITE.test(readFileSync(path.join(root, file), "utf8")))).toEqual([]);
  });
});

// A key a component or server module reads exists in every complete language (English and
// Spanish; French falls back to English): the namespace given to getT/translatorFor/getWords/
// wordsFor, and each literal key of a translator made from one, followed through `const t = ...`
// and `const [t, words] = await Promise.all([getT("a"), ...])`.
const MAKERS: Record<string, number> = { getT: 0, translatorFor: 1, getWords: 0, wordsFor: 1 };
const TRANSLATORS = new Set(["getT", "translatorFor"]);

/** The namespace a maker call names, and whether it makes a translator (else finished words). */
function makerOf(node: ts.Node | undefined): { namespace: string; translator: boolean } | null {
  while (node && (ts.isAwaitExpression(node) || ts.isParenthesizedExpression(node))) node = node.expression;
  if (!node || !ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || !(node.expression.text in MAKERS)) return null;
  const argument = node.arguments[MAKERS[node.expression.text]];
  return argument && ts.isStringLiteral(argument) ? { namespace: argument.text, translator: TRANSLATORS.has(node.expression.text) } : null;
}

const isScope = (node: ts.Node) => ts.isSourceFile(node) || ts.isFunctionLike(node);
const scopeOf = (node: ts.Node): ts.Node => (isScope(node.parent) ? node.parent : scopeOf(node.parent));

/** The catalogue keys a source uses: `namespace` alone, or `namespace.key` of a translator's call (a name bound in the nearest function that binds it). */
export function keysUsed(source: ts.SourceFile): string[] {
  const used: string[] = [];
  const bound = new Map<ts.Node, Map<string, string | null>>();
  const bind = (at: ts.Node, name: string, namespace: string | null) => {
    const scope = isScope(at) ? at : scopeOf(at);
    if (!bound.has(scope)) bound.set(scope, new Map());
    bound.get(scope)!.set(name, namespace);
  };
  const resolve = (at: ts.Node, name: string): string | null => {
    for (let node: ts.Node | undefined = at; node; node = node.parent) {
      const names = isScope(node) ? bound.get(node) : undefined;
      if (names?.has(name)) return names.get(name)!;
    }
    return null;
  };
  const bindAll = (node: ts.Node) => {
    if (ts.isParameter(node) && ts.isIdentifier(node.name)) bind(node.parent, node.name.text, null);
    if (ts.isVariableDeclaration(node) && node.initializer) {
      if (ts.isIdentifier(node.name)) bind(node, node.name.text, makerOf(node.initializer)?.translator ? makerOf(node.initializer)!.namespace : null);
      let all: ts.Node = node.initializer;
      if (ts.isAwaitExpression(all)) all = all.expression;
      if (ts.isCallExpression(all) && all.expression.getText() === "Promise.all") all = all.arguments[0];
      if (ts.isArrayBindingPattern(node.name) && ts.isArrayLiteralExpression(all)) {
        const items = all.elements;
        node.name.elements.forEach((element, at) => {
          const made = makerOf(items[at]);
          if (ts.isBindingElement(element) && ts.isIdentifier(element.name)) bind(node, element.name.text, made?.translator ? made.namespace : null);
        });
      }
    }
    ts.forEachChild(node, bindAll);
  };
  const visit = (node: ts.Node) => {
    const maker = ts.isCallExpression(node) ? makerOf(node) : null;
    if (maker) used.push(maker.namespace);
    if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      let callee: ts.Expression = node.expression;
      if (ts.isPropertyAccessExpression(callee) && ["rich", "markup", "raw"].includes(callee.name.text)) callee = callee.expression;
      const made = makerOf(callee);
      const namespace = ts.isIdentifier(callee) ? resolve(node, callee.text) : made?.translator ? made.namespace : null;
      if (namespace) used.push(`${namespace}.${node.arguments[0].text}`);
    }
    ts.forEachChild(node, visit);
  };
  bindAll(source);
  visit(source);
  return used;
}

const has = (tree: unknown, key: string) =>
  key.split(".").reduce<unknown>((at, part) => (at && typeof at === "object" ? (at as Record<string, unknown>)[part] : undefined), tree) !== undefined;

describe("every catalogue key the code reads", () => {
  it("follows a translator from its namespace to its calls", () => {
    const source = ts.createSourceFile(
      "x.ts",
      `const t = await getT("footer"); t("about"); const [u, words] = await Promise.all([translatorFor(locale, "order"), getWords("cart")]); u.rich("title", {}); (await getT("menus"))("x.y"); other("no"); function f(t) { t("not.footer"); }`,
      ts.ScriptTarget.Latest,
      true,
    );
    expect(keysUsed(source).sort()).toEqual(["cart", "footer", "footer.about", "menus", "menus.x.y", "order", "order.title"].sort());
  });

  it("exists in English and in Spanish", () => {
    const used = new Set(PRODUCTION.filter((file) => /\.tsx?$/.test(file)).flatMap((file) => keysUsed(parse(file)).map((key) => `${file} ${key}`)));
    expect(used.size).toBeGreaterThan(500);
    const missing = [...used].filter((entry) => !has(SOURCES.en, entry.split(" ")[1]) || !has(SOURCES.es, entry.split(" ")[1]));
    expect(missing).toEqual([]);
  });
});
