import path from "node:path";
import { describe, expect, it } from "vitest";
import { importGraph, root } from "./import-graph";

// No import cycles in the app's own code (app/, components/, lib/, the host in server/ and the
// files beside them at the top): with a cycle, the order in which modules load starts to matter, and a cycle is how a
// domain module ends up knowing its callers. Every import counts, `import type` and `import()`
// included: each is one module knowing another. The graph: import-graph.ts.

/** Tarjan's strongly connected components: every group of two or more files that reach each other. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(path.relative(root, member));
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe("imports", () => {
  const graph = importGraph();

  it("reads the whole app (the check is not vacuous)", () => {
    expect(graph.size).toBeGreaterThan(400);
    expect(graph.get(path.join(root, "lib/server/orders/place.ts"))).toContain(path.join(root, "lib/server/orders/transition.ts"));
    expect(graph.get(path.join(root, "server/worker.mjs"))).toContain(path.join(root, "server/pipeline.mjs"));
    expect(graph.get(path.join(root, "server/stream-handoff.mjs"))).toContain(path.join(root, "lib/shared/host-contract.mjs"));
  });

  it("app, components, lib and server have no cycle, type-only and dynamic imports included", () => {
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
});
