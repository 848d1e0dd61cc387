import { expect, test } from "../fixtures";
import http from "node:http";
import sharp from "sharp";
import { newClient, signUpCustomer, uniqueEmail, type Client } from "../support/api";

// The server's edge (docs/deploying.md): bodies are refused past their cap while they stream in,
// whatever Content-Length says; methods outside the allowlist are a 405. Sent with node:http:
// fetch refuses TRACE, and Playwright's request context cannot stream a chunked body.

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; json: Record<string, unknown>; sentBeforeAnswer: number };

/**
 * Sends one request. `body` goes with its Content-Length; `chunkedBytes` streams that many
 * bytes of `fill` (chunked, no length), stopping as soon as the answer arrives.
 */
function send(
  baseURL: string,
  options: { method: string; path: string; headers?: Record<string, string>; body?: Buffer | string; chunkedBytes?: number; fill?: Buffer },
): Promise<Answer> {
  const url = new URL(options.path, baseURL);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request({ method: options.method, host: url.hostname, port: url.port, path: url.pathname, headers: options.headers });
    request.on("response", (response) => {
      answered = true;
      const sentBeforeAnswer = sent;
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => {
        let json: Record<string, unknown> = {};
        try {
          json = JSON.parse(text);
        } catch {
          // Not JSON: the assertions say so.
        }
        resolve({ status: response.statusCode!, headers: response.headers, text, json, sentBeforeAnswer });
        request.destroy();
      });
    });
    // Writing into a connection the server has closed after answering is expected.
    request.on("error", (error) => (answered ? undefined : reject(error)));
    if (options.chunkedBytes === undefined) return request.end(options.body);
    const fill = options.fill ?? Buffer.alloc(64 * 1024, " ");
    const write = () => {
      while (!answered && sent < options.chunkedBytes!) {
        const chunk = fill.subarray(0, Math.min(fill.length, options.chunkedBytes! - sent));
        sent += chunk.length;
        // The next chunk after a turn of the event loop: a drain can come at once (a socket the
        // server reads as fast as it is written), and chaining writes from it never let the answer
        // in, so a 413 sent after 64 KB was seen only once all 20 MB had gone (a CI flake).
        if (!request.write(chunk)) return void request.once("drain", () => setImmediate(write));
      }
      if (!answered) request.end();
    };
    write();
  });
}

async function headersOf(client: Client, contentType: string): Promise<Record<string, string>> {
  const cookies = (await client.ctx.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  return { cookie: cookies, "XSRF-Token": await client.xsrf(), "content-type": contentType };
}

const TOO_LARGE = { message: "Request body is too large (at most 64 KB)" };
const PICTURE_TOO_LARGE = { message: "The picture must be at most 5 MB", errors: { picture: "The picture must be at most 5 MB" } };

test.describe("JSON bodies are capped at 64 KB", () => {
  const signup = (email: string, padding: number) => JSON.stringify({ name: "Big Body", credential: email, password: "correct horse battery", bio: "x".repeat(padding) });

  test("a body over 64 KB with its Content-Length is a 413 and creates nothing", async ({ baseURL, api: client }) => {
    const email = uniqueEmail("big");
    const answer = await send(baseURL!, {
      method: "POST",
      path: "/api/auth/signup",
      headers: await headersOf(client, "application/json"),
      body: signup(email, 70 * 1024),
    });
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual(TOO_LARGE);
    expect((await client.post("/api/auth/signup", { name: "Big Body", credential: email, password: "correct horse battery" })).status()).toBe(201);
  });

  test("the same body sent chunked, with no Content-Length, is a 413 too", async ({ baseURL, api: client }) => {
    const email = uniqueEmail("chunked");
    const body = Buffer.from(signup(email, 70 * 1024));
    const answer = await send(baseURL!, {
      method: "POST",
      path: "/api/auth/signup",
      headers: await headersOf(client, "application/json"),
      chunkedBytes: body.length,
      fill: body,
    });
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual(TOO_LARGE);
    expect((await client.post("/api/auth/signup", { name: "Big Body", credential: email, password: "correct horse battery" })).status()).toBe(201);
  });

  test("a 20 MB chunked login is refused long before it has all been sent", async ({ baseURL, api: client }) => {
    const answer = await send(baseURL!, {
      method: "POST",
      path: "/api/auth/login",
      headers: await headersOf(client, "application/json"),
      chunkedBytes: 20 * 1024 * 1024,
    });
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual(TOO_LARGE);
    expect(answer.sentBeforeAnswer).toBeLessThan(20 * 1024 * 1024);
  });

  test("a body just under the cap is read as usual", async ({ baseURL, api: client }) => {
    const answer = await send(baseURL!, {
      method: "POST",
      path: "/api/auth/signup",
      headers: await headersOf(client, "application/json"),
      body: signup(uniqueEmail("under"), 60 * 1024),
    });
    expect(answer.status, answer.text).toBe(201);
  });
});

test.describe("methods outside the allowlist", () => {
  for (const method of ["TRACE", "PROPFIND"]) {
    for (const path of ["/api/auth/", "/"]) {
      test(`${method} ${path} is a 405 with Allow`, async ({ baseURL }) => {
        const answer = await send(baseURL!, { method, path });
        expect(answer.status).toBe(405);
        expect(answer.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
        expect(answer.json).toEqual({ message: `Method ${method} is not allowed` });
      });
    }
  }
});

test.describe("PUT /api/users/pfp/{id} reads at most 5 MB, and only for the profile's owner", () => {
  const multipart = "multipart/form-data; boundary=nosh-limit-test";

  test("an over-size chunked picture is a 413 naming the field, and nothing changes", async ({ baseURL, customer: { client, user } }) => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c33" } })
      .png()
      .toBuffer();
    const head = Buffer.from(`--nosh-limit-test\r\nContent-Disposition: form-data; name="picture"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
    const fill = Buffer.concat([head, png, Buffer.alloc(64 * 1024 - head.length - png.length)]);
    // The first chunk carries the part's header and a real PNG; the rest is padding.
    const answer = await send(baseURL!, {
      method: "PUT",
      path: `/api/users/pfp/${user.id}`,
      headers: await headersOf(client, multipart),
      chunkedBytes: 12 * 1024 * 1024,
      fill,
    });
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual(PICTURE_TOO_LARGE);
    expect((await (await client.get("/api/auth/")).json()).profileImage).toBeNull();
  });

  test("someone else's upload is refused before the body is read", async ({ baseURL, customer: { user } }) => {
    const { client: stranger } = await signUpCustomer(baseURL!);
    const total = 40 * 1024 * 1024;
    const answer = await send(baseURL!, { method: "PUT", path: `/api/users/pfp/${user.id}`, headers: await headersOf(stranger, multipart), chunkedBytes: total });
    expect(answer.status).toBe(403);
    // Reading (and buffering) the body first would answer only once all of it had arrived.
    expect(answer.sentBeforeAnswer).toBeLessThan(total);
    const anonymous = await newClient(baseURL!);
    const refused = await send(baseURL!, { method: "PUT", path: `/api/users/pfp/${user.id}`, headers: await headersOf(anonymous, multipart), chunkedBytes: total });
    expect(refused.status).toBe(401);
    expect(refused.sentBeforeAnswer).toBeLessThan(total);
  });
});

test.describe("PUT /api/manage/{id}/photo and /api/menu-items/{id}/photo read at most 10 MB, and only for the owner", () => {
  const multipart = "multipart/form-data; boundary=nosh-limit-test";
  const PHOTO_TOO_LARGE = { message: "The photo must be at most 10 MB", errors: { photo: "The photo must be at most 10 MB" } };

  test("an over-size chunked photo (no Content-Length) is a 413 naming the field, and nothing changes", async ({ baseURL, owner: { client, restaurant, item } }) => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#3c3" } })
      .jpeg()
      .toBuffer();
    const head = Buffer.from(`--nosh-limit-test\r\nContent-Disposition: form-data; name="photo"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    const fill = Buffer.concat([head, jpeg, Buffer.alloc(64 * 1024 - head.length - jpeg.length)]);
    for (const path of [`/api/manage/${restaurant.id}/photo`, `/api/menu-items/${item.id}/photo`]) {
      const total = 40 * 1024 * 1024;
      const answer = await send(baseURL!, { method: "PUT", path, headers: await headersOf(client, multipart), chunkedBytes: total, fill });
      expect(answer.status, path).toBe(413);
      expect(answer.json).toEqual(PHOTO_TOO_LARGE);
      // Refused once the cap is passed, not after the whole body.
      expect(answer.sentBeforeAnswer).toBeLessThan(total);
    }
    const declared = await send(baseURL!, {
      method: "PUT",
      path: `/api/manage/${restaurant.id}/photo`,
      headers: { ...(await headersOf(client, multipart)), "content-length": String(11 * 1024 * 1024) },
      body: Buffer.alloc(11 * 1024 * 1024),
    });
    expect(declared.status).toBe(413);
    expect(declared.json).toEqual(PHOTO_TOO_LARGE);
    expect((await (await client.get(`/api/restaurants/${restaurant.id}`)).json()).restaurant.storeImage).toBe(restaurant.storeImage);
    expect((await (await client.get(`/api/menu-items/${item.id}`)).json()).food_image).toBe(item.food_image);
  });

  test("a stranger's upload is refused before the body is read", async ({ baseURL, owner: { restaurant } }) => {
    const { client: stranger } = await signUpCustomer(baseURL!);
    const total = 40 * 1024 * 1024;
    const answer = await send(baseURL!, {
      method: "PUT",
      path: `/api/manage/${restaurant.id}/photo`,
      headers: await headersOf(stranger, multipart),
      chunkedBytes: total,
    });
    expect(answer.status).toBe(404);
    expect(answer.sentBeforeAnswer).toBeLessThan(total);
  });
});
