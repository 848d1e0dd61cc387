// Where uploaded pictures live (docs/architecture/photos.md "Where the files live"). Plain module,
// read by load-config.ts. Without UPLOAD_STORE: the folder UPLOAD_DIR (the default). With
// UPLOAD_STORE=s3://bucket[/prefix]?endpoint=...&region=...&forcePathStyle=true: an S3-compatible
// object store (AWS S3, MinIO, Cloudflare R2...), its keys in UPLOAD_STORE_KEY_ID and
// UPLOAD_STORE_SECRET (both or neither; neither: the AWS SDK's own chain, such as AWS_ACCESS_KEY_ID
// or an instance role). A malformed setting stops the server at start-up, naming the setting.

export type ObjectStoreSettings = {
  bucket: string;
  /** Key prefix inside the bucket ("" or "nosh/"), from the URL's path. */
  prefix: string;
  /** The store's address for anything but AWS itself ("http://127.0.0.1:4569"), or null: AWS's own endpoint for the region. */
  endpoint: string | null;
  region: string;
  /** Path-style addresses (endpoint/bucket/key), which MinIO and most local stores need. */
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
};

const EXAMPLE = "s3://bucket?endpoint=http://127.0.0.1:4569&region=us-east-1&forcePathStyle=true";

export function uploadStoreSettings(env: Record<string, string | undefined>): ObjectStoreSettings | null {
  const raw = env.UPLOAD_STORE?.trim();
  const keyId = env.UPLOAD_STORE_KEY_ID?.trim() ?? "";
  const secret = env.UPLOAD_STORE_SECRET?.trim() ?? "";
  if (!raw) {
    if (keyId || secret) throw new Error("UPLOAD_STORE_KEY_ID and UPLOAD_STORE_SECRET need UPLOAD_STORE (an s3:// URL)");
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`UPLOAD_STORE must be a URL such as ${EXAMPLE}, got "${raw}"`);
  }
  if (url.protocol !== "s3:" || !url.hostname) throw new Error(`UPLOAD_STORE must be an s3:// URL naming a bucket, such as ${EXAMPLE}`);
  if (Boolean(keyId) !== Boolean(secret))
    throw new Error("UPLOAD_STORE_KEY_ID and UPLOAD_STORE_SECRET go together: set both, or neither for the AWS SDK's own credentials");
  const endpoint = url.searchParams.get("endpoint");
  if (endpoint !== null && !/^https?:\/\/[^/]+/.test(endpoint)) throw new Error(`UPLOAD_STORE's endpoint must be an http(s) address, got "${endpoint}"`);
  const forcePathStyle = url.searchParams.get("forcePathStyle") ?? "false";
  if (!["true", "false"].includes(forcePathStyle)) throw new Error(`UPLOAD_STORE's forcePathStyle must be true or false, got "${forcePathStyle}"`);
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, "");
  return {
    bucket: url.hostname,
    prefix: path ? `${path}/` : "",
    endpoint,
    region: url.searchParams.get("region") || env.AWS_REGION?.trim() || "us-east-1",
    forcePathStyle: forcePathStyle === "true",
    credentials: keyId ? { accessKeyId: keyId, secretAccessKey: secret } : null,
  };
}
