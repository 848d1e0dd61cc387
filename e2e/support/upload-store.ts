import { existsSync } from "node:fs";
import path from "node:path";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { uploadStoreSettings } from "@/lib/edge/upload-store-settings";

// The cluster's upload store seen from outside the servers (e2e/runners/test-cluster.mjs passes its
// UPLOAD_STORE settings and the instances' DATA_DIRs): what the bucket holds, and that no instance
// kept a picture in a folder of its own.

/** The object `name` in the cluster's bucket as base64, or null when there is none. */
export async function inBucket(name: string): Promise<string | null> {
  const settings = uploadStoreSettings(process.env);
  if (!settings) throw new Error("UPLOAD_STORE is not set: run the cluster specs through npm run test:cluster");
  const s3 = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint ?? undefined,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: settings.bucket, Key: settings.prefix + name }));
    return Buffer.from(await object.Body!.transformToByteArray()).toString("base64");
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
    throw error;
  } finally {
    s3.destroy();
  }
}

/** The instances' own upload folders (<DATA_DIR>/uploads) that hold a file `name`: none, with the object store. */
export function inInstanceFolders(name: string): string[] {
  const dirs = (process.env.CLUSTER_DATA_DIRS ?? "").split(",").filter(Boolean);
  if (dirs.length !== 2) throw new Error("CLUSTER_DATA_DIRS is not set: run the cluster specs through npm run test:cluster");
  return dirs.map((dir) => path.join(dir, "uploads", name)).filter((file) => existsSync(file));
}
