// Types of s3-server.mjs (plain JavaScript, like next-server.mjs).

export type S3Server = {
  bucket: string;
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** UPLOAD_STORE (an s3:// URL on this server), UPLOAD_STORE_KEY_ID and UPLOAD_STORE_SECRET. */
  env: { UPLOAD_STORE: string; UPLOAD_STORE_KEY_ID: string; UPLOAD_STORE_SECRET: string };
  /** Closes the server and removes its data. */
  stop(): Promise<void>;
};

/** Starts s3rver on a free loopback port with one empty bucket (default "nosh-uploads"). */
export declare function startS3Server(options?: { bucket?: string }): Promise<S3Server>;
