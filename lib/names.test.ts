import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isTestFile } from "./import-graph";

// One name per subject in the production code (app/, components/, lib/, server/, scripts/,
// prisma/ and the files at the top: paths and text, words' catalogues included; tests, testing/
// folders and the test runners' configurations left out):
// - the built-in card provider is `test`: its stored name (Payment.provider), its folder
//   (lib/server/payments/providers/test/, beside stripe/), its models (TestProvider*), its routes
//   (/api/test-provider/*), PAYMENTS=test and its words ("Test mode"). The code once called it
//   "sandbox"; the word may not come back for it.
// - the host's kept answers: server/kept-answers/ (the store), the registry
//   lib/shared/web/registries/kept-answers.mjs and the app's side lib/server/web/kept-answers/index.ts;
//   "shared responses" was their second name.
const root = path.resolve(import.meta.dirname, "..");
const FOLDERS = ["app", "components", "lib", "server", "scripts", "prisma"];
const TEXT = /\.(ts|tsx|mts|mjs|js|json|prisma|css)$/;
const skipped = new Set(["node_modules", "generated", "migrations", ".next"]);

/** The production files: each with its path from the root. */
function productionFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (skipped.has(entry.name)) continue;
      if (entry.isDirectory()) walk(relative);
      else if (TEXT.test(entry.name) && !isTestFile(relative)) found.push(relative);
    }
  };
  for (const folder of FOLDERS) walk(folder);
  // The files at the top: proxy.ts, instrumentation, next.config.mjs... (the test runners' configurations left out).
  for (const entry of readdirSync(root)) if (/\.(ts|mts|mjs)$/.test(entry) && !/^(playwright|vitest)\b/.test(entry)) found.push(entry);
  return found;
}

/** Another subject's word that reads the same, where it is that subject's. */
const ELSEWHERE: Record<string, string> = {
  "server/manifest-realms.mjs": "Node's vm calls the object a script runs in its sandbox",
  "lib/edge/request-guard.ts": "a browser's sandboxed frames send Origin: null",
  "lib/edge/pos-settings.ts": "Square calls its test environment its sandbox (SQUARE_ENVIRONMENT=sandbox, connect.squareupsandbox.com)",
};

const RETIRED = [
  { subject: "the built-in card provider (test)", word: /sandbox/i },
  { subject: "the host's kept answers", word: /shared[-_ ]?responses/i },
];

/** Where each retired word appears in `files` (its path or its text): "file:line word". */
function retiredIn(files: { name: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { name, text } of files) {
    for (const { subject, word } of RETIRED) {
      if (word === RETIRED[0]!.word && name in ELSEWHERE) continue;
      if (word.test(name)) found.push(`${name} (its path): ${subject}`);
      text.split("\n").forEach((line, i) => word.test(line) && found.push(`${name}:${i + 1}: ${subject}: ${line.trim().slice(0, 100)}`));
    }
  }
  return found;
}

describe("one name per subject", () => {
  const files = productionFiles();

  it("reads the production code (the check is not vacuous)", () => {
    expect(files.length).toBeGreaterThan(1000);
    expect(files).toContain("lib/server/payments/providers/test/provider.ts");
    expect(files).toContain("server/kept-answers/store.mjs");
    expect(files).toContain("lib/i18n/areas/profile.en.json");
    expect(files.some((file) => file.includes(".test."))).toBe(false);
  });

  it("no production file names a subject by its retired word", () => {
    expect(retiredIn(files.map((name) => ({ name, text: readFileSync(path.join(root, name), "utf8") })))).toEqual([]);
  });

  it("finds a retired word in a path, a name or the words", () => {
    const found = retiredIn([
      { name: "lib/server/payments/providers/sandbox/provider.ts", text: "" },
      { name: "lib/i18n/areas/profile.en.json", text: '{\n  "sandbox": { "label": "Test mode" }\n}' },
      { name: "server/worker.mjs", text: 'import { sharedResponses } from "./kept-answers/store.mjs";' },
      { name: "server/manifest-realms.mjs", text: "const sandbox = {};" },
    ]);
    expect(found).toEqual([
      "lib/server/payments/providers/sandbox/provider.ts (its path): the built-in card provider (test)",
      'lib/i18n/areas/profile.en.json:2: the built-in card provider (test): "sandbox": { "label": "Test mode" }',
      'server/worker.mjs:1: the host\'s kept answers: import { sharedResponses } from "./kept-answers/store.mjs";',
    ]);
  });

  it("the other subjects' words are still where they are said to be", () => {
    for (const [file, why] of Object.entries(ELSEWHERE))
      expect(existsSync(path.join(root, file)) && /sandbox/i.test(readFileSync(path.join(root, file), "utf8")), why).toBe(true);
  });
});
