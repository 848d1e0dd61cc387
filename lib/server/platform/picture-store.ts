import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "@/lib/edge/private-files";
import { config } from "./config";
import { objectStore } from "./object-picture-store";

/**
 * Where uploaded pictures live: the one interface pictures.ts stores, reads and removes
 * through (menu pictures, profile pictures, problem and drop-off photos). Every app server must
 * see the same store: the folder UPLOAD_DIR (the default; a shared volume for several instances)
 * or, with UPLOAD_STORE=s3://..., one bucket of an S3-compatible object store
 * (object-picture-store.ts). Who may read which picture, the cache headers and the purges are
 * decided above the store, so both behave alike (docs/architecture/photos.md).
 * Names are already validated by the caller (pictures.ts): `<userId>-<hex>.webp`, `<hash>[-sm|-lg].webp`,
 * `<kind>_<id>_<hex>.webp`.
 */
export interface PictureStore {
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The stored bytes, or null when there is no such picture. */
  get(name: string): Promise<Buffer | null>;
  remove(name: string): Promise<void>;
}

/** Pictures as files in one folder (UPLOAD_DIR, default <DATA_DIR>/uploads), the server's account's alone (0700, files 0600). */
export function folderStore(dir: string): PictureStore {
  return {
    async put(name, bytes) {
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      // Write then rename, so an instance reading meanwhile never sees half a file. The temporary
      // name is unique per call: two uploads of the same photo at once store the same name (it is
      // the content's hash), and a shared temporary file would be renamed away under the second.
      const temporary = path.join(dir, `.${name}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
      try {
        await writeFile(temporary, bytes, { mode: PRIVATE_FILE_MODE });
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

let chosen: PictureStore | undefined;

/** The configured store, made once per process (the object store keeps one client and its connections). */
export function pictureStore(): PictureStore {
  chosen ??= config().uploadStore ? objectStore(config().uploadStore!) : folderStore(config().uploadDir);
  return chosen;
}
