import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A screen calls the API one way: useApiAction (lib/client/use-api-action.ts), or useApiActions for
// a list of like actions, whose one parser (parseApiError) puts a field's message beside its field
// and the rest in one place. A hand-written `instanceof ApiClientError` outside lib/client is a
// second way. The files below still hold one while they are moved onto the hook: the list only shrinks.
const root = path.resolve(import.meta.dirname, "..");
const folders = ["app", "components", "lib", "server"];
const skipped = new Set(["node_modules", "generated", "lib/client"]);
const SELF = "lib/api-calls.test.ts";
const HAND_CATCH = /instanceof\s+ApiClientError\b/;

const NOT_YET_MOVED = new Set([
  // Both on /home's or /restaurants/[id]'s first load, at the 150 KB limit: the hook's module would pass it.
  "components/browse/restaurant-heart.tsx",
  "components/group/start-group-button.tsx",
]);

/** The production and test sources under `folders`, relative to the root, lib/client left out. */
function sources(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(root, full).split(path.sep).join("/");
      if (entry.isDirectory()) {
        if (!skipped.has(entry.name) && !skipped.has(relative)) walk(full);
      } else if (/\.(ts|tsx)$/.test(entry.name) && relative !== SELF) found.push(relative);
    }
  };
  for (const folder of folders) walk(path.join(root, folder));
  return found;
}

describe("a screen calls the API through the hook", () => {
  const all = sources();

  it("reads the screens and leaves lib/client out (the check is not vacuous)", () => {
    expect(all).toContain("components/operators/action-button.tsx");
    expect(all).toContain("components/team/team-manager.tsx");
    expect(all.some((file) => file.startsWith("lib/client/"))).toBe(false);
  });

  it("has no new hand-written catch of ApiClientError outside lib/client", () => {
    const caught = all.filter((file) => HAND_CATCH.test(readFileSync(path.join(root, file), "utf8")));
    expect(caught.filter((file) => !NOT_YET_MOVED.has(file))).toEqual([]);
  });

  it("finds a hand-written catch where there is one", () => {
    expect(HAND_CATCH.test("} catch (e) { if (e instanceof ApiClientError) setErrors(e.errors); }")).toBe(true);
    expect(HAND_CATCH.test("const failure = parseApiError(error);")).toBe(false);
  });
});
