import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3Config } from "../../config.js";
import { assertMediaKey, contentTypeForKey } from "./media-key.js";
import type { MediaStore } from "./media-store.js";

/** Media as objects in an S3-compatible bucket, shared by every instance. */
export function createS3MediaStore(config: S3Config): MediaStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // Self-hosted S3-compatible stores (MinIO, Garage…) address buckets by path, not by subdomain.
    forcePathStyle: config.endpoint !== undefined,
    credentials: { accessKeyId: config.accessKey, secretAccessKey: config.secretKey },
    // Checksums only where S3 requires them: many S3-compatible stores reject the SDK's newer default ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;

  return {
    kind: "s3",
    async put(key, body, contentType) {
      assertMediaKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      assertMediaKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return {
          body: Buffer.from(await object.Body.transformToByteArray()),
          contentType: object.ContentType ?? contentTypeForKey(key),
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async remove(key) {
      assertMediaKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list() {
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket })) {
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      }
      return keys.sort();
    },
  };
}
