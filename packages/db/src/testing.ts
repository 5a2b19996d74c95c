import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, pgliteExtensions, pgliteHandle, type DatabaseHandle } from './database.js';

/**
 * What a test database starts with:
 * - `empty`: nothing at all, as on a product's first start;
 * - `migrated`: every migration applied;
 * - `demo`: as after the server's first start: migrated, with its job queues, keys and demo data.
 *
 * `migrated` and `demo` are copies of templates built once per test run by
 * prepareTestDatabaseTemplates (the api project's globalSetup), because building them is most
 * of what a test file used to spend: a new PGlite runs initdb (seconds), and the demo seed
 * hashes a password per user with scrypt on purpose.
 */
export type TestDatabaseTemplate = 'empty' | 'migrated' | 'demo';

/** Where prepareTestDatabaseTemplates leaves the templates for the test workers. */
const TEMPLATES_ENV = 'BOON_TEST_DATABASE_TEMPLATES';

type PreparedTemplates =
  | { kind: 'pglite'; files: Record<Exclude<TestDatabaseTemplate, 'empty'>, string> }
  | { kind: 'postgres'; databases: Record<Exclude<TestDatabaseTemplate, 'empty'>, string> };

/**
 * A database of its own for one test file, starting from `template`: in-memory PGlite by default;
 * with DATABASE_URL, a new database on that PostgreSQL server, dropped again on close, so runs
 * never see each other's rows. Share it across the tests of the file; a new one costs about 2 s.
 * `maxConnections` sizes the PostgreSQL pool (a benchmark's concurrent clients need more than a
 * test file's default 5); PGlite has one connection whatever it says.
 */
export async function openTestDatabase(
  template: TestDatabaseTemplate = 'empty',
  { maxConnections = 5 }: { maxConnections?: number } = {},
): Promise<DatabaseHandle> {
  const prepared = template === 'empty' ? undefined : preparedTemplates();
  const url = process.env.DATABASE_URL;
  if (!url) {
    if (prepared?.kind === 'pglite') {
      return openPgliteCopy(prepared.files[template as keyof typeof prepared.files]);
    }
    return openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  }

  const name = `boon_test_${randomBytes(6).toString('hex')}`;
  const from =
    prepared?.kind === 'postgres'
      ? ` template ${prepared.databases[template as keyof typeof prepared.databases]}`
      : '';
  await withAdminClient(url, (client) => client.query(`create database ${name}${from}`));
  const handle = await openDatabase({
    kind: 'postgres',
    url: databaseUrl(url, name),
    maxConnections,
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropDatabase(url, name);
    },
  };
}

/**
 * A PGlite database whatever DATABASE_URL says, for tests of the PGlite handle itself: a copy of
 * the prepared `migrated` template when the run prepared PGlite ones, else a new instance (its
 * initdb takes seconds), as in the run against PostgreSQL.
 */
export async function openTestPglite(): Promise<DatabaseHandle> {
  const prepared = readPreparedTemplates();
  if (prepared?.kind !== 'pglite') return openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  return openPgliteCopy(prepared.files.migrated);
}

async function openPgliteCopy(templateFile: string): Promise<DatabaseHandle> {
  return pgliteHandle(
    await PGlite.create({
      dataDir: 'memory://',
      loadDataDir: templateDataDir(templateFile),
      extensions: pgliteExtensions,
      ...(await pgliteRuntime()),
    }),
  );
}

/**
 * Builds the `migrated` and `demo` templates once for a test run, where the test workers find
 * them (an environment variable Vitest hands to the workers it starts afterwards): PGlite data
 * directories as tarballs in a temporary folder, or template databases on DATABASE_URL's server.
 * `firstStart` turns the migrated database into the demo one, as the server's first start does
 * (it lives above this package); it must leave the handle open. Returns the clean-up.
 */
export async function prepareTestDatabaseTemplates(
  firstStart: (handle: DatabaseHandle) => Promise<unknown>,
): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), 'boon-test-db-'));
    const files = { migrated: path.join(dir, 'migrated.tar'), demo: path.join(dir, 'demo.tar') };
    const client = await PGlite.create('memory://', { extensions: pgliteExtensions });
    try {
      const handle = pgliteHandle(client);
      await handle.migrate();
      writeFileSync(files.migrated, await dumpDataDir(client));
      await firstStart(handle);
      writeFileSync(files.demo, await dumpDataDir(client));
    } finally {
      await client.close();
    }
    process.env[TEMPLATES_ENV] = JSON.stringify({ kind: 'pglite', files });
    return async () => {
      delete process.env[TEMPLATES_ENV];
      rmSync(dir, { recursive: true, force: true });
    };
  }

  const prefix = `boon_template_${randomBytes(6).toString('hex')}`;
  const databases = { migrated: `${prefix}_migrated`, demo: `${prefix}_demo` };
  const build = async (name: string, from: string, step: (handle: DatabaseHandle) => unknown) => {
    await withAdminClient(url, (client) => client.query(`create database ${name}${from}`));
    // Closed before use: PostgreSQL copies a template only while nobody is connected to it.
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(url, name) });
    try {
      await step(handle);
    } finally {
      await handle.close();
    }
  };
  try {
    await build(databases.migrated, '', (handle) => handle.migrate());
    await build(databases.demo, ` template ${databases.migrated}`, firstStart);
  } catch (error) {
    await Promise.all(Object.values(databases).map((name) => dropDatabase(url, name)));
    throw error;
  }
  process.env[TEMPLATES_ENV] = JSON.stringify({ kind: 'postgres', databases });
  return async () => {
    delete process.env[TEMPLATES_ENV];
    await Promise.all(Object.values(databases).map((name) => dropDatabase(url, name)));
  };
}

/** What prepareTestDatabaseTemplates left for this run, if it ran. */
function readPreparedTemplates(): PreparedTemplates | undefined {
  const value = process.env[TEMPLATES_ENV];
  return value ? (JSON.parse(value) as PreparedTemplates) : undefined;
}

function preparedTemplates(): PreparedTemplates {
  const prepared = readPreparedTemplates();
  const wanted = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  if (prepared?.kind !== wanted) {
    throw new Error(
      `No ${wanted} test database templates: run the file in the api project (its globalSetup ` +
        'calls prepareTestDatabaseTemplates), or open an empty database and migrate it.',
    );
  }
  return prepared;
}

/**
 * A template's bytes as PGlite's loadDataDir takes them: it calls arrayBuffer() once and only
 * reads the result, copying each file out of it into its own file system. Node's
 * Blob.arrayBuffer() streamed the whole template (42 to 58 MB, two thirds of it write-ahead log)
 * into a new buffer for every database opened, about 0.5 s of CPU each time; the bytes read once
 * are handed over as they are instead.
 */
class TemplateBlob extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: ArrayBuffer) {
    super([bytes]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

// Read once, however many databases a test file opens from it.
const dataDirs = new Map<string, Blob>();
function templateDataDir(file: string): Blob {
  let blob = dataDirs.get(file);
  if (!blob) {
    const bytes = readFileSync(file);
    // A Buffer's memory is an ArrayBuffer (never shared) that may hold more than it: cut to it.
    blob = new TemplateBlob(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    dataDirs.set(file, blob);
  }
  return blob;
}

/**
 * PGlite's WebAssembly module, compiled once per test process, and its file bundle, read once:
 * a test file opens a database or more, and each PGlite.create compiled the 9 MB module and read
 * the 6 MB bundle again (~0.2 s of CPU of the ~1.1 s an open costs).
 */
let runtime: Promise<PgliteRuntime> | undefined;
type PgliteRuntime = Required<Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>>;
// Node's global, which the server's TypeScript lib (ES2023, no DOM) does not declare.
declare const WebAssembly: {
  compile(bytes: Uint8Array): Promise<PgliteRuntime['pgliteWasmModule']>;
};
function pgliteRuntime() {
  runtime ??= (async () => {
    const require = createRequire(import.meta.url);
    return {
      pgliteWasmModule: await WebAssembly.compile(
        readFileSync(require.resolve('@electric-sql/pglite/pglite.wasm')),
      ),
      fsBundle: new Blob([readFileSync(require.resolve('@electric-sql/pglite/pglite.data'))]),
    };
  })();
  return runtime;
}

async function dumpDataDir(client: PGlite): Promise<Buffer> {
  // Checkpointed first, so that a copy starts without replaying the write-ahead log.
  await client.exec('checkpoint');
  // Uncompressed: it is read once per test file, and gunzip would cost more than the bytes.
  return Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
}

function databaseUrl(url: string, name: string): string {
  const result = new URL(url);
  result.pathname = `/${name}`;
  return result.toString();
}

function dropDatabase(url: string, name: string) {
  return withAdminClient(url, (client) =>
    client.query(`drop database if exists ${name} with (force)`),
  );
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
