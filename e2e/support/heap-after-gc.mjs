// node [--experimental-websocket] e2e/support/heap-after-gc.mjs PORT: the used V8 heap (bytes) of
// the process whose inspector listens on 127.0.0.1:PORT, after two full garbage collections
// (the DevTools protocol: HeapProfiler.collectGarbage, Runtime.getHeapUsage), printed as JSON.
// A child process of its own because Node 20 has WebSocket only behind that flag
// (e2e/reliability/visitor-memory.spec.ts).
const port = process.argv[2];
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
/** @param {string} method */
const send = (method) =>
  new Promise((resolve) => {
    waiting.set(++id, resolve);
    socket.send(JSON.stringify({ id, method, params: {} }));
  });
await send("HeapProfiler.collectGarbage");
await send("HeapProfiler.collectGarbage");
const { result } = /** @type {{ result: { usedSize: number, totalSize: number } }} */ (await send("Runtime.getHeapUsage"));
console.log(JSON.stringify({ usedBytes: result.usedSize, totalBytes: result.totalSize }));
socket.close();
process.exit(0);
