import { mkdirSync, mkdtempSync, readFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressFolder } from './precompress';

let dist: string;
const script = Array.from({ length: 300 }, (_, i) => `export const v${i} = ${i};`).join('\n');

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'boon-precompress-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  mkdirSync(path.join(dist, 'help-videos'));
  writeFileSync(path.join(dist, 'assets', 'app-Ab12.js'), script);
  writeFileSync(path.join(dist, 'assets', 'app-Ab12.css'), `.a{color:red}\n`.repeat(200));
  writeFileSync(path.join(dist, 'assets', 'tiny-Cd34.js'), 'export const x = 1;');
  writeFileSync(path.join(dist, 'help-videos', 'intro.webm'), randomBytes(4096));
  writeFileSync(path.join(dist, 'help-videos', 'intro.vtt'), 'WEBVTT\n\n'.repeat(300));
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html>${'<p>x</p>'.repeat(400)}`);
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify({ a: 'b'.repeat(4000) }));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

const exists = (file: string) => existsSync(path.join(dist, file));

describe('precompressFolder', () => {
  it('writes brotli and gzip copies that unpack to the file, for text formats of 1 KB and more', async () => {
    const written = await precompressFolder(dist, {
      skip: (file) => file === 'index.html' || file.startsWith('.vite/'),
    });
    expect(written.map((entry) => entry.file).sort()).toEqual([
      'assets/app-Ab12.css',
      'assets/app-Ab12.js',
      'help-videos/intro.vtt',
    ]);
    const original = readFileSync(path.join(dist, 'assets', 'app-Ab12.js'));
    const br = readFileSync(path.join(dist, 'assets', 'app-Ab12.js.br'));
    const gz = readFileSync(path.join(dist, 'assets', 'app-Ab12.js.gz'));
    expect(brotliDecompressSync(br)).toEqual(original);
    expect(gunzipSync(gz)).toEqual(original);
    expect(br.length).toBeLessThan(gz.length);
    expect(written.find((entry) => entry.file === 'assets/app-Ab12.js')).toEqual({
      file: 'assets/app-Ab12.js',
      raw: original.length,
      br: br.length,
      gzip: gz.length,
    });
  });

  it('leaves alone what is small, compressed already, or never served as a file', async () => {
    await precompressFolder(dist, {
      skip: (file) => file === 'index.html' || file.startsWith('.vite/'),
    });
    expect(exists('assets/tiny-Cd34.js.br')).toBe(false);
    expect(exists('help-videos/intro.webm.br')).toBe(false);
    expect(exists('help-videos/intro.webm.gz')).toBe(false);
    expect(exists('index.html.br')).toBe(false);
    expect(exists('.vite/manifest.json.br')).toBe(false);
  });

  it('writes no copy that would be larger than the file', async () => {
    // Random bytes in a text format: compression can only add to them.
    writeFileSync(path.join(dist, 'assets', 'noise.txt'), randomBytes(8192));
    const written = await precompressFolder(dist);
    expect(written.find((entry) => entry.file === 'assets/noise.txt')).toEqual({
      file: 'assets/noise.txt',
      raw: 8192,
    });
    expect(exists('assets/noise.txt.br')).toBe(false);
    expect(exists('assets/noise.txt.gz')).toBe(false);
  });
});
