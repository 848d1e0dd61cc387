import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "./config";

/**
 * Where uploaded pictures live: the one interface pictures.ts stores, reads and removes
 * through. Every app server must see the same store, so several instances need either a
 * shared folder (UPLOAD_DIR on a network or shared volume: this implementation) or an
 * object store. An S3-compatible store (AWS S3, MinIO, Cloudflare R2...) would implement
 * the same three calls with @aws-sdk/client-s3's PutObject/GetObject/DeleteObject on one
 * bucket, chosen by configuration (e.g. PICTURE_STORE=s3 with S3_BUCKET, S3_ENDPOINT and the
 * SDK's usual credentials); it is not built because nothing here can run one to test it.
 * Names are already validated by the caller (pictures.ts): `<userId>-<hex>.webp`.
 */
export interface PictureStore {
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The stored bytes, or null when there is no such picture. */
  get(name: string): Promise<Buffer | null>;
  remove(name: string): Promise<void>;
}

/** Pictures as files in one folder (UPLOAD_DIR, default <DATA_DIR>/uploads). */
export function folderStore(dir: string): PictureStore {
  return {
    async put(name, bytes) {
      await mkdir(dir, { recursive: true });
      // Write then rename, so an instance reading meanwhile never sees half a file. The temporary
      // name is unique per call: two uploads of the same photo at once store the same name (it is
      // the content's hash), and a shared temporary file would be renamed away under the second.
      const temporary = path.join(dir, `.${name}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, path.join(dir, name));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    get: (name) => readFile(path.join(dir, name)).catch(() => null),
    remove: (name) => rm(path.join(dir, name), { force: true }),
  };
}

export function pictureStore(): PictureStore {
  return folderStore(config().uploadDir);
}
