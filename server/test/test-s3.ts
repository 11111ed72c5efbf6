import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ListObjectsV2Command, GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

/**
 * A real S3-compatible server for tests (s3rver: the S3 REST API over files in a temporary
 * folder) with one empty bucket, and the S3_* environment that points the app at it.
 */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  env: Record<string, string>;
  /** A plain SDK client of the test server: what is in the bucket, read without our code. */
  client: S3Client;
  keys(prefix?: string): Promise<string[]>;
  object(key: string): Promise<{ body: Buffer; contentType?: string; cacheControl?: string }>;
  close(): Promise<void>;
}

export async function startTestS3(bucket = "tiangue-fotos"): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), "tiangue-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver checks signatures against its fixed pair of credentials.
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials });
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    client,
    async keys(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((c) => c.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async object(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return {
        body: Buffer.from(await answer.Body!.transformToByteArray()),
        contentType: answer.ContentType,
        cacheControl: answer.CacheControl,
      };
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
