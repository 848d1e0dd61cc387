import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

// The import graph of the app's own code, its host (server/) and the benchmarks (bench/), for the tests that read its structure
// (import-cycles.test.ts, lib/server/web/kept-answers/catalog-pages.test.ts): every import counts, `import type` and
// `import()` included, resolved by TypeScript with tsconfig.json's `@/` paths. Prisma's generated
// client is left out (generated, cycles and all), as is everything under node_modules.

export const root = path.resolve(import.meta.dirname, "..");
/** The app's own code: these folders and the files at the top (proxy.ts, instrumentation.ts...), and the benchmarks that drive it. */
const folders = ["app", "components", "lib", "server", "bench"];
const skipped = new Set(["node_modules", "generated", ".next"]);
const sourceFile = /\.(ts|tsx|mts|mjs)$/;

/** The source files of `within` (the app's own code by default) and the files at the top. */
export function sources(within: readonly string[] = folders): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (skipped.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (sourceFile.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(full);
    }
  };
  for (const folder of within) walk(path.join(root, folder));
  for (const entry of readdirSync(root)) if (sourceFile.test(entry) && !entry.endsWith(".d.ts")) found.push(path.join(root, entry));
  return found;
}

const parsedSources = new Map<string, ts.SourceFile>();
/**
 * A source file of the tree (a path from the root or absolute) parsed once per test process: the
 * structure tests that read the whole tree (word tables, said keys, SQL homes...) share a Vitest
 * worker (`isolate: false`), and parsing the tree took each of them seconds.
 */
export function parsedSource(file: string): ts.SourceFile {
  const full = path.resolve(root, file);
  let source = parsedSources.get(full);
  if (!source) parsedSources.set(full, (source = ts.createSourceFile(file, readFileSync(full, "utf8"), ts.ScriptTarget.Latest, true)));
  return source;
}

export function importGraph(files: string[] = sources()): Map<string, string[]> {
  const config = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => target !== undefined && known.has(path.resolve(target)))
      .map((target) => path.resolve(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** An import from one folder of lib/server to another: the folders, the importing file, and whether it imports types only. */
export type FolderImport = { from: string; to: string; file: string; typeOnly: boolean };

/** The folder of lib/server a file is in (`platform`, `orders`...), or undefined outside them (lib/server/README.md). */
export function serverFolderOf(file: string): string | undefined {
  const parts = path.relative(path.join(root, "lib/server"), file).split(path.sep);
  return parts.length > 1 && parts[0] !== ".." ? parts[0] : undefined;
}

/** Tests (`x.test.ts`) and their helpers (any file in a `testing/` folder: platform/testing/db.ts...): nothing of the app imports them. */
export const isTestFile = (file: string) => /\.test\.tsx?$/.test(file) || file.split(path.sep).includes("testing");

/**
 * Every import between two folders of lib/server (`import type`, `import()` and `typeof import()`
 * included), read with TypeScript's parser so a type-only import is told from a real one.
 */
export function serverFolderImports(files: string[] = sources()): FolderImport[] {
  const config = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const found: FolderImport[] = [];
  for (const file of files) {
    const from = serverFolderOf(file);
    if (!from) continue;
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const add = (specifier: ts.Expression | undefined, typeOnly: boolean) => {
      if (!specifier || !ts.isStringLiteralLike(specifier)) return;
      const target = ts.resolveModuleName(specifier.text, file, options, ts.sys).resolvedModule?.resolvedFileName;
      const to = target && !target.includes("node_modules") ? serverFolderOf(path.resolve(target)) : undefined;
      if (to && to !== from) found.push({ from, to, file, typeOnly });
    };
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node)) {
        const clause = node.importClause;
        const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
        const typeOnly =
          !!clause && (clause.phaseModifier === ts.SyntaxKind.TypeKeyword || (!clause.name && !!named?.length && named.every((element) => element.isTypeOnly)));
        add(node.moduleSpecifier, typeOnly);
      } else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, node.isTypeOnly);
      else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], false);
      else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal, true);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
