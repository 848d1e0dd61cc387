import { isTestFile, type FolderImport } from "./import-graph";

// The layering of lib/server's folders (lib/server/README.md), as rules a folder-level import can
// break. The unit is a folder pair (orders -> dispatch), however many files make it:
//   1. `platform/` is the floor: it imports no other folder.
//   2. `jobs/` is the ceiling: no folder imports it (instrumentation.ts starts it).
//   3. `web/` stands above the domains: a domain imports it for types only (SessionUser).
//   4. The domains (every other folder) import one way: the pairs counted are the fewest whose
//      imports would have to go for the domains' folder graph to have no cycle (a minimum
//      feedback arc set, computed exactly; which pairs of a cycle it names is one choice of several).
// Test files and their helpers are left out: nothing imports them, so they cannot make one
// folder depend on another.

const FLOOR = "platform";
const CEILING = "jobs";
const ABOVE_DOMAINS = "web";

export type Violation = { from: string; to: string; rule: string; files: string[] };

export function layeringViolations(imports: FolderImport[]): Violation[] {
  const app = imports.filter((i) => !isTestFile(i.file));
  const pairs = new Map<string, Violation>();
  const note = (i: FolderImport, rule: string) => {
    const key = `${i.from} -> ${i.to}`;
    const found = pairs.get(key) ?? { from: i.from, to: i.to, rule, files: [] };
    if (!found.files.includes(i.file)) found.files.push(i.file);
    pairs.set(key, found);
  };
  const domains = new Map<string, Set<string>>();
  for (const i of app) {
    if (i.from === FLOOR) note(i, "platform/ imports no other folder");
    else if (i.to === CEILING) note(i, "nothing imports jobs/");
    else if (i.to === ABOVE_DOMAINS && i.from !== CEILING && !i.typeOnly) note(i, "a domain imports web/ for types only");
    else if (![i.from, i.to].some((f) => [FLOOR, CEILING, ABOVE_DOMAINS].includes(f))) {
      domains.set(i.from, (domains.get(i.from) ?? new Set()).add(i.to));
    }
  }
  for (const [from, to] of againstOneWay(domains)) {
    for (const i of app.filter((x) => x.from === from && x.to === to)) note(i, "the domains import one way (no folder cycle)");
  }
  return [...pairs.values()].sort((a, b) => `${a.from} ${a.to}`.localeCompare(`${b.from} ${b.to}`));
}

/**
 * The fewest edges of `graph` whose removal leaves no cycle. A cycle lies inside one strongly
 * connected component, so each component of two or more folders is solved on its own (an import
 * between components never closes a cycle) by `fewestAgainst`.
 */
export function againstOneWay(graph: Map<string, Set<string>>): [string, string][] {
  const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((targets) => [...targets])])].sort();
  const against: [string, string][] = [];
  for (const component of components(nodes, graph)) {
    if (component.length < 2) continue;
    const inside = new Set(component);
    const sub = new Map(component.map((node) => [node, new Set([...(graph.get(node) ?? [])].filter((to) => inside.has(to)))]));
    against.push(...fewestAgainst(component.sort(), sub));
  }
  return against.sort(([a, b], [c, d]) => `${a} ${b}`.localeCompare(`${c} ${d}`));
}

/** Tarjan's strongly connected components of `graph` (folders here; files in lib/import-cycles.test.ts). */
export function components(nodes: readonly string[], graph: ReadonlyMap<string, Iterable<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    found.push(component);
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

/**
 * The fewest edges of one component whose removal leaves no cycle: its folders put in the order
 * that leaves the fewest imports pointing up (dynamic programming over the sets of folders placed
 * first; 2^n states, fine for a component of 20-odd folders).
 */
function fewestAgainst(nodes: string[], graph: Map<string, Set<string>>): [string, string][] {
  const n = nodes.length;
  const imports = nodes.map((node) => nodes.map((other) => graph.get(node)?.has(other) ?? false));
  // cost[set]: the fewest upward imports with `set` placed lowest; a folder placed next counts
  // every import reaching it from a folder already placed (those now point up).
  const cost = new Float64Array(1 << n).fill(Infinity);
  const last = new Int8Array(1 << n).fill(-1);
  cost[0] = 0;
  for (let set = 0; set < 1 << n; set++) {
    if (cost[set] === Infinity) continue;
    for (let next = 0; next < n; next++) {
      if (set & (1 << next)) continue;
      let up = 0;
      for (let placed = 0; placed < n; placed++) if (set & (1 << placed) && imports[placed]![next]) up++;
      const grown = set | (1 << next);
      if (cost[set]! + up < cost[grown]!) {
        cost[grown] = cost[set]! + up;
        last[grown] = next;
      }
    }
  }
  const order: number[] = [];
  for (let set = (1 << n) - 1; set; set &= ~(1 << last[set]!)) order.unshift(last[set]!);
  const rank = new Map(order.map((node, position) => [node, position]));
  const against: [string, string][] = [];
  for (let from = 0; from < n; from++) for (let to = 0; to < n; to++) if (imports[from]![to] && rank.get(from)! < rank.get(to)!) against.push([nodes[from]!, nodes[to]!]);
  return against;
}
