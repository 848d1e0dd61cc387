import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { isTestFile, root, sources } from "./import-graph";

// Who uses each export of the app's own code, read from the syntax alone (no type checker: the
// whole tree parses in seconds), for unused-exports.test.ts. A use is a named import, a
// namespace's `ns.name`, a destructured or dotted `import()`, `import("x").Name` in a type or a
// JSDoc comment (the host's `@import { A } from "x"`), or a re-export that is itself used (barrels,
// `export *`). What cannot be read by name (a namespace or a module handed on whole) uses every
// export of its module. Users are the app, its host, public/'s scripts, the benchmarks, the
// scripts and the seed; tests (`*.test.ts`, `testing/` folders, e2e/) are counted apart: an export
// only they import is a production export kept for tests.

/** Where users are read: everything that imports the app's code. */
const READ = ["app", "components", "lib", "server", "bench", "scripts", "prisma", "e2e"];
/** Where an unused export is looked for: the production code. */
export const PRODUCTION = ["app", "components", "lib", "server"];

/** Files Next.js loads by their name, whose exports it reads (a page's default, metadata, a route's methods...). */
const FRAMEWORK_FILE =
  /^(page|layout|template|default|route|loading|error|global-error|not-found|forbidden|unauthorized|sitemap|robots|manifest|opengraph-image|twitter-image|icon|apple-icon)\.(ts|tsx|js|mjs)$/;
/** Files at the top that a tool loads by name (Next.js, Prisma, Playwright, Vitest). */
const LOADED_BY_NAME = /^(proxy|instrumentation|instrumentation-client|next\.config|prisma\.config|playwright(\.\w+)?\.config|vitest\.config)\.(ts|mts|mjs)$/;

/** An export, where it is declared, whether its own file uses it, and the files that import it (production ones, tests). */
export type Export = { file: string; name: string; line: number; inFile: boolean; production: string[]; tests: string[] };
const ALL = "*";

type Parsed = {
  file: string;
  /** Names this file declares and exports, with the line and whether the file uses the name itself. */
  declared: Map<string, { line: number; inFile: boolean }>;
  /** `export { a as b } from "./x"`: b -> [x, a]; `export * from "./x"`: stars. */
  forwards: Map<string, [string, string]>;
  stars: string[];
  /** [module, name or "*"] this file uses. */
  uses: [string, string][];
};

/** The service workers and page scripts public/ serves as they are (JSDoc types from lib/shared). */
const publicScripts = () =>
  readdirSync(path.join(root, "public"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => path.join(root, "public", name));

export function exportUses(files: string[] = [...sources(READ), ...publicScripts()]): Export[] {
  const config = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  const known = new Set(files);
  const resolve = (specifier: string, from: string) => {
    const target = ts.resolveModuleName(specifier, from, options, ts.sys, cache).resolvedModule?.resolvedFileName;
    return target && known.has(path.resolve(target)) ? path.resolve(target) : undefined;
  };
  const parsed = new Map(files.map((file) => [file, parse(file, resolve)]));
  const users = new Map<string, { production: Set<string>; tests: Set<string> }>();
  const seen = new Set<string>();
  const countUse = (file: string, name: string, user: string) => {
    const key = `${file}\0${name}\0${user}`;
    if (seen.has(key)) return;
    seen.add(key);
    const target = parsed.get(file);
    if (!target) return;
    const names = name === ALL ? [...target.declared.keys(), ...target.forwards.keys()] : [name];
    for (const one of names) {
      const forward = target.forwards.get(one);
      if (forward) countUse(forward[0], forward[1], user);
      else if (target.declared.has(one)) {
        const entry = users.get(`${file}\0${one}`) ?? { production: new Set(), tests: new Set() };
        (isTestUser(user) ? entry.tests : entry.production).add(user);
        users.set(`${file}\0${one}`, entry);
      } else for (const star of target.stars) countUse(star, one, user);
    }
    if (name === ALL) for (const star of target.stars) countUse(star, ALL, user);
  };
  for (const file of parsed.values()) for (const [target, name] of file.uses) countUse(target, name, file.file);
  const found: Export[] = [];
  for (const file of parsed.values()) {
    for (const [name, { line, inFile }] of file.declared) {
      const entry = users.get(`${file.file}\0${name}`);
      found.push({ file: file.file, name, line, inFile, production: [...(entry?.production ?? [])], tests: [...(entry?.tests ?? [])] });
    }
  }
  return found;
}

const isTestUser = (file: string) => isTestFile(file) || path.relative(root, file).startsWith(`e2e${path.sep}`);

/** Whether a tool or the framework reads this export by its name. */
export const loadedByName = (file: string) => {
  const relative = path.relative(root, file);
  return (relative.startsWith(`app${path.sep}`) && FRAMEWORK_FILE.test(path.basename(file))) || LOADED_BY_NAME.test(relative);
};

function parse(file: string, resolve: (specifier: string, from: string) => string | undefined): Parsed {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : undefined);
  const result: Parsed = { file, declared: new Map(), forwards: new Map(), stars: [], uses: [] };
  const declarationNames = new Set<ts.Node>();
  const local: { name: string; node: ts.Node }[] = [];
  const add = (specifier: ts.Node | undefined, name: string) => {
    const target = specifier && ts.isStringLiteralLike(specifier) ? resolve(specifier.text, file) : undefined;
    if (target) result.uses.push([target, name]);
  };
  const exported = (node: ts.Node) => ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const isDefault = (node: ts.Node) => ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
  const declare = (name: string, node: ts.Node) => {
    declarationNames.add(node);
    local.push({ name, node });
  };
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement) && exported(statement)) {
      for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) declare(declaration.name.text, declaration.name);
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      exported(statement)
    ) {
      if (isDefault(statement)) result.declared.set("default", { line: lineOf(source, statement), inFile: false });
      else if (statement.name) declare(statement.name.text, statement.name);
    } else if (ts.isExportAssignment(statement)) result.declared.set("default", { line: lineOf(source, statement), inFile: false });
    else if (ts.isExportDeclaration(statement)) {
      const target = statement.moduleSpecifier && ts.isStringLiteralLike(statement.moduleSpecifier) ? resolve(statement.moduleSpecifier.text, file) : undefined;
      if (statement.moduleSpecifier && !target) continue;
      if (!statement.exportClause) result.stars.push(target!);
      else if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) {
          const from = (element.propertyName ?? element.name).text;
          if (target) result.forwards.set(element.name.text, [target, from]);
          else result.declared.set(element.name.text, { line: lineOf(source, element), inFile: true });
        }
      } else if (target) result.forwards.set(statement.exportClause.name.text, [target, ALL]);
    }
  }
  const names = new Map<string, number>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && !declarationNames.has(node)) names.set(node.text, (names.get(node.text) ?? 0) + 1);
    if (ts.isImportDeclaration(node)) importUses(node, source, add);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) dynamicUses(node, add);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, node.qualifier ? leftmost(node.qualifier) : ALL);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const { name, node } of local) result.declared.set(name, { line: lineOf(source, node), inFile: (names.get(name) ?? 0) > 0 });
  // JSDoc types in the host's JavaScript: `@import { A, B } from "x"` and `import("x").A`.
  for (const [, list, specifier] of text.matchAll(/@import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const target = resolve(specifier!, file);
    if (target) for (const name of list!.split(",")) if (name.trim()) result.uses.push([target, name.trim().split(/\s+as\s+/)[0]!]);
  }
  for (const [, specifier, name] of text.matchAll(/import\(["']([^"']+)["']\)\.(\w+)/g)) {
    const target = resolve(specifier!, file);
    if (target) result.uses.push([target, name!]);
  }
  return result;
}

function importUses(node: ts.ImportDeclaration, source: ts.SourceFile, add: (specifier: ts.Node, name: string) => void) {
  const clause = node.importClause;
  if (!clause) return;
  if (clause.name) add(node.moduleSpecifier, "default");
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) add(node.moduleSpecifier, (element.propertyName ?? element.name).text);
  else if (bindings && ts.isNamespaceImport(bindings)) {
    // `ns.name` names the export; `ns` used any other way hands on the whole module.
    const ns = bindings.name.text;
    let whole = false;
    const names = new Set<string>();
    const walk = (n: ts.Node) => {
      if (ts.isIdentifier(n) && n.text === ns && n !== bindings.name) {
        const parent = n.parent;
        if ((ts.isPropertyAccessExpression(parent) && parent.expression === n) || (ts.isQualifiedName(parent) && parent.left === n)) {
          names.add(ts.isPropertyAccessExpression(parent) ? parent.name.text : (parent as ts.QualifiedName).right.text);
        } else whole = true;
      }
      ts.forEachChild(n, walk);
    };
    walk(source);
    for (const name of whole ? [ALL] : names) add(node.moduleSpecifier, name);
  }
}

/** `const { a } = await import("x")`, `(await import("x")).a`, `import("x").then(({ a }) => ...)`: those names; anything else: the whole module. */
function dynamicUses(call: ts.CallExpression, add: (specifier: ts.Node, name: string) => void) {
  const specifier = call.arguments[0];
  if (!specifier) return;
  let node: ts.Node = call;
  while (ts.isAwaitExpression(node.parent) || ts.isParenthesizedExpression(node.parent)) node = node.parent;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isObjectBindingPattern(parent.name)) {
    for (const element of parent.name.elements) {
      const name = element.propertyName ?? element.name;
      add(specifier, ts.isIdentifier(name) ? name.text : ALL);
    }
  } else if (ts.isPropertyAccessExpression(parent) && parent.expression === node && parent.name.text !== "then") add(specifier, parent.name.text);
  else if (ts.isPropertyAccessExpression(parent) && parent.name.text === "then" && ts.isCallExpression(parent.parent)) {
    const callback = parent.parent.arguments[0];
    const param = callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback)) ? callback.parameters[0] : undefined;
    if (param && ts.isObjectBindingPattern(param.name)) {
      for (const element of param.name.elements)
        add(specifier, ts.isIdentifier(element.propertyName ?? element.name) ? (element.propertyName ?? element.name).getText() : ALL);
    } else if (param && ts.isIdentifier(param.name)) {
      // `.then((m) => m.Name)`: the names read off the module.
      const read = (n: ts.Node): boolean => {
        if (ts.isIdentifier(n) && n.text === (param.name as ts.Identifier).text && n !== param.name) {
          if (!ts.isPropertyAccessExpression(n.parent) || n.parent.expression !== n) return false;
          add(specifier, n.parent.name.text);
        }
        return ts.forEachChild(n, (child) => (read(child) ? undefined : true)) === undefined;
      };
      if (!read(callback!)) add(specifier, ALL);
    } else add(specifier, ALL);
  } else add(specifier, ALL);
}

const leftmost = (name: ts.EntityName): string => (ts.isIdentifier(name) ? name.text : leftmost(name.left));
const lineOf = (source: ts.SourceFile, node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
