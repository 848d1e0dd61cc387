import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { config } from "./config";

// A short secret sealed with the server's own secret (AES-256-GCM under a key derived from
// SESSION_SECRET and the purpose): kept where the database's readers must not be able to use it
// (a password reset link's token in its outbox row, accounts/password-reset.ts), opened only by
// this server to word the mail.

const keyOf = (purpose: string) => createHash("sha256").update(`${purpose}!${config().sessionSecret}`).digest();

/** `text` sealed for `purpose`: iv.ciphertext.tag, base64url. */
export function seal(purpose: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(purpose), iv);
  const sealed = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return [iv, sealed, cipher.getAuthTag()].map((part) => part.toString("base64url")).join(".");
}

/** What `sealed` holds, or null when it was not sealed for `purpose` with this server's secret. */
export function unseal(purpose: string, sealed: string): string | null {
  const [iv, data, tag] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !data || !tag || iv.length !== 12 || tag.length !== 16) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(purpose), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
