import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The code map (docs/architecture/code-map.md) names every folder of lib/server: a folder added
// without its line in the map fails here. Its line is the folder's name at the map's depth
// ("    payments/           card payments ..."), under `server/`.
const root = path.resolve(import.meta.dirname, "..");

/** The folders the map names under lib/server (its lines indented four spaces, `name/` first). */
export function mappedServerFolders(map: string): string[] {
  return [...map.matchAll(/^ {4}([\w-]+)\/ {2,}\S/gm)].map((match) => match[1]!);
}

describe("the code map", () => {
  const map = readFileSync(path.join(root, "docs/architecture/code-map.md"), "utf8");
  const folders = readdirSync(path.join(root, "lib/server"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "generated")
    .map((entry) => entry.name)
    .sort();

  it("names every folder of lib/server, and no folder that is gone", () => {
    expect(folders.length).toBeGreaterThan(25);
    expect([...new Set(mappedServerFolders(map))].sort()).toEqual(folders);
  });

  it("finds a folder the map leaves out", () => {
    expect(mappedServerFolders("    orders/             every state change\n    web/                handle.ts\n  client/               browser")).toEqual([
      "orders",
      "web",
    ]);
  });
});
