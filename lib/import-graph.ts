import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

// The import graph of the app's own code and its host (server/), for the tests that read its structure
// (import-cycles.test.ts, server/catalog-pages.test.ts): every import counts, `import type` and
// `import()` included, resolved by TypeScript with tsconfig.json's `@/` paths. Prisma's generated
// client is left out (generated, cycles and all), as is everything under node_modules.

export const root = path.resolve(import.meta.dirname, "..");
/** The app's own code: these folders and the files at the top (proxy.ts, instrumentation.ts...). */
const folders = ["app", "components", "lib", "server"];
const skipped = new Set(["node_modules", "generated", ".next"]);
const sourceFile = /\.(ts|tsx|mts|mjs)$/;

export function sources(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (skipped.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (sourceFile.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(full);
    }
  };
  for (const folder of folders) walk(path.join(root, folder));
  for (const entry of readdirSync(root)) if (sourceFile.test(entry) && !entry.endsWith(".d.ts")) found.push(path.join(root, entry));
  return found;
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
