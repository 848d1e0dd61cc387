import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { wasmReadOnce } from "./generate.mjs";

// prisma/generate.mjs rewrites each generated client to read its query compiler's base64 from the
// file instead of importing it (an imported module stays loaded: 8.6 MB of the worker's heap). Every
// test on a database compiles the wasm that way; this one says the clients in lib/generated were
// generated so (run `npm run db:generate` when it fails).

describe("the generated clients' query compiler", () => {
  it.each(["prisma", "prisma-postgresql"])("%s is read from its file, never imported", (client) => {
    const source = readFileSync(path.join(import.meta.dirname, "../lib/generated", client, "internal/class.ts"), "utf8");
    expect(source).not.toMatch(/import\(["']@prisma\/client\/runtime\/[\w.-]+\.wasm-base64\.mjs["']\)/);
    expect(source).toMatch(/readFileSync\(.*'latin1'\)/);
  });

  it("stops the generation when Prisma's client no longer has the shape it rewrites", () => {
    expect(() => wasmReadOnce("config.compilerWasm = {}")).toThrow(/wasmReadOnce/);
  });
});
