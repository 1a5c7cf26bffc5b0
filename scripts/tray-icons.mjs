#!/usr/bin/env node
// Renders the desktop's icons as PNG files (no image library: shapes are drawn with 4×4 supersampling
// and written with zlib): resources/tray/ — the tray icon with no count, with 1–9 and with 9+, the
// macOS menu-bar template and the Windows taskbar overlays, each at 1× and @2× (Electron picks @2x on
// high-DPI screens) — and build/icon.png, the app icon electron-builder turns into each system's format.
//   node scripts/tray-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BRAND = [37, 118, 210];
const BADGE = [211, 47, 47];
const WHITE = [255, 255, 255];
const SAMPLES = 4;

// The badge's glyphs: 5×7 digits for one figure, a 3×5 face for "9+" (it must fit the same disc).
const GLYPHS = {
  1: ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  2: ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  3: ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  4: ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  5: ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  6: ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  7: ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  8: ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  9: ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
};
const SMALL_GLYPHS = {
  9: ['111', '101', '111', '001', '111'],
  '+': ['000', '010', '111', '010', '000'],
};

const circle = (cx, cy, r) => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const roundedSquare = (x0, y0, size, r) => (x, y) => {
  if (x < x0 || y < y0 || x > x0 + size || y > y0 + size) return false;
  const nx = Math.max(x0 + r, Math.min(x, x0 + size - r));
  const ny = Math.max(y0 + r, Math.min(y, y0 + size - r));
  return (x - nx) ** 2 + (y - ny) ** 2 <= r * r;
};
/** Point in triangle, by the signs of the three edge functions. */
const triangle = (a, b, c) => (x, y) => {
  const side = (p, q) => (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]);
  const [d1, d2, d3] = [side(a, b), side(b, c), side(c, a)];
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
};
const union =
  (...shapes) =>
  (x, y) =>
    shapes.some((shape) => shape(x, y));
const minus = (shape, hole) => (x, y) => shape(x, y) && !hole(x, y);
/**
 * A label centred on (cx, cy) of a `size`-pixel square, `scale` screen pixels per glyph pixel, snapped to
 * whole pixels so the figures stay sharp.
 */
function text(label, cx, cy, size, scale) {
  const font = label.length > 1 ? SMALL_GLYPHS : GLYPHS;
  const [rows, columns] = [font[label[0]].length, font[label[0]][0].length];
  const width = label.length * (columns + 1) - 1;
  const unit = scale / size;
  const left = Math.round(cx * size - (width * scale) / 2) / size;
  const top = Math.round(cy * size - (rows * scale) / 2) / size;
  return (x, y) => {
    const gx = Math.floor((x - left) / unit);
    const gy = Math.floor((y - top) / unit);
    if (gy < 0 || gy >= rows || gx < 0 || gx >= width) return false;
    const column = gx % (columns + 1);
    return column < columns && font[label[Math.floor(gx / (columns + 1))]][gy][column] === '1';
  };
}

/** Paints layers (shape, colour) back to front onto a transparent square of `size` pixels. */
function render(size, layers) {
  const pixels = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (const [shape, colour] of layers) {
        let covered = 0;
        for (let sy = 0; sy < SAMPLES; sy++) {
          for (let sx = 0; sx < SAMPLES; sx++) {
            if (shape((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size)) covered++;
          }
        }
        const alpha = covered / (SAMPLES * SAMPLES);
        if (alpha === 0) continue;
        const out = alpha + a * (1 - alpha);
        r = (colour[0] * alpha + r * a * (1 - alpha)) / out;
        g = (colour[1] * alpha + g * a * (1 - alpha)) / out;
        b = (colour[2] * alpha + b * a * (1 - alpha)) / out;
        a = out;
      }
      pixels.set([r, g, b, a * 255].map(Math.round), (py * size + px) * 4);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
/** An RGBA image as a PNG file. */
function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    Buffer.from(pixels.buffer, y * size * 4, size * 4).copy(rows, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A speech bubble with three dots: the app's mark, in a unit square. */
const bubble = union(circle(0.46, 0.46, 0.4), triangle([0.18, 0.7], [0.4, 0.82], [0.1, 0.95]));
const dots = union(circle(0.3, 0.46, 0.06), circle(0.46, 0.46, 0.06), circle(0.62, 0.46, 0.06));
/** The count on a red disc. */
const badge = (label, cx, cy, radius, size) => [
  [circle(cx, cy, radius), BADGE],
  [text(label, cx, cy, size, size / 16), WHITE],
];

function write(file, size, layers) {
  const target = path.join(root, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, png(size, render(size, layers)));
}

const labels = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '9+'];
for (const [suffix, size] of [
  ['', 16],
  ['@2x', 32],
]) {
  write(`resources/tray/tray${suffix}.png`, size, [
    [bubble, BRAND],
    [dots, WHITE],
  ]);
  // macOS draws a menu-bar icon from its alpha alone (a "Template" name), light or dark with the bar;
  // the count goes beside it as the tray's title.
  write(`resources/tray/trayTemplate${suffix}.png`, size, [[minus(bubble, dots), [0, 0, 0]]]);
  for (const label of labels) {
    const name = label === '9+' ? '9plus' : label;
    write(`resources/tray/tray-${name}${suffix}.png`, size, [
      [bubble, BRAND],
      ...badge(label, 0.68, 0.68, 0.32, size),
    ]);
    write(`resources/tray/overlay-${name}${suffix}.png`, size, badge(label, 0.5, 0.5, 0.5, size));
  }
}
write('build/icon.png', 512, [
  [roundedSquare(0.04, 0.04, 0.92, 0.2), BRAND],
  [(x, y) => bubble((x - 0.14) / 0.72, (y - 0.14) / 0.72), WHITE],
  [(x, y) => dots((x - 0.14) / 0.72, (y - 0.14) / 0.72), BRAND],
]);
console.log('icons written to resources/tray and build/icon.png');
