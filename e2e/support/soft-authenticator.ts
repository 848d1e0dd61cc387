import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";

// A software passkey (docs/architecture/accounts-security.md): a P-256 key that answers the
// server's WebAuthn options as a browser would (attestation "none"), for the API specs and the
// Vitest tests. The browser journey uses Chromium's own virtual authenticator instead.

type Json = Record<string, unknown>;

function head(major: number, n: number): number[] {
  if (n < 24) return [(major << 5) | n];
  if (n < 256) return [(major << 5) | 24, n];
  return [(major << 5) | 25, n >> 8, n & 255];
}
/** The little CBOR WebAuthn needs: small integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  if (typeof value === "number") return Buffer.from(value >= 0 ? head(0, value) : head(1, -1 - value));
  if (typeof value === "string") return Buffer.concat([Buffer.from(head(3, Buffer.byteLength(value))), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([Buffer.from(head(2, value.length)), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value as Json);
  return Buffer.concat([Buffer.from(head(5, entries.length)), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64 = (bytes: Buffer) => bytes.toString("base64url");
const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;
  private userHandle = "";

  constructor(readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: "jwk" }) as { x: string; y: string };
  }

  private get rpId() {
    return new URL(this.origin).hostname;
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** The answer to navigator.credentials.create() with `options` (the server's JSON). */
  create(options: { challenge: string; user: { id: string } }): Json {
    this.userHandle = options.user.id;
    const coseKey = new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(this.publicJwk.x, "base64url")],
      [-3, Buffer.from(this.publicJwk.y, "base64url")],
    ]);
    const idLength = Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 255]);
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([0x45]), Buffer.alloc(4), Buffer.alloc(16), idLength, this.credentialId, cbor(coseKey)]);
    const attestationObject = cbor({ fmt: "none", attStmt: {}, authData });
    return {
      id: b64(this.credentialId),
      rawId: b64(this.credentialId),
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(this.clientData("webauthn.create", options.challenge)),
        attestationObject: b64(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** The answer to navigator.credentials.get() with `options`. */
  get(options: { challenge: string }): Json {
    this.counter++;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([0x05]), counter]);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge);
    const signature = createSign("SHA256")
      .update(Buffer.concat([authData, sha256(clientDataJSON)]))
      .sign(this.privateKey);
    return {
      id: b64(this.credentialId),
      rawId: b64(this.credentialId),
      type: "public-key",
      clientExtensionResults: {},
      response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authData), signature: b64(signature), userHandle: this.userHandle },
    };
  }
}
