import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The docs a newcomer reads first stay short: the README fits in 8 KB and the architecture index
// in 5 KB, and every topic doc opens, under its title, with the same five lines (what
// it is, where its code is, the one rule not to break, where its tests are, what to read next)
// before its body. Everything longer lives in the topic docs, linked from the index.
const root = path.resolve(import.meta.dirname, "..");
const MAX_BYTES = 8 * 1024;
const INDEX_MAX_BYTES = 5 * 1024;

const architecture = "docs/architecture";
const topicDocs = [
  ...readdirSync(path.join(root, architecture))
    .filter((f) => f.endsWith(".md") && f !== "README.md")
    .sort()
    .map((f) => `${architecture}/${f}`),
  "docs/deploying.md",
  "docs/performance.md",
  "docs/overview.md",
];
const openingLabels = ["What", "Code", "Don't break", "Tests"];
// A topic doc is a reference, at most 10 KB: what a developer needs to work on its subject
// today (what it is, where the code is, the rules, how the pieces fit); decision history and
// measurements go to the dated logs of docs/log/<date>.md or stay in git, and a doc that holds
// two subjects becomes two. The map has its own cap below.
const TOPIC_MAX_BYTES = 10 * 1024;
// The map of the tree (its folders and where each task is done, the task index folded in), and
// the two READMEs that keep the rules of lib/ and lib/server/. Each at most its cap, a little over
// its size when the maps became one: a map that grows is holding what a file's own opening comment
// or a topic doc should.
const MAP_MAX_BYTES: Record<string, number> = {
  "docs/architecture/code-map.md": 13.5 * 1024,
  "lib/README.md": 4 * 1024,
  "lib/server/README.md": 3 * 1024,
};
// Every doc but the dated logs (docs/architecture/ and the top of docs/) together: cut to half
// (580 -> 276 KiB) on 2026-11-29 so a newcomer reads them in an afternoon, the cap lowered to
// match. It is never raised: a topic that grows makes room elsewhere, or moves its history to the log.
const DOCS_MAX_BYTES = 276 * 1024;

/** The bytes of every file under `dir`, its folders included. */
function bytesUnder(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const full = path.join(dir, entry.name);
    return sum + (entry.isDirectory() ? bytesUnder(full) : statSync(full).size);
  }, 0);
}

describe("the docs a newcomer reads first stay short", () => {
  it("README.md is at most 8 KB", () => {
    expect(statSync(path.join(root, "README.md")).size).toBeLessThanOrEqual(MAX_BYTES);
  });

  it("the architecture index is at most 5 KB", () => {
    expect(statSync(path.join(root, architecture, "README.md")).size).toBeLessThanOrEqual(INDEX_MAX_BYTES);
  });

  it.each(topicDocs.filter((doc) => !(doc in MAP_MAX_BYTES)))("%s is at most 10 KB", (doc) => {
    expect(statSync(path.join(root, doc)).size).toBeLessThanOrEqual(TOPIC_MAX_BYTES);
  });

  it.each(Object.entries(MAP_MAX_BYTES))("the map %s is at most its cap", (doc, cap) => {
    expect(statSync(path.join(root, doc)).size).toBeLessThanOrEqual(cap);
  });

  it("docs/ as a whole, the dated logs aside, is at most 276 KiB", () => {
    const top = readdirSync(path.join(root, "docs"), { withFileTypes: true }).filter((entry) => entry.isFile());
    const total = bytesUnder(path.join(root, architecture)) + top.reduce((sum, entry) => sum + statSync(path.join(root, "docs", entry.name)).size, 0);
    expect(total).toBeGreaterThan(200 * 1024);
    expect(total).toBeLessThanOrEqual(DOCS_MAX_BYTES);
  });

  it("e2e/README.md is a guide, not a log: at most 32 KB (its wall-time history is in docs/log/)", () => {
    expect(statSync(path.join(root, "e2e/README.md")).size).toBeLessThanOrEqual(32 * 1024);
  });

  it.each(topicDocs)("%s opens with what a newcomer needs in five lines", (doc) => {
    const lines = readFileSync(path.join(root, doc), "utf8").split("\n");
    expect(lines[0]).toMatch(/^# /);
    expect(lines[1]).toBe("");
    const opening = lines.slice(2, lines.indexOf("", 2));
    expect(opening.length).toBeLessThanOrEqual(5);
    for (const label of openingLabels) {
      expect(opening.some((line) => line.startsWith(`- **${label}:**`))).toBe(true);
    }
  });

  // The "Tests:" line says where a topic's tests are by the folder rule (beside the code, `*.test.ts`,
  // and e2e/<feature>/): it names folders, and at most two test files that live elsewhere, never a
  // list of files that goes stale as tests are added, split or moved. The guarantees name a test
  // per line below instead.
  it.each(topicDocs)("%s says where its tests are by folder, not by a list of files", (doc) => {
    const tests = readFileSync(path.join(root, doc), "utf8")
      .split("\n")
      .find((line) => line.startsWith("- **Tests:**"))!;
    const files = [...tests.matchAll(/`([^`]+\.(?:test|spec)\.tsx?)`/g)].map((m) => m[1]);
    const folders = [...tests.matchAll(/`([^`]+\/|[^`]*\*[^`]*)`/g)];
    expect(files.length, tests).toBeLessThanOrEqual(2);
    expect(folders.length > 0 || /each line below|named on each line|`npm run /.test(tests), tests).toBe(true);
  });

  it("the architecture index links every topic doc", () => {
    const index = readFileSync(path.join(root, architecture, "README.md"), "utf8");
    const linked = new Set([...index.matchAll(/\]\(([\w-]+\.md)\)/g)].map((m) => m[1]));
    const missing = topicDocs.filter((doc) => doc.startsWith(`${architecture}/`) && !linked.has(path.basename(doc)));
    expect(missing).toEqual([]);
  });

  it("the performance log stays in docs/log/, linked from the summary: an index of its sections, each in a dated log", () => {
    const index = readFileSync(path.join(root, "docs/log/performance.md"), "utf8");
    expect(readFileSync(path.join(root, "docs/performance.md"), "utf8")).toContain("(log/performance.md)");
    const days = [...index.matchAll(/^\[(\d{4}-\d{2}-\d{2})\]\(\1\.md#[\w-]+\)$/gm)];
    expect(days.length).toBeGreaterThan(30);
    for (const [, day] of days) expect(statSync(path.join(root, "docs/log", `${day}.md`)).isFile()).toBe(true);
  });

  it("the logs under docs/log/ are one file a day (docs/log/<date>.md) besides the performance index", () => {
    const files = readdirSync(path.join(root, "docs/log")).filter((f) => f.endsWith(".md") && f !== "performance.md");
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file).toMatch(/^\d{4}-\d{2}-\d{2}\.md$/);
  });
});
