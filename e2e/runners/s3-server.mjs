// A throwaway S3-compatible server for tests (s3rver, a devDependency: pure JavaScript on Koa, so
// it needs no binary, no Docker and no download, starts in ~20 ms and answers the three calls the
// upload store makes as AWS does; MinIO would be a Go binary the registries here do not carry).
// Used by the picture store's contract test (lib/server/platform/picture-store.test.ts) and the
// cluster test (test-cluster.mjs: both instances store their photos in it). Its data lives in a
// temporary folder removed by stop().
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's built-in key pair: it checks every request's signature against it. */
const KEY = "S3RVER";

export async function startS3Server({ bucket = "nosh-uploads" } = {}) {
  const directory = mkdtempSync(path.join(tmpdir(), "nosh-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    /** The settings a server reads (.env.example "UPLOAD_STORE"). */
    env: {
      UPLOAD_STORE: `s3://${bucket}?endpoint=${endpoint}&region=us-east-1&forcePathStyle=true`,
      UPLOAD_STORE_KEY_ID: KEY,
      UPLOAD_STORE_SECRET: KEY,
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
