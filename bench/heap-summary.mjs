// Summarises a V8 .heapsnapshot by kind (a constructor's name, or the node's type for strings,
// code, arrays ...): count, self bytes and retained bytes (the dominator tree, Cooper-Harvey-
// Kennedy, weak edges ignored; a kind's retained bytes count only its objects not held through
// another object of the same kind, as DevTools' summary does). How the worker's heap was read
// under the rush: docs/log/2026-11-27.md.
// Usage: node --max-old-space-size=4096 bench/heap-summary.mjs FILE.heapsnapshot [TOP=40]

import fs from "node:fs";

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error("usage: node bench/heap-summary.mjs FILE.heapsnapshot [TOP]");
const top = Number(topArg ?? 40);
const snapshot = JSON.parse(fs.readFileSync(file, "utf8"));
const { meta } = snapshot.snapshot;
const NF = meta.node_fields.length;
const EF = meta.edge_fields.length;
const nodeTypes = meta.node_types[0];
const edgeTypes = meta.edge_types[0];
const [nType, nName, , nSelf, nEdges] = ["type", "name", "id", "self_size", "edge_count"].map((f) => meta.node_fields.indexOf(f));
const [eType, , eTo] = ["type", "name_or_index", "to_node"].map((f) => meta.edge_fields.indexOf(f));
const { nodes, edges, strings } = snapshot;
const count = nodes.length / NF;
const WEAK = edgeTypes.indexOf("weak");

// Where each node's edges start.
const firstEdge = new Uint32Array(count + 1);
for (let i = 0, e = 0; i < count; i++) {
  firstEdge[i] = e;
  e += nodes[i * NF + nEdges] * EF;
  firstEdge[i + 1] = e;
}
const targets = (i, visit) => {
  for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += EF) if (edges[e + eType] !== WEAK) visit(edges[e + eTo] / NF);
};

// Post-order from the root (node 0), iteratively.
const order = new Int32Array(count).fill(-1);
const post = [];
const stack = [0];
const cursor = new Uint32Array(count);
order[0] = -2;
for (let i = 0; i < count; i++) cursor[i] = firstEdge[i];
while (stack.length) {
  const i = stack[stack.length - 1];
  let pushed = false;
  while (cursor[i] < firstEdge[i + 1]) {
    const e = cursor[i];
    cursor[i] += EF;
    if (edges[e + eType] === WEAK) continue;
    const j = edges[e + eTo] / NF;
    if (order[j] !== -1) continue;
    order[j] = -2;
    stack.push(j);
    pushed = true;
    break;
  }
  if (!pushed) {
    stack.pop();
    order[i] = post.length;
    post.push(i);
  }
}
// Predecessors (reachable ones only).
const predStart = new Uint32Array(count + 1);
for (let i = 0; i < count; i++) if (order[i] >= 0) targets(i, (j) => predStart[j + 1]++);
for (let i = 0; i < count; i++) predStart[i + 1] += predStart[i];
const preds = new Uint32Array(predStart[count]);
const fill = predStart.slice();
for (let i = 0; i < count; i++) if (order[i] >= 0) targets(i, (j) => (preds[fill[j]++] = i));

// Dominators (Cooper, Harvey, Kennedy), on post-order numbers.
const n = post.length;
const idom = new Int32Array(n).fill(-1);
const rootPo = order[0];
idom[rootPo] = rootPo;
const intersect = (a, b) => {
  while (a !== b) {
    while (a < b) a = idom[a];
    while (b < a) b = idom[b];
  }
  return a;
};
for (let changed = true; changed;) {
  changed = false;
  for (let po = n - 1; po >= 0; po--) {
    if (po === rootPo) continue;
    const i = post[po];
    let best = -1;
    for (let p = predStart[i]; p < predStart[i + 1]; p++) {
      const q = order[preds[p]];
      if (q < 0 || idom[q] === -1) continue;
      best = best === -1 ? q : intersect(q, best);
    }
    if (best !== -1 && idom[po] !== best) {
      idom[po] = best;
      changed = true;
    }
  }
}
// Retained sizes: children before their dominators (post-order).
const retained = new Float64Array(n);
for (let po = 0; po < n; po++) retained[po] += nodes[post[po] * NF + nSelf];
for (let po = 0; po < n; po++) if (po !== rootPo) retained[idom[po]] += retained[po];

const kindOf = (i) => {
  const type = nodeTypes[nodes[i * NF + nType]];
  return type === "object" || type === "native" || type === "closure" ? `${type === "object" ? "" : type + " "}${strings[nodes[i * NF + nName]]}` : `(${type})`;
};
const kinds = new Map();
const kindIds = new Int32Array(n);
const rowsById = [];
for (let po = 0; po < n; po++) {
  const kind = kindOf(post[po]);
  let row = kinds.get(kind);
  if (!row) {
    kinds.set(kind, (row = { id: rowsById.length, kind, count: 0, self: 0, retained: 0 }));
    rowsById.push(row);
  }
  kindIds[po] = row.id;
}
// The dominator tree walked depth first, counting each kind's objects on the path from the root:
// an object counts its retained bytes to its kind only when no dominator of it is of that kind.
const childStart = new Uint32Array(n + 1);
for (let po = 0; po < n; po++) if (po !== rootPo) childStart[idom[po] + 1]++;
for (let po = 0; po < n; po++) childStart[po + 1] += childStart[po];
const children = new Uint32Array(n);
const childFill = childStart.slice();
for (let po = 0; po < n; po++) if (po !== rootPo) children[childFill[idom[po]]++] = po;
const onPath = new Uint32Array(rowsById.length);
const walk = [rootPo];
const entered = new Uint8Array(n);
while (walk.length) {
  const po = walk[walk.length - 1];
  const row = rowsById[kindIds[po]];
  if (!entered[po]) {
    entered[po] = 1;
    row.count++;
    row.self += nodes[post[po] * NF + nSelf];
    if (onPath[row.id] === 0) row.retained += retained[po];
    onPath[row.id]++;
    for (let c = childStart[po]; c < childStart[po + 1]; c++) walk.push(children[c]);
  } else {
    walk.pop();
    onPath[row.id]--;
  }
}
const MB = (bytes) => (bytes / 1048576).toFixed(2);
const total = [...kinds.values()].reduce((s, r) => s + r.self, 0);
console.log(`${file}: ${n} reachable nodes of ${count}, ${MB(total)} MB self in all`);
console.log("| kind | count | self MB | retained MB |\n|---|---:|---:|---:|");
const rows = [...kinds.values()].sort((a, b) => b.retained - a.retained).slice(0, top);
for (const r of rows) console.log(`| ${r.kind.slice(0, 60).replace(/\|/g, "\\|")} | ${r.count} | ${MB(r.self)} | ${MB(r.retained)} |`);
console.log("\nby self size:");
for (const r of [...kinds.values()].sort((a, b) => b.self - a.self).slice(0, top))
  console.log(`| ${r.kind.slice(0, 60).replace(/\|/g, "\\|")} | ${r.count} | ${MB(r.self)} | ${MB(r.retained)} |`);

// HEAP_TREE_MB=n: the dominator tree's objects retaining n MB or more, each under its dominator,
// named by kind and by the edge that holds it (`.field`, `[index]`, a Map's entry), 8 levels deep:
// where a kind's bytes are held (a cache's Map, a stream's buffers, a module's closure).
const treeMb = Number(process.env.HEAP_TREE_MB ?? 0);
if (treeMb > 0) {
  const [eName] = ["name_or_index"].map((f) => meta.edge_fields.indexOf(f));
  const edgeName = (from, to) => {
    for (let e = firstEdge[from]; e < firstEdge[from + 1]; e += EF) {
      if (edges[e + eTo] / NF !== to) continue;
      const type = edgeTypes[edges[e + eType]];
      const name = edges[e + eName];
      return type === "element" || type === "hidden" ? `[${name}]` : `.${typeof strings[name] === "string" ? strings[name].slice(0, 40) : name}`;
    }
    return "";
  };
  console.log(`\ndominator tree, objects retaining ${treeMb} MB or more:`);
  const show = (po, depth) => {
    if (depth > 8) return;
    const kids = [];
    for (let c = childStart[po]; c < childStart[po + 1]; c++) if (retained[children[c]] >= treeMb * 1048576) kids.push(children[c]);
    kids.sort((a, b) => retained[b] - retained[a]);
    for (const kid of kids.slice(0, 12)) {
      console.log(`${"  ".repeat(depth)}${MB(retained[kid])} MB ${edgeName(post[po], post[kid])} ${kindOf(post[kid]).slice(0, 70)}`);
      show(kid, depth + 1);
    }
  };
  show(rootPo, 0);
}
