import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The docs name files as `backticked/paths` and link to each other; both rot when code moves.
// This fails when a backticked repo path, a relative link or a link's #anchor in one of the
// docs below does not exist. A backticked path is read from the repo root, then from the doc's
// own folder (lib/README.md says `shared/host-contract.mjs`); a bare file name (`create-db.test.ts`) must
// be some file of the repo. Placeholders (`<name>`, `**`, `{id}`), URLs (`/api/...`) and fenced
// code blocks are not checked, nor paths that exist only at run time (below).
const root = path.resolve(import.meta.dirname, "..");
const docs = [
  "README.md",
  "lib/README.md",
  "lib/server/README.md",
  "lib/contract/zod-free/README.md",
  "e2e/README.md",
  // every .md under docs/, in its folders too (docs/architecture/, docs/log/)
  ...readdirSync(path.join(root, "docs"), { encoding: "utf8", recursive: true })
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => `docs/${f}`),
];

// Written by the app, the build, the tests or the benchmarks, never committed.
const runtimePaths = ["data", "bench/results/", "test-results/", "playwright-report/", "page_client-reference-manifest.js"];
const skippedDirs = new Set(["node_modules", ".git", ".next", "data", "test-results", "playwright-report"]);

function repoFileNames(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (skippedDirs.has(entry.name)) continue;
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else names.add(entry.name);
    }
  };
  walk(root);
  return names;
}

function withoutFencedBlocks(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, "");
}

// GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens.
function anchors(file: string): Set<string> {
  const slugs = new Set<string>();
  for (const match of withoutFencedBlocks(readFileSync(file, "utf8")).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    slugs.add(
      match[1]!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/\s/g, "-"),
    );
  }
  return slugs;
}

const fileNames = repoFileNames();

function looksLikePath(token: string): boolean {
  if (/[\s<>{}*=:$]/.test(token) || token.startsWith("/") || token.startsWith("-")) return false;
  if (runtimePaths.some((prefix) => token.replace(/^\.\//, "").startsWith(prefix))) return false;
  return token.includes("/") || /^[\w.-]+\.(ts|tsx|mts|mjs|js|json|md|conf|service|sql|prisma|css)$/.test(token);
}

function missingPaths(doc: string): string[] {
  const docDir = path.dirname(path.join(root, doc));
  const text = withoutFencedBlocks(readFileSync(path.join(root, doc), "utf8"));
  const missing: string[] = [];
  for (const [, token] of text.matchAll(/`([^`\n]+)`/g)) {
    if (!looksLikePath(token!)) continue;
    if (!token!.includes("/")) {
      if (!fileNames.has(token!)) missing.push(`\`${token}\``);
      continue;
    }
    // `text/event-stream` and the like: only paths whose first folder exists are paths.
    const first = token!.split("/")[0]!;
    const fromRoot = existsSync(path.join(root, first));
    const fromDoc = existsSync(path.join(docDir, first));
    if (!fromRoot && !fromDoc) continue;
    if (!existsSync(path.join(root, token!)) && !existsSync(path.join(docDir, token!))) missing.push(`\`${token}\``);
  }
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target!)) continue;
    const [file, anchor] = target!.split("#");
    const resolved = file ? path.join(docDir, file) : path.join(root, doc);
    if (!existsSync(resolved)) missing.push(`(${target})`);
    else if (anchor && resolved.endsWith(".md") && !anchors(resolved).has(anchor)) missing.push(`(${target}): no such heading`);
  }
  return missing;
}

describe("docs name only files and headings that exist", () => {
  it.each(docs)("%s", (doc) => {
    expect(missingPaths(doc)).toEqual([]);
  });
});
