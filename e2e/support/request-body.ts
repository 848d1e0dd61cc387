import type { APIRequestContext } from "@playwright/test";
import { randomInt } from "node:crypto";
import type { ReadStream } from "node:fs";
import { basename, extname } from "node:path";

// A request's body and headers as Playwright's request context makes them (support/http-client.ts):
// `data` as JSON (a string or a Buffer as is), `form` URL-encoded, `multipart` with its fields in
// order (a file as { name, mimeType, buffer }, a FormData's Blob or a read stream); a content type
// the caller gave is kept.

type FetchOptions = NonNullable<Parameters<APIRequestContext["fetch"]>[1]>;
type Multipart = NonNullable<FetchOptions["multipart"]>;
type File = { name: string; mimeType: string; buffer: Buffer };

// The file types the suite uploads, for a file given without one (Playwright looks the name up).
const TYPES: Record<string, string> = {
  ".avif": "image/avif",
  ".csv": "text/csv",
  ".gif": "image/gif",
  ".heic": "image/heic",
  ".jpeg": "image/jpeg",
  ".jpg": "image/jpeg",
  ".json": "application/json",
  ".pdf": "application/pdf",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".txt": "text/plain",
  ".webp": "image/webp",
};

const escapeName = (name: string) => name.replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/"/g, "%22");
const isFile = (value: unknown): value is File =>
  typeof value === "object" && value !== null && Boolean((value as File).name && (value as File).mimeType && (value as File).buffer);

async function fieldsOf(multipart: Multipart): Promise<[string, string | File][]> {
  const fields: [string, string | File][] = [];
  if (multipart instanceof FormData) {
    for (const [name, value] of multipart.entries()) {
      fields.push([name, typeof value === "string" ? value : { name: value.name, mimeType: value.type, buffer: Buffer.from(await value.arrayBuffer()) }]);
    }
    return fields;
  }
  for (const [name, value] of Object.entries(multipart)) {
    if (isFile(value)) fields.push([name, value]);
    else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") fields.push([name, String(value)]);
    else {
      const stream = value as ReadStream;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      fields.push([name, { name: basename(String(stream.path)), mimeType: "", buffer: Buffer.concat(chunks) }]);
    }
  }
  return fields;
}

/** [content type with its boundary, body]. */
async function multipartBody(multipart: Multipart): Promise<[string, Buffer]> {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const boundary = `----WebKitFormBoundary${Array.from({ length: 16 }, () => alphabet[randomInt(alphabet.length)]).join("")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of await fieldsOf(multipart)) {
    let head = `--${boundary}\r\ncontent-disposition: form-data; name="${escapeName(name.replace(/\r\n|\r|\n/g, "\r\n"))}"`;
    if (typeof value !== "string") {
      const type = value.mimeType || TYPES[extname(value.name).toLowerCase()] || "application/octet-stream";
      head += `; filename="${escapeName(value.name)}"\r\ncontent-type: ${type}`;
    }
    chunks.push(Buffer.from(`${head}\r\n\r\n`), typeof value === "string" ? Buffer.from(value) : value.buffer, Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return [`multipart/form-data; boundary=${boundary}`, Buffer.concat(chunks)];
}

export const find = (headers: Record<string, string>, name: string) => Object.keys(headers).find((key) => key.toLowerCase() === name);
export function setHeader(headers: Record<string, string>, name: string, value: string, keepExisting = false) {
  const existing = find(headers, name.toLowerCase());
  if (existing === undefined) headers[name] = value;
  else if (!keepExisting) headers[existing] = value;
}
export function removeHeader(headers: Record<string, string>, name: string) {
  const existing = find(headers, name);
  if (existing !== undefined) delete headers[existing];
}

const isJsonType = (headers: Record<string, string>) => {
  const key = find(headers, "content-type");
  return key !== undefined && headers[key].split(";")[0].trim().toLowerCase() === "application/json";
};
const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** The request body as Playwright encodes `data`, `form` or `multipart` (content type kept if given). */
export async function bodyOf(options: FetchOptions, headers: Record<string, string>): Promise<Buffer | undefined> {
  const given = [options.data, options.form, options.multipart].filter((value) => value !== undefined).length;
  if (given > 1) throw new Error("Only one of 'data', 'form' or 'multipart' can be specified");
  const { data, form, multipart } = options;
  let type: string;
  let body: Buffer;
  if (data !== undefined) {
    if (Buffer.isBuffer(data) || (typeof data === "string" && !isJsonType(headers))) {
      [type, body] = ["application/octet-stream", Buffer.isBuffer(data) ? data : Buffer.from(data, "utf8")];
    } else if (["string", "object", "number", "boolean"].includes(typeof data)) {
      [type, body] = ["application/json", Buffer.from(typeof data === "string" && parses(data) ? data : JSON.stringify(data), "utf8")];
    } else throw new Error("Unexpected 'data' type");
  } else if (form !== undefined) {
    const fields = new URLSearchParams();
    const entries = form instanceof FormData ? [...form.entries()] : Object.entries(form);
    for (const [name, value] of entries) {
      if (typeof value === "object") throw new Error(`Expected string for options.form["${name}"], found File. Please use options.multipart instead.`);
      if (value !== undefined) fields.append(name, String(value));
    }
    [type, body] = ["application/x-www-form-urlencoded", Buffer.from(fields.toString(), "utf8")];
  } else if (multipart !== undefined) {
    [type, body] = await multipartBody(multipart);
  } else return undefined;
  setHeader(headers, "content-type", type, true);
  return body;
}
