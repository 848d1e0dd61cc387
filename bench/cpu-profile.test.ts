import { describe, expect, it } from "vitest";
import { summariseByModule } from "./cpu-profile.mjs";

// The rush worker's profile by module (bench/cpu-profile.mjs summariseByModule): self time only,
// idle left out, a native frame given to its caller's module but for SQLite's statements and
// JSON's parse and stringify.

type Frame = { functionName: string; url: string };
/** A profile of `frames` (each a chain of callers, the last one sampled) sampled `times` ms each. */
function profileOf(stacks: { chain: Frame[]; ms: number }[]) {
  const nodes: { id: number; callFrame: Frame & { lineNumber: number; columnNumber: number }; children: number[] }[] = [
    { id: 1, callFrame: { functionName: "(root)", url: "", lineNumber: -1, columnNumber: -1 }, children: [] },
  ];
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  for (const { chain, ms } of stacks) {
    let parent = nodes[0];
    for (const frame of chain) {
      const node = { id: nodes.length + 1, callFrame: { ...frame, lineNumber: 1, columnNumber: 1 }, children: [] };
      nodes.push(node);
      parent.children.push(node.id);
      parent = node;
    }
    for (let i = 0; i < ms; i++) {
      samples.push(parent.id);
      timeDeltas.push(1000);
    }
  }
  return { nodes, samples, timeDeltas, startTime: 0, endTime: samples.length * 1000 };
}

const at = (functionName: string, url: string) => ({ functionName, url });

describe("the worker's profile by module", () => {
  it("sums self time by module, idle left out, SQLite's statements and JSON apart from their callers", () => {
    const nodeModules = "file:///app/node_modules";
    const summary = summariseByModule(
      profileOf([
        { chain: [at("(idle)", "")], ms: 500 },
        { chain: [at("(garbage collector)", "")], ms: 100 },
        { chain: [at("executeIO", `${nodeModules}/@prisma/adapter-better-sqlite3/dist/index.mjs`), at("all", "")], ms: 200 },
        { chain: [at("rows", "file:///app/.next/server/chunks/lib_server_platform_sql.js"), at("request", `${nodeModules}/@prisma/client/runtime/client.js`)], ms: 150 },
        { chain: [at("handler", `${nodeModules}/next/dist/server/base-server.js`), at("stringify", "")], ms: 50 },
        { chain: [at("seal", `${nodeModules}/iron-session/dist/index.js`), at("digest", "")], ms: 100 },
        { chain: [at("parse", `${nodeModules}/zod/v4/core/parse.js`)], ms: 50 },
        { chain: [at("renderToReadableStream", `${nodeModules}/next/dist/compiled/react-dom/cjs/react-dom-server.node.production.js`)], ms: 150 },
        { chain: [at("emit", "node:events")], ms: 100 },
        { chain: [at("serve", "file:///app/server/pipeline.mjs")], ms: 50 },
        { chain: [at("runWithScope", `${nodeModules}/next/dist/server/lib/trace/tracer.js`)], ms: 50 },
      ]),
    );
    expect(summary.sampledMs).toBe(1000);
    const shares = Object.fromEntries(summary.modules.map((m) => [m.module, m.share]));
    expect(shares).toEqual({
      "SQLite (the statements run)": 0.2,
      "Prisma's client (its runtime, query compiler, adapters)": 0.15,
      "React's render (react-dom/server, RSC)": 0.15,
      GC: 0.1,
      "the session (iron-session, crypto)": 0.1,
      "Node (HTTP, sockets, streams, buffers, microtasks)": 0.1,
      "JSON (parse, stringify)": 0.05,
      zod: 0.05,
      "the host (server/)": 0.05,
      "Next.js": 0.05,
    });
    expect(summary.modules[0].module).toBe("SQLite (the statements run)");
    expect(summary.top[0]).toMatchObject({ name: "all", where: "@prisma/adapter-better-sqlite3/dist/index.mjs (native)", share: 0.2 });
  });
});
