// A push service for tests (docs/architecture/web-push.md "Web push"): an HTTPS server in the
// test process with a self-signed certificate (openssl), and browser-side subscriptions whose
// ECDH keys and auth secret the test owns, so it can decrypt what the app sent (RFC 8291,
// aes128gcm, done here with node:crypto alone, not with the library that encrypted it).
import { execFileSync } from "node:child_process";
import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** A self-signed certificate for 127.0.0.1: its PEM files' paths (caFile: the certificate itself). */
export function selfSignedCertificate(): { dir: string; keyFile: string; certFile: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "nosh-push-ca-"));
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", keyFile, "-out", certFile, "-days", "1"].concat([
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ]),
    { stdio: "pipe" },
  );
  return { dir, keyFile, certFile };
}

/** A browser's side of a subscription: the keys it gives the server, and the private half it keeps. */
export type Device = { id: string; endpoint: string; keys: { p256dh: string; auth: string }; decrypt: (body: Buffer) => string };

export type Received = { deviceId: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

export type PushEndpoint = {
  origin: string;
  received: Received[];
  /** A new device (its endpoint on this server). */
  device: () => Device;
  /** What the server answers for a device (201 by default; 410 says the subscription is gone). */
  answer: (deviceId: string, status: number) => void;
  close: () => Promise<void>;
};

export async function startPushEndpoint(cert: { keyFile: string; certFile: string }): Promise<PushEndpoint> {
  const received: Received[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer({ key: readFileSync(cert.keyFile), cert: readFileSync(cert.certFile) }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const deviceId = (request.url ?? "").split("/").pop() ?? "";
      received.push({ deviceId, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answers.get(deviceId) ?? 201).end();
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    device: () => {
      const id = randomUUID();
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
        decrypt: (body) => decryptAes128gcm(body, ecdh, auth),
      };
    },
    answer: (deviceId, status) => void answers.set(deviceId, status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** RFC 8291 (Message Encryption for Web Push) over RFC 8188's aes128gcm, one record. */
export function decryptAes128gcm(body: Buffer, ua: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength); // the application server's ephemeral key
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error("expected a single record");
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero or more padding zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("missing the last record's delimiter");
  return plain.subarray(0, end).toString("utf8");
}

export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });
