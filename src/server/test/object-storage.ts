import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { ObjectStorageSettings } from "../config.ts";
import { ObjectStore } from "../object-store.ts";

export interface LocalBucket {
  /** The settings an app is given to store its pictures there. */
  settings: ObjectStorageSettings;
  /** A client of its own on the bucket, for a test to list what is in it. */
  store: ObjectStore;
  /** Keys of every picture object in the bucket, sorted. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver) on a free port, storing in a temporary folder, with one empty
 * bucket: object storage for a test, started by the test, nothing downloaded. `port` 0: any free one.
 */
export async function startLocalBucket(bucket = "pictures", port = 0): Promise<LocalBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-cart-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port: listening } = await server.run();
  const settings: ObjectStorageSettings = {
    bucket,
    endpoint: `http://127.0.0.1:${listening}`,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  const store = new ObjectStore(settings);
  return {
    settings,
    store,
    keys: async () => (await store.list("images/")).map((object) => object.key).sort(),
    close: async () => {
      store.close();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
