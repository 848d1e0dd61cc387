// The browser side of passkeys (docs/architecture/accounts-security.md): the browser's own
// navigator.credentials API, with the server's JSON options (@simplewebauthn/server's, base64url
// fields) turned into bytes and the credential turned back into JSON. No browser library: this is
// all @simplewebauthn/browser would add, and it keeps /login's and /account's first load small.

type Json = Record<string, unknown>;

const toBytes = (text: string): ArrayBuffer => {
  const base64 = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
};

const toText = (buffer: ArrayBuffer | null | undefined): string | undefined => {
  if (!buffer) return undefined;
  let binary = "";
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

type Descriptor = { id: string; type: "public-key"; transports?: AuthenticatorTransport[] };
const descriptors = (list: unknown) => ((list as Descriptor[] | undefined) ?? []).map((item) => ({ ...item, id: toBytes(item.id) }));

function credentialJson(credential: PublicKeyCredential): Json {
  const response = credential.response as AuthenticatorAttestationResponse & AuthenticatorAssertionResponse;
  return {
    id: credential.id,
    rawId: toText(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
    response: {
      clientDataJSON: toText(response.clientDataJSON),
      attestationObject: "attestationObject" in response ? toText(response.attestationObject) : undefined,
      transports: typeof response.getTransports === "function" ? response.getTransports() : undefined,
      authenticatorData: "authenticatorData" in response ? toText(response.authenticatorData) : undefined,
      signature: "signature" in response ? toText(response.signature) : undefined,
      userHandle: "userHandle" in response ? (toText(response.userHandle) ?? undefined) : undefined,
    },
  };
}

/** navigator.credentials.create() with the server's creation options; the new credential as JSON. */
export async function createPasskey(options: Json): Promise<Json> {
  const user = options.user as Json;
  const publicKey = {
    ...options,
    challenge: toBytes(options.challenge as string),
    user: { ...user, id: toBytes(user.id as string) },
    excludeCredentials: descriptors(options.excludeCredentials),
  } as unknown as PublicKeyCredentialCreationOptions;
  const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential | null;
  if (!credential) throw new Error("No passkey was made");
  return credentialJson(credential);
}

/** navigator.credentials.get() with the server's request options; the answer as JSON. */
export async function getPasskey(options: Json): Promise<Json> {
  const publicKey = {
    ...options,
    challenge: toBytes(options.challenge as string),
    allowCredentials: descriptors(options.allowCredentials),
  } as unknown as PublicKeyCredentialRequestOptions;
  const credential = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential | null;
  if (!credential) throw new Error("No passkey was chosen");
  return credentialJson(credential);
}
