import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// No production file over 280 lines: a file that grows past it holds more than
// one subject and is split, one noun per file. Production code is every .ts, .tsx and .mjs file
// under lib/, app/, components/ and server/, and the service worker's hand-written scripts (public/*.js);
// tests (`x.test.ts`) and their helpers (in a `testing/` folder: found by folder, not by a name's
// prefix), generated code (Prisma's clients), seed data and the schema (prisma/) are not.
const root = path.resolve(import.meta.dirname, "..");
const MAX_LINES = 280;
const folders = ["lib", "app", "components", "server"];
const skipped = new Set(["node_modules", "generated", ".next"]);
const isTest = (file: string) => /\.(test|spec)\.(ts|tsx|mjs)$/.test(file) || file.split(path.sep).includes("testing");

/** Files allowed past the cap for now, each with why and until when. */
const exceptions: Record<string, string> = {};

function productionFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (skipped.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts") && !isTest(path.relative(root, full))) found.push(path.relative(root, full));
    }
  };
  for (const folder of folders) walk(path.join(root, folder));
  for (const entry of readdirSync(path.join(root, "public"))) if (entry.endsWith(".js")) found.push(path.join("public", entry));
  return found.sort();
}

const lineCount = (file: string) => readFileSync(path.join(root, file), "utf8").replace(/\n$/, "").split("\n").length;

describe("production files stay small", () => {
  const files = productionFiles();

  it("reads the production code (the check is not vacuous)", () => {
    expect(files.length).toBeGreaterThan(400);
    expect(files).toContain("lib/server/orders/place.ts");
    expect(files).toContain("public/offline-worker.js");
    expect(files.some((file) => file.includes(".test."))).toBe(false);
    expect(files).toContain("lib/server/payments/providers/test/provider.ts");
    expect(files).not.toContain("lib/server/payments/providers/stripe/testing/stand-in.ts");
  });

  it("no production file is named as a test (a test's helper lives in a testing/ folder)", () => {
    expect(files.filter((file) => /^test-/.test(path.basename(file)))).toEqual([]);
  });

  it(`no production file is over ${MAX_LINES} lines (the exceptions named above excepted)`, () => {
    const over = files.filter((file) => !(file in exceptions) && lineCount(file) > MAX_LINES).map((file) => `${file}: ${lineCount(file)} lines`);
    expect(over).toEqual([]);
  });

  it("each exception is still needed (else it goes from the list)", () => {
    for (const file of Object.keys(exceptions)) expect(files.includes(file) && lineCount(file) > MAX_LINES, file).toBe(true);
  });
});
