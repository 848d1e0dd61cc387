import { createServer, type IncomingHttpHeaders, type Server } from "node:http";

// A webhook receiver in the test process, on 127.0.0.1 (allowed outside production:
// docs/architecture/webhooks.md "Receivers"): it records every request and answers `status(n)`
// to its n-th (1-based).

export type Hit = { at: number; headers: IncomingHttpHeaders; body: string };

export async function startReceiver(status: (n: number) => number = () => 200) {
  const hits: Hit[] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      hits.push({ at: Date.now(), headers: request.headers, body });
      const code = status(hits.length);
      response.writeHead(code).end(code === 200 ? "thanks" : "try later");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/nosh`;
  return { hits, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
