import "server-only";
import type { S3Client } from "@aws-sdk/client-s3";
import type { ObjectStoreSettings } from "@/lib/edge/upload-store-settings";

/**
 * Pictures as objects in one bucket of an S3-compatible store (UPLOAD_STORE; AWS S3, MinIO,
 * Cloudflare R2...), so that every machine reads what any machine stored. The same three calls as
 * the folder: PutObject (atomic: a reader sees the whole object or none), GetObject (NoSuchKey:
 * null) and DeleteObject (a missing key is no error): picture-store.ts's PictureStore, typed
 * structurally here so neither file imports the other's. The SDK is loaded on first use, so a server on
 * the folder store never loads it. Names are validated by the caller (pictures.ts).
 */
export function objectStore(settings: ObjectStoreSettings) {
  let client: Promise<{ s3: S3Client; sdk: typeof import("@aws-sdk/client-s3") }> | undefined;
  const connect = () =>
    (client ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint ?? undefined,
        forcePathStyle: settings.forcePathStyle,
        ...(settings.credentials ? { credentials: settings.credentials } : {}),
        // A picture is one small object: a failing store answers within seconds, not after the SDK's default retries.
        maxAttempts: 2,
      }),
    })));
  const where = (name: string) => ({ Bucket: settings.bucket, Key: settings.prefix + name });
  return {
    async put(name: string, bytes: Uint8Array): Promise<void> {
      const { s3, sdk } = await connect();
      await s3.send(new sdk.PutObjectCommand({ ...where(name), Body: bytes, ContentType: "image/webp" }));
    },
    async get(name: string): Promise<Buffer | null> {
      const { s3, sdk } = await connect();
      try {
        const object = await s3.send(new sdk.GetObjectCommand(where(name)));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async remove(name: string): Promise<void> {
      const { s3, sdk } = await connect();
      await s3.send(new sdk.DeleteObjectCommand(where(name)));
    },
  };
}
