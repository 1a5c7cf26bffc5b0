import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3 } from '../test/s3';
import { diskMediaStore, type MediaFile, type MediaStore, s3MediaStore } from './media';

const read = async (store: MediaStore, key: string) => {
  const found = await store.find(key);
  if (!found) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of await found.stream()) chunks.push(Buffer.from(chunk as Uint8Array));
  return { size: found.size, streamed: Buffer.concat(chunks), read: await found.read() };
};

/** The same behaviour from both stores. */
function behavesAsAMediaStore(name: string, open: () => MediaStore) {
  describe(name, () => {
    it('keeps a file by key, streams and reads it whole, and answers undefined for a missing one', async () => {
      const store = open();
      const data = Buffer.from('%PDF-1.4 \u00e1 media store');
      await store.put('company7/a.pdf', data);
      expect(await read(store, 'company7/a.pdf')).toEqual({ size: data.length, streamed: data, read: data });
      expect(await store.find('company7/none.pdf')).toBeUndefined();
    });

    it("writes a file it is given to stream (an upload's temporary file), size told up front", async () => {
      const store = open();
      const data = Buffer.alloc(300 * 1024, 7);
      const upload: MediaFile = {
        size: data.length,
        stream: async () => Readable.from([data.subarray(0, 1000), data.subarray(1000)]),
        read: async () => data,
      };
      await store.put('company7/upload.bin', upload);
      expect(await read(store, 'company7/upload.bin')).toEqual({
        size: data.length,
        streamed: data,
        read: data,
      });
    });

    it('copies a file under a new key, and answers false for a missing original', async () => {
      const store = open();
      await store.put('company7/b.png', Buffer.from('png'));
      expect(await store.copy('company7/b.png', 'company7/c.png')).toBe(true);
      expect((await read(store, 'company7/c.png'))?.read.toString()).toBe('png');
      expect(await store.copy('company7/none.png', 'company7/d.png')).toBe(false);
    });

    it('removes files, and removing a missing one is no error', async () => {
      const store = open();
      await store.put('company7/e.ogg', Buffer.from('ogg'));
      await store.remove(['company7/e.ogg', 'company7/never.ogg']);
      expect(await store.find('company7/e.ogg')).toBeUndefined();
    });

    it("tells a company folder's bytes, files and newest time, nested ones included, and removes it whole", async () => {
      const store = open();
      expect(await store.usage('company8')).toEqual({ size: 0, files: 0, updatedAt: null });
      const before = Date.now() - 60_000;
      await store.put('company8/a.ogg', Buffer.from('abc'));
      await store.put('company8/users/b.png', Buffer.from('defgh'));
      await store.put('company80/other.ogg', Buffer.from('not its own'));
      const usage = await store.usage('company8');
      expect(usage).toMatchObject({ size: 8, files: 2 });
      expect(usage.updatedAt!.getTime()).toBeGreaterThan(before);
      await store.removeFolder('company8');
      expect(await store.usage('company8')).toEqual({ size: 0, files: 0, updatedAt: null });
      expect(await store.find('company80/other.ogg')).toBeDefined();
    });
  });
}

let dataDir: string;
let s3: Awaited<ReturnType<typeof startLocalS3>>;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'atendo-media-'));
  s3 = await startLocalS3();
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await s3?.stop();
});

behavesAsAMediaStore('the data folder', () => diskMediaStore(dataDir));
behavesAsAMediaStore('an S3-compatible bucket (s3rver)', () => s3MediaStore(s3.config, 'media'));
