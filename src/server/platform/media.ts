import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/** A stored file: its size, and its bytes on demand (a stream to serve, a buffer to send). */
export interface MediaFile {
  size: number;
  stream(): Promise<Readable>;
  read(): Promise<Buffer>;
}

/** What a folder holds: its bytes, its files and when the newest was written (null: empty). */
export interface FolderUsage {
  size: number;
  files: number;
  updatedAt: Date | null;
}

const EMPTY_FOLDER: FolderUsage = { size: 0, files: 0, updatedAt: null };

function addTo(usage: FolderUsage, size: number, modified: Date | undefined): FolderUsage {
  const newer = modified && (!usage.updatedAt || modified > usage.updatedAt) ? modified : usage.updatedAt;
  return { size: usage.size + size, files: usage.files + 1, updatedAt: newer };
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
  /** Every file under `<folder>/` (a company's: `company<id>`), read from the store itself. */
  usage(folder: string): Promise<FolderUsage>;
  /** Removes `<folder>/` and everything in it. */
  removeFolder(folder: string): Promise<void>;
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
    async usage(folder) {
      const entries = await readdir(fileOf(folder), { recursive: true, withFileTypes: true }).catch(() => []);
      let usage = EMPTY_FOLDER;
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const found = await stat(path.join(entry.parentPath, entry.name)).catch(() => undefined);
        if (found) usage = addTo(usage, found.size, found.mtime);
      }
      return usage;
    },
    async removeFolder(folder) {
      await rm(fileOf(folder), { recursive: true, force: true });
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
  /** Every object under `<folder>/<prefix>/`, a page (at most 1000) at a time. */
  async function* listed(prefix: string) {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: `${objectOf(prefix)}/`, ContinuationToken }),
      );
      yield page.Contents ?? [];
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }
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
    async usage(prefix) {
      let usage = EMPTY_FOLDER;
      for await (const objects of listed(prefix)) {
        for (const object of objects) usage = addTo(usage, object.Size ?? 0, object.LastModified);
      }
      return usage;
    },
    async removeFolder(prefix) {
      for await (const objects of listed(prefix)) {
        if (objects.length === 0) continue;
        await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: objects.map(({ Key }) => ({ Key })) } }),
        );
      }
    },
  };
}
