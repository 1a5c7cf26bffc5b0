import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/** A stored file: its size, and its bytes on demand (a stream to serve, a buffer to send). */
export interface MediaFile {
  size: number;
  stream(): Promise<Readable>;
  read(): Promise<Buffer>;
}

/** What a store writes: bytes in hand (a received message's), or a file it streams from (an upload's). */
export type MediaBody = Buffer | MediaFile;

/**
 * Where uploaded and received media live, by key (`company<id>/<name>`): the data folder (one server,
 * or several sharing a network volume) or an S3-compatible bucket every server reaches. Files are only
 * ever served through the app's routes and their checks, never by a public URL.
 */
export interface MediaStore {
  put(key: string, body: MediaBody): Promise<void>;
  find(key: string): Promise<MediaFile | undefined>;
  /** False when the original is gone. */
  copy(from: string, to: string): Promise<boolean>;
  remove(keys: string[]): Promise<void>;
}

/** `<root>/<key>` (the data folder's `media/`, or `public/` for avatars). */
export function diskMediaStore(root: string): MediaStore {
  const fileOf = (key: string) => path.join(root, key);
  return {
    async put(key, body) {
      await mkdir(path.dirname(fileOf(key)), { recursive: true });
      if (Buffer.isBuffer(body)) await writeFile(fileOf(key), body);
      else await pipeline(await body.stream(), createWriteStream(fileOf(key)));
    },
    async find(key) {
      const file = fileOf(key);
      const found = await stat(file).catch(() => undefined);
      if (!found?.isFile()) return undefined;
      return { size: found.size, stream: async () => createReadStream(file), read: () => readFile(file) };
    },
    async copy(from, to) {
      if (!(await this.find(from))) return false;
      await copyFile(fileOf(from), fileOf(to));
      return true;
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },
  };
}

export interface S3Config {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/** `<folder>/<key>` in an S3-compatible bucket (AWS S3, MinIO…). */
export function s3MediaStore(config: S3Config, folder: string): MediaStore {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // A streamed upload is sent as it is: with checksums by default the SDK frames streams (aws-chunked),
    // which not every S3-compatible store unwraps (it would keep the framing as the file's bytes).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
  const Bucket = config.bucket;
  const objectOf = (key: string) => `${folder}/${key}`;
  const body = async (key: string) => {
    const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: objectOf(key) }));
    if (!Body) throw new Error(`empty object ${key}`);
    return Body;
  };
  return {
    async put(key, body) {
      // A stream's length is told up front: S3 takes no upload of unknown size in one request.
      const Body = Buffer.isBuffer(body) ? body : await body.stream();
      const ContentLength = Buffer.isBuffer(body) ? body.length : body.size;
      await client.send(new PutObjectCommand({ Bucket, Key: objectOf(key), Body, ContentLength }));
    },
    async find(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectOf(key) }));
        return {
          size: head.ContentLength ?? 0,
          stream: async () => (await body(key)) as Readable,
          read: async () => Buffer.from(await (await body(key)).transformToByteArray()),
        };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async copy(from, to) {
      try {
        await client.send(
          new CopyObjectCommand({ Bucket, Key: objectOf(to), CopySource: `${Bucket}/${objectOf(from)}` }),
        );
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async remove(keys) {
      await client.send(
        new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: keys.map((key) => ({ Key: objectOf(key) })) },
        }),
      );
    },
  };
}
