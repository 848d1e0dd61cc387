// node [--experimental-websocket] e2e/support/heap-after-gc.mjs PORT [EXPRESSION [--no-gc]]: the used V8 heap
// (bytes) of the process whose inspector listens on 127.0.0.1:PORT, after two full garbage
// collections (the DevTools protocol: HeapProfiler.collectGarbage, Runtime.getHeapUsage), with its
// heap's limit, printed as JSON. EXPRESSION, when given, is evaluated in that process first (its
// value printed as `value`): heap-guard.spec.ts puts ballast on the heap so; with --no-gc, no
// collection follows (the heap is read as it is). A child process of its
// own because Node 20 has WebSocket only behind that flag (e2e/reliability/visitor-memory.spec.ts).
const [port, expression, noGc] = process.argv.slice(2);
const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
const socket = new WebSocket(target.webSocketDebuggerUrl);
await new Promise((resolve, reject) => {
  socket.onopen = resolve;
  socket.onerror = reject;
});
let id = 0;
const waiting = new Map();
socket.onmessage = (message) => {
  const reply = JSON.parse(String(message.data));
  if (reply.id) waiting.get(reply.id)?.(reply);
};
/** @param {string} method @param {Record<string, unknown>} [params] @returns {Promise<any>} */
const send = (method, params = {}) =>
  new Promise((resolve) => {
    waiting.set(++id, resolve);
    socket.send(JSON.stringify({ id, method, params }));
  });
const evaluated = expression ? await send("Runtime.evaluate", { expression, returnByValue: true }) : null;
if (evaluated?.result?.exceptionDetails) throw new Error(JSON.stringify(evaluated.result.exceptionDetails));
if (noGc !== "--no-gc") {
  await send("HeapProfiler.collectGarbage");
  await send("HeapProfiler.collectGarbage");
}
const { result } = /** @type {{ result: { usedSize: number, totalSize: number } }} */ (await send("Runtime.getHeapUsage"));
const limit = await send("Runtime.evaluate", { expression: `process.getBuiltinModule("node:v8").getHeapStatistics().heap_size_limit`, returnByValue: true });
console.log(JSON.stringify({ usedBytes: result.usedSize, totalBytes: result.totalSize, limitBytes: limit.result.result.value, value: evaluated?.result?.result?.value }));
socket.close();
process.exit(0);
