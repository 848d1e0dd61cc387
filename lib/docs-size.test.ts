import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The docs a newcomer reads first stay short (issue 48): the README and the architecture index
// fit in 8 KB each, and every topic doc opens, under its title, with the same five lines (what
// it is, where its code is, the one rule not to break, where its tests are, what to read next)
// before its body. Everything longer lives in the topic docs, linked from the index.
const root = path.resolve(import.meta.dirname, "..");
const MAX_BYTES = 8 * 1024;

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

describe("the docs a newcomer reads first stay short", () => {
  it.each(["README.md", `${architecture}/README.md`])("%s is at most 8 KB", (doc) => {
    expect(statSync(path.join(root, doc)).size).toBeLessThanOrEqual(MAX_BYTES);
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

  it("the architecture index links every topic doc", () => {
    const index = readFileSync(path.join(root, architecture, "README.md"), "utf8");
    const linked = new Set([...index.matchAll(/\]\(([\w-]+\.md)\)/g)].map((m) => m[1]));
    const missing = topicDocs.filter((doc) => doc.startsWith(`${architecture}/`) && !linked.has(path.basename(doc)));
    expect(missing).toEqual([]);
  });

  it("the performance log stays in docs/log/, linked from the summary", () => {
    expect(statSync(path.join(root, "docs/log/performance.md")).isFile()).toBe(true);
    expect(readFileSync(path.join(root, "docs/performance.md"), "utf8")).toContain("(log/performance.md)");
  });
});
