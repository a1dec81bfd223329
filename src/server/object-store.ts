import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { ObjectStorageSettings } from "./config.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * An S3-compatible bucket (decision 029), through the AWS SDK v3: where pictures' bytes go when S3_URL is
 * set (the images domain names the keys). A key never changes its bytes, so nothing here needs versioning.
 */
export class ObjectStore {
  private readonly client: S3Client;
  readonly bucket: string;

  constructor(readonly settings: ObjectStorageSettings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // NOTE: a picture request must not hang on a dead bucket: two tries, then the request fails.
      maxAttempts: 2,
    });
  }

  /** Throws a message naming the bucket when it does not answer (checked at start). */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const where = this.settings.endpoint ?? `region ${this.settings.region}`;
      throw new Error(
        `Invalid configuration: S3: the bucket "${this.bucket}" at ${where} does not answer (${whyNot(error)})`,
      );
    }
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        CacheControl: IMMUTABLE,
      }),
    );
  }

  /** The object's bytes, or undefined when there is no such object. */
  async get(key: string): Promise<Uint8Array | undefined> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return answer.Body ? await answer.Body.transformToByteArray() : undefined;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return undefined;
      throw error;
    }
  }

  /** Copies every object under one prefix to the same names under another. */
  async copyPrefix(from: string, to: string): Promise<void> {
    for (const object of await this.list(from)) {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          CopySource: `${this.bucket}/${object.key}`,
          Key: `${to}${object.key.slice(from.length)}`,
        }),
      );
    }
  }

  /** Deletes every object under `prefix` (none is no error: deleting is idempotent). */
  async deletePrefix(prefix: string): Promise<void> {
    await this.deleteKeys((await this.list(prefix)).map((object) => object.key));
  }

  async deleteKeys(keys: readonly string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += 1000) {
      const batch = keys.slice(start, start + 1000);
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((key) => ({ Key: key })), Quiet: true },
        }),
      );
    }
  }

  /** Every object under `prefix`, with when it was written. */
  async list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]> {
    const objects: { key: string; modifiedAt: Date }[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) objects.push({ key: object.Key, modifiedAt: object.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  close(): void {
    this.client.destroy();
  }
}

/** The configured bucket, checked: a bucket that does not answer stops the start with a message naming it. */
export async function openObjectStore(settings: ObjectStorageSettings): Promise<ObjectStore> {
  const store = new ObjectStore(settings);
  try {
    await store.check();
  } catch (error) {
    store.close();
    throw error;
  }
  return store;
}

/** Why a bucket did not answer, in words an operator can act on. */
function whyNot(error: unknown): string {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status === 404) return "no such bucket";
  if (status === 403 || status === 401)
    return "access denied: check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY";
  const { name, message, code } = error as { name?: string; message?: string; code?: string };
  return [code ?? name, message].filter(Boolean).join(": ") || String(error);
}
