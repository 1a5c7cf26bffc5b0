import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api';
import { SHEET_LIMITS } from '../../shared/api/contacts';
import { buildPath } from '../../shared/api/contract';
import { aCompany, startTestServer, type TestServer } from '../test/server';

let server: TestServer;
let dataDir: string;
let token: string;
let userId: number;
beforeAll(async () => {
  // A data folder of its own, so its `uploads/` is this suite's alone.
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'atendo-uploads-'));
  server = await startTestServer({ dataDir });
  const company = await aCompany(server);
  ({ token, id: userId } = company.admin);
});
afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Every temporary file left under the data folder's `uploads/` (its request folders' contents). */
function leftovers() {
  const root = path.join(dataDir, 'uploads');
  const folders = readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return folders.flatMap((folder) =>
    readdirSync(path.join(root, folder.name)).map((name) => path.join(root, folder.name, name)),
  );
}

/**
 * A multipart request whose one file part is `fileBytes` long, written in chunks (chunked encoding, so the
 * server cannot know its size up front) as fast as the server takes them, until it answers or `pauseAt`
 * bytes are sent (then it waits to be destroyed).
 */
function streamUpload(url: string, options: { field: string; fileBytes: number; pauseAt?: number }) {
  const boundary = `atendo${randomBytes(8).toString('hex')}`;
  const req = http.request(`${server.url}/api${url}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  let sent = 0;
  let answered = false;
  const closed = new Promise((resolve) => req.on('close', resolve));
  const answer = new Promise<{
    status: number;
    body: string;
    sent: number;
    headers: http.IncomingHttpHeaders;
  }>((resolve, reject) => {
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sent, headers: res.headers }));
    });
    req.on('error', (err) => (answered ? undefined : reject(err)));
  });
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  const pump = async () => {
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="${options.field}"; filename="big.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    );
    while (sent < options.fileBytes && !answered && !req.destroyed) {
      if (options.pauseAt !== undefined && sent >= options.pauseAt) return;
      sent += chunk.length;
      if (!req.write(chunk)) await new Promise((resolve) => req.once('drain', resolve));
    }
    if (!answered && !req.destroyed) req.end(`\r\n--${boundary}--\r\n`);
  };
  void pump().catch(() => undefined);
  return { answer, closed, req };
}

describe('multipart uploads', () => {
  it('refuses a file over its route’s cap while it streams, without taking the rest of the body', async () => {
    // 10 MB is the spreadsheet's cap; the client would send 400 MB.
    const upload = streamUpload(api.contacts.upload.path, { field: 'file', fileBytes: 400 * 1024 * 1024 });
    const res = await upload.answer;
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: 'ERR_FILE_TOO_LARGE' });
    // Answered once the cap was passed: far from the whole body.
    expect(res.sent).toBeGreaterThan(SHEET_LIMITS.bytes);
    expect(res.sent).toBeLessThan(100 * 1024 * 1024);
    // The server closes the connection itself rather than keep it paused with the body unread.
    expect(res.headers.connection).toBe('close');
    await upload.closed;
    await vi.waitFor(() => expect(leftovers()).toEqual([]), { timeout: 10_000 });
  });

  it('writes a file to a temporary file as it arrives, and removes it when the client goes away', async () => {
    const url = buildPath(api.users.uploadMedia.path, { id: userId });
    const upload = streamUpload(url, {
      field: 'profileImage',
      fileBytes: 16 * 1024 * 1024,
      pauseAt: 4 * 1024 * 1024,
    });
    void upload.answer.catch(() => undefined);
    // Half sent and still arriving: what came so far is on disk, not in memory.
    await vi.waitFor(
      () => {
        const [file] = leftovers();
        expect(file && statSync(file).size).toBeGreaterThan(2 * 1024 * 1024);
      },
      { timeout: 10_000 },
    );
    upload.req.destroy();
    await vi.waitFor(() => expect(leftovers()).toEqual([]), { timeout: 10_000 });
  });

  it('removes the temporary files of an answered upload, accepted or refused', async () => {
    const boundary = `atendo${randomBytes(8).toString('hex')}`;
    const send = (data: Buffer) =>
      server.app.inject({
        method: 'POST',
        url: `/api${buildPath(api.users.uploadMedia.path, { id: userId })}`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename="a.png"\r\n` +
              'Content-Type: image/png\r\n\r\n',
          ),
          data,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    expect((await send(PNG)).statusCode).toBe(200);
    expect(leftovers()).toEqual([]);
    // Not a PNG whatever it says: refused by the avatar's own check, after the file was received.
    expect((await send(Buffer.from('<html>'))).statusCode).toBe(400);
    expect(leftovers()).toEqual([]);
  });
});
