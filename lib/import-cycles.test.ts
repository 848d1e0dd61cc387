import path from "node:path";
import { describe, expect, it } from "vitest";
import { importGraph, isTestFile, root, serverFolderImports, serverFolderOf } from "./import-graph";
import { againstOneWay, components, layeringViolations } from "./layering";

// No import cycles in the app's own code (app/, components/, lib/, the host in server/, the
// benchmarks in bench/ and the files beside them at the top): with a cycle, the order in which modules load starts to matter, and a cycle is how a
// domain module ends up knowing its callers. Every import counts, `import type` and `import()`
// included: each is one module knowing another. The graph: import-graph.ts. And lib/server's
// layering (layering.ts): platform/ imports no other folder of lib/server, and the folder-level
// imports against the layering are counted and may only go down.

/** Every group of two or more files that reach each other (or a file importing itself): layering.ts's components. */
function cycles(graph: Map<string, string[]>): string[][] {
  return components([...graph.keys()], graph)
    .filter((group) => group.length > 1 || (graph.get(group[0]!) ?? []).includes(group[0]!))
    .map((group) => group.map((file) => path.relative(root, file)).sort());
}

describe("imports", () => {
  const graph = importGraph();

  it("reads the whole app (the check is not vacuous)", () => {
    expect(graph.size).toBeGreaterThan(400);
    expect(graph.get(path.join(root, "lib/server/orders/place.ts"))).toContain(path.join(root, "lib/server/orders/transition.ts"));
    expect(graph.get(path.join(root, "server/worker.mjs"))).toContain(path.join(root, "server/pipeline.mjs"));
    expect(graph.get(path.join(root, "server/stream-handoff.mjs"))).toContain(path.join(root, "lib/shared/web/host-contract.mjs"));
    expect(graph.get(path.join(root, "bench/scenarios/rush.mjs"))).toContain(path.join(root, "bench/scenarios/rush/soak.mjs"));
  });

  it("app, components, lib, server and bench have no cycle, type-only and dynamic imports included", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("the check finds a cycle when there is one", () => {
    const a = path.join(root, "a.ts");
    const b = path.join(root, "b.ts");
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([["a.ts", "b.ts"]]);
  });

  it("the host (server/) and the app import one way: the host reads lib/shared's contract, the app (tests aside) nothing of the host", () => {
    const under = (file: string, folder: string) => path.relative(root, file).startsWith(folder + path.sep);
    const crossing = (from: string, to: string) =>
      [...graph].flatMap(([file, targets]) =>
        (under(file, from) && !isTestFile(file) ? targets.filter((target) => under(target, to)) : []).map(
          (target) => `${path.relative(root, file)} -> ${path.relative(root, target)}`,
        ),
      );
    expect(crossing("server", "lib").filter((line) => !line.includes(" -> lib/shared/"))).toEqual([]);
    expect(["lib", "app", "components"].flatMap((folder) => crossing(folder, "server"))).toEqual([]);
    expect(crossing("server", "lib").length).toBeGreaterThan(5);
  });
});

/**
 * Tests under platform/ that reach into other folders, each because what it proves is the
 * platform piece as the domains use it. A test is a leaf of the graph (nothing imports it), so
 * it cannot make platform/'s own code depend on a domain; a new one is added here with its reason.
 */
const platformTestsReachingUp: Record<string, string> = {
  "catalog-cache.test.ts": "the cache is proven invalidated by the catalog writes of restaurants/ and menu/ and read through their reads",
  "concurrency.test.ts": "PostgreSQL's row locks are proven on the read-then-write steps of menu/ (likes) beside the throttle's",
  "query-plans.test.ts": "the plans checked are those of the SQL every domain's lists run, at 10x data",
  "throttle.test.ts": "the throttle's 429 and its Retry-After are proven as route() (web/route.ts) answers them",
  "testing/fixtures.ts":
    "the integration tests' shared people: a customer's wallet topped up through wallet/ and a restaurant made through restaurants/, as the domains make them",
};

describe("lib/server's layering", () => {
  const graph = importGraph();
  const imports = serverFolderImports();

  it("platform/ imports no other folder of lib/server (its tests named above excepted): background jobs live in jobs/", () => {
    const platformFiles = [...graph.keys()].filter((file) => serverFolderOf(file) === "platform");
    expect(platformFiles.length).toBeGreaterThan(20);
    const reaching = platformFiles
      .filter((file) => !(path.relative(path.join(root, "lib/server/platform"), file) in platformTestsReachingUp))
      .flatMap((file) =>
        graph
          .get(file)!
          .filter((target) => ![undefined, "platform"].includes(serverFolderOf(target)))
          .map((target) => `${path.relative(root, file)} -> ${path.relative(root, target)}`),
      );
    expect(reaching).toEqual([]);
    // The exceptions are still needed (else they go from the list).
    for (const test of Object.keys(platformTestsReachingUp)) {
      expect(
        graph.get(path.join(root, "lib/server/platform", test))!.some((target) => serverFolderOf(target) !== "platform"),
        test,
      ).toBe(true);
    }
  });

  it("the folder-level imports against the layering only go down (15 by these rules before jobs/ and by-pages.ts, 9 after, 10 once the order's event log moved to order-events/ (order-events -> notifications), 3 after the domains' moves (8 domain arcs to 1), 2 once the live streams left order-events/ for live/ (no domain arc left: live -> web and operators -> web), 1 once the operator pages' guard moved to web/page.ts (live -> web: a stream checks its session))", () => {
    const violations = layeringViolations(imports);
    console.log(
      `Folder-level imports against the layering (lib/layering.ts): ${violations.length}\n` +
        violations.map((v) => `  ${v.from} -> ${v.to}  (${v.rule}: ${v.files.map((f) => path.relative(root, f)).join(", ")})`).join("\n"),
    );
    expect(violations.filter((v) => v.from === "platform")).toEqual([]);
    expect(violations.filter((v) => v.rule === "the domains import one way (no folder cycle)").length).toBe(0);
    expect(violations.length).toBeLessThanOrEqual(1);
  });

  it("the count sees an import against the layering when there is one", () => {
    const at = (folder: string, file: string) => path.join(root, "lib/server", folder, file);
    const one = (from: string, to: string, typeOnly = false, file = "x.ts") => ({ from, to, file: at(from, file), typeOnly });
    const found = layeringViolations([
      one("platform", "orders"),
      one("orders", "jobs"),
      one("accounts", "web"),
      one("reviews", "web", true),
      one("orders", "dispatch"),
      one("dispatch", "orders"),
      one("dispatch", "geo"),
      one("platform", "orders", false, "x.test.ts"),
      one("platform", "orders", false, "testing/x.ts"),
    ]).map((v) => `${v.from} -> ${v.to}`);
    expect(found).toEqual(["accounts -> web", expect.stringMatching(/^(orders -> dispatch|dispatch -> orders)$/), "orders -> jobs", "platform -> orders"]);
    expect(
      againstOneWay(
        new Map([
          ["a", new Set(["b"])],
          ["b", new Set(["c"])],
          ["c", new Set(["a", "d"])],
        ]),
      ),
    ).toHaveLength(1);
  });
});
