import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../platform/media';

/** A local S3-compatible server (s3rver) with one bucket, for the media store's tests. */
export async function startLocalS3() {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'atendo-s3-'));
  const bucket = 'atendo-media';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  // s3rver's own fixed credentials.
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    config,
    /** As the servers read it from the environment. */
    env: {
      ATENDO_S3_ENDPOINT: config.endpoint ?? '',
      ATENDO_S3_BUCKET: bucket,
      ATENDO_S3_REGION: config.region,
      ATENDO_S3_ACCESS_KEY_ID: 'S3RVER',
      ATENDO_S3_SECRET_ACCESS_KEY: 'S3RVER',
      ATENDO_S3_FORCE_PATH_STYLE: '1',
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
