import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Text formats worth compressing. Images, fonts (woff2 is brotli inside) and videos are
 * compressed already, and a second pass only costs CPU.
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|map|txt|xml|vtt|webmanifest|wasm)$/i;

/** Below this many bytes a compressed copy saves less than the headers it needs. */
export const PRECOMPRESS_THRESHOLD = 1024;

export interface PrecompressedFile {
  /** Relative to the output folder, with forward slashes. */
  file: string;
  raw: number;
  br?: number;
  gzip?: number;
}

export interface PrecompressOptions {
  /** Paths (relative, forward slashes) the server never serves as files, such as a template. */
  skip?: (file: string) => boolean;
  threshold?: number;
}

async function filesUnder(folder: string, relative = ''): Promise<string[]> {
  const entries = await readdir(path.join(folder, relative), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      return entry.isDirectory() ? filesUnder(folder, name) : Promise.resolve([name]);
    }),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every
 * compressible file of `folder` at least `threshold` bytes long, for a server that sends the
 * variant a browser accepts (@fastify/static's preCompressed). A variant that would not be
 * smaller than the file is not written, so the server falls back to the file itself.
 */
export async function precompressFolder(
  folder: string,
  { skip = () => false, threshold = PRECOMPRESS_THRESHOLD }: PrecompressOptions = {},
): Promise<PrecompressedFile[]> {
  const candidates = (await filesUnder(folder)).filter(
    (file) => COMPRESSIBLE.test(file) && !skip(file),
  );
  const results = await Promise.all(
    candidates.map(async (file): Promise<PrecompressedFile | undefined> => {
      const absolute = path.join(folder, file);
      const body = await readFile(absolute);
      if (body.length < threshold) return undefined;
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [constants.BROTLI_PARAM_MODE]: /\.(?:wasm)$/i.test(file)
              ? constants.BROTLI_MODE_GENERIC
              : constants.BROTLI_MODE_TEXT,
          },
        }),
        gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const written: PrecompressedFile = { file, raw: body.length };
      if (br.length < body.length) {
        await writeFile(`${absolute}.br`, br);
        written.br = br.length;
      }
      if (gz.length < body.length) {
        await writeFile(`${absolute}.gz`, gz);
        written.gzip = gz.length;
      }
      return written;
    }),
  );
  return results.filter((result): result is PrecompressedFile => result !== undefined);
}

/**
 * Vite plugin: once the build is written, precompress its output (see precompressFolder).
 * index.html is a template the server fills in per deployment and compresses as it sends it, and
 * .vite/ holds the build manifest, which is never served.
 */
export function precompress(): Plugin {
  let outDir = '';
  let logger: ResolvedConfig['logger'] | undefined;
  return {
    name: 'boon:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle(error?: Error) {
      if (error) return;
      const written = await precompressFolder(outDir, {
        skip: (file) => file === 'index.html' || file.startsWith('.vite/'),
      });
      const total = (key: 'raw' | 'br' | 'gzip') =>
        written.reduce((sum, file) => sum + (file[key] ?? file.raw), 0);
      logger?.info(
        `precompressed ${written.length} files: ${kb(total('raw'))} → ${kb(total('br'))} brotli, ${kb(total('gzip'))} gzip`,
      );
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
