import { expect, test } from "../fixtures";
import http from "node:http";
import net from "node:net";

// Errors the host answers before (or instead of) a route (server/json-errors.mjs, server/connections.mjs): every API error is
// JSON in the contract's shape, `{ message }`, even where Node's parser or Next.js would answer
// without a body, and a path whose `%` escapes do not decode is a 400 for the API and the
// not-found page for pages (Next.js answered both with a plain-text 500). Sent with node:http,
// which sends the path and the headers exactly as given.

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

function send(baseURL: string, method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const request = http.request({ method, host: hostname, port, path, headers, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text }));
    });
    request.on("error", reject);
    request.end();
  });
}

const jsonOf = (answer: Answer): unknown => {
  expect(answer.headers["content-type"], answer.text).toBe("application/json");
  return JSON.parse(answer.text);
};

const MALFORMED_URL = { message: "Malformed URL: the path has an invalid % escape" };

test.describe("a path with a malformed % escape", () => {
  for (const [method, path] of [
    ["GET", "/api/orders/%"],
    ["GET", "/api/%ZZ"],
    ["GET", "/api/restaurants/%E0%A4%A"],
    ["PUT", "/api/orders/1%/submit"],
    ["DELETE", "/api/menu-items/%ZZ"],
  ]) {
    test(`${method} ${path} is a 400 in the contract's error shape`, async ({ baseURL }) => {
      const answer = await send(baseURL!, method, path);
      expect(answer.status).toBe(400);
      expect(jsonOf(answer)).toEqual(MALFORMED_URL);
    });
  }

  test("a page's path is the store's not-found page, 404, as for an unknown path", async ({ baseURL }) => {
    const unknown = await send(baseURL!, "GET", "/no-such-page");
    const title = /<title>[^<]*<\/title>/.exec(unknown.text)?.[0];
    expect(title).toContain("Feature Coming Soon!");
    for (const path of ["/%ZZ", "/restaurants/%", "/orders/%E0%A4%A?tab=1", "/account/%zz/x"]) {
      const answer = await send(baseURL!, "GET", path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers["content-type"], path).toContain("text/html");
      expect(answer.text, path).toContain(title!);
      expect(answer.text, path).toContain("Feature Coming Soon!");
    }
  });

  test("escapes that decode are routed as before, and the query is the route's own", async ({ baseURL }) => {
    expect((await send(baseURL!, "GET", "/api/orders/%31")).status).toBe(401);
    expect((await send(baseURL!, "GET", "/api/search?q=%ZZ")).status).toBe(200);
  });
});

test.describe("error answers without a body get the contract's shape", () => {
  test("a method an API route does not have is a 405 JSON naming the method", async ({ baseURL }) => {
    // /api/auth/ has GET only; /api/auth/login has POST only.
    for (const [method, path] of [
      ["PUT", "/api/auth/"],
      ["PATCH", "/api/auth/login"],
      ["DELETE", "/api/auth/login"],
    ]) {
      const answer = await send(baseURL!, method, path);
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(jsonOf(answer)).toEqual({ message: `Method ${method} is not allowed` });
    }
  });

  test("headers over Node's 16 KB limit are a 431 JSON, then the server serves as usual", async ({ baseURL }) => {
    const answer = await send(baseURL!, "GET", "/api/auth/", { "x-padding": "a".repeat(20 * 1024) });
    expect(answer.status).toBe(431);
    expect(jsonOf(answer)).toEqual({ message: "Request headers are too large" });
    expect((await send(baseURL!, "GET", "/api/auth/")).status).toBe(401);
  });

  test("a request Node's parser cannot read is a 400 JSON", async ({ baseURL }) => {
    // A header line with no colon (node:http would refuse to send it).
    const { hostname, port } = new URL(baseURL!);
    const raw = await new Promise<string>((resolve) => {
      const socket = net.connect({ host: hostname, port: Number(port) }, () => socket.write("GET /api/auth/ HTTP/1.1\r\nHost x\r\n\r\n"));
      let received = "";
      socket.on("data", (chunk) => (received += chunk.toString("latin1")));
      socket.on("error", () => {});
      socket.on("close", () => resolve(received));
    });
    expect(raw.startsWith("HTTP/1.1 400 Bad Request\r\n")).toBe(true);
    expect(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4))).toEqual({ message: "Malformed request" });
  });
});
