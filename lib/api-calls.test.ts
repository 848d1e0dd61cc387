import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A screen calls the API one way: useApiAction (lib/client/use-api-action.ts), or useApiActions for
// a list of like actions, whose one parser (parseApiError) puts a field's message beside its field
// and the rest in one place. A hand-written `instanceof ApiClientError` anywhere else is a second
// way: only the client that throws it (lib/client/api.ts, its one retry) and the parser may hold one.
const root = path.resolve(import.meta.dirname, "..");
const folders = ["app", "components", "lib", "server"];
const skipped = new Set(["node_modules", "generated"]);
const SELF = "lib/api-calls.test.ts";
const HAND_CATCH = /instanceof\s+ApiClientError\b/;
const THE_HOOK = new Set(["lib/client/api.ts", "lib/client/use-api-action.ts"]);

/** The production and test sources under `folders`, relative to the root. */
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

  it("reads the screens and lib/client (the check is not vacuous)", () => {
    expect(all).toContain("components/operators/action-button.tsx");
    expect(all).toContain("components/browse/restaurant-heart.tsx");
    expect(all).toContain("lib/client/locate.ts");
    expect(all).toContain("lib/client/use-api-action.ts");
  });

  it("has no hand-written catch of ApiClientError outside the client and its hook", () => {
    const caught = all.filter((file) => HAND_CATCH.test(readFileSync(path.join(root, file), "utf8")));
    expect(caught.filter((file) => !THE_HOOK.has(file))).toEqual([]);
  });

  it("finds a hand-written catch where there is one", () => {
    expect(HAND_CATCH.test("} catch (e) { if (e instanceof ApiClientError) setErrors(e.errors); }")).toBe(true);
    expect(HAND_CATCH.test("const failure = parseApiError(error);")).toBe(false);
  });
});
