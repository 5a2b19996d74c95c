// @ts-check
import fs from 'node:fs';
import path from 'node:path';

import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
// @ts-expect-error eslint-plugin-jsx-a11y ships no type declarations.
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

// ---------------------------------------------------------------------------------------------
// Import boundaries (ARCHITECTURE.md, "Import direction"), enforced with no-restricted-imports.
//
// Workspace names are read from disk, so a new service or console app is covered the moment its
// package.json exists; the names the architecture promises are listed too, so the rule holds
// before those folders are created.
// ---------------------------------------------------------------------------------------------

/** @param {string} folder @returns {string[]} the package names of the workspaces in `folder` */
function workspaceNames(folder) {
  const dir = path.join(root, folder);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(dir, entry.name, 'package.json'))
    .filter((file) => fs.existsSync(file))
    .map((file) => JSON.parse(fs.readFileSync(file, 'utf8')).name)
    .filter((name) => typeof name === 'string');
}

const unique = (/** @type {string[]} */ names) => [...new Set(names)].sort();
/** @param {string} text */
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const appNames = unique(['@boon/server', '@boon/console', ...workspaceNames('apps')]);
const serviceNames = unique(['@boon/customer-management', ...workspaceNames('services')]);
// Console apps are named @boon/app-<app>; the ones on disk are listed too in case one strays.
const consoleAppNames = unique(workspaceNames('console-apps'));
const consoleAppPattern = `^(@boon/app-[^/]+|${consoleAppNames.map(escapeRegex).join('|') || '@boon/app-'})`;

/** A regex source matching any of `names` or a subpath of one. @param {string[]} names */
const anyOf = (names) => `^(${names.map(escapeRegex).join('|')})(/.*)?$`;

/** @typedef {{ regex: string, message: string }} Restriction */

const forbid = {
  apps: (/** @type {string | undefined} */ self = undefined) => ({
    regex: anyOf(appNames.filter((name) => name !== self)),
    message: 'Apps are the top of the dependency graph: nothing else imports them.',
  }),
  appsExceptServerTesting: () => ({
    regex: `^(?!@boon/server/testing$)${anyOf(appNames).slice(1)}`,
    message:
      "Apps are the top of the dependency graph: a service's tests use only the server's test entry, @boon/server/testing.",
  }),
  services: () => ({
    regex: anyOf(serviceNames),
    message:
      'Services are server-side modules; only apps/server and other services may import them.',
  }),
  consoleApps: () => ({
    regex: `${consoleAppPattern}(/.*)?$`,
    message:
      'Console apps are loaded by the shell (apps/console) only; link to another console app by URL.',
  }),
  consoleAppInternals: () => ({
    regex: `${consoleAppPattern}/.+$`,
    message: 'Import a console app by its package name (its manifest), never by its files.',
  }),
  shellInternals: () => ({
    regex: '^@boon/console/.+$',
    message:
      "The shell's files are its own: a console app uses what @boon/console-kit offers (tests: @boon/console-kit/testing).",
  }),
  kitShellEntry: () => ({
    regex: '^@boon/console-kit/shell$',
    message:
      "The global state's writes are the shell's: read it through the selectors of @boon/console-kit (tests set it up through @boon/console-kit/testing).",
  }),
  serviceInternals: () => ({
    regex: `^(${serviceNames.map(escapeRegex).join('|')})/.+$`,
    message: 'Import a service by its package root (its public interface), not by its files.',
  }),
  internals: () => ({
    regex: '^@boon/[^/]+/(src|dist)(/.*)?$',
    message: 'Import a workspace package by its name; its src/ and dist/ files are internal.',
  }),
  database: () => ({
    regex: '^@boon/db(/.*)?$',
    message: '@boon/db is server-only; the browser talks to the API.',
  }),
  drizzle: () => ({
    regex: '^drizzle-orm(/.*)?$',
    message:
      "Import drizzle operators from '@boon/db', so the process has one copy of drizzle-orm.",
  }),
};

// ---------------------------------------------------------------------------------------------
// Table ownership: a service reads and writes only its own tables and the platform's; it reaches
// another service's data through that service's exported interface. Owners are read from
// packages/db/src/schema: `<service>.ts` holds services/<service>'s tables, platform.ts the
// shared ones, and any other file (idp.ts) belongs to an app.
// ---------------------------------------------------------------------------------------------

const schemaDir = path.join(root, 'packages/db/src/schema');
/** @type {Map<string, string[]>} the tables (their exported names) each schema file declares */
const tablesByOwner = new Map(
  fs
    .readdirSync(schemaDir)
    .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
    .map((file) => [
      file.replace(/\.ts$/, ''),
      [
        ...fs
          .readFileSync(path.join(schemaDir, file), 'utf8')
          .matchAll(/export const (\w+) = pgTable\(/g),
      ].map((match) => /** @type {string} */ (match[1])),
    ]),
);
const serviceFolders = fs.existsSync(path.join(root, 'services'))
  ? fs
      .readdirSync(path.join(root, 'services'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];
/** The tables of other owners than `service` and the platform. @param {string} service */
const foreignTables = (service) =>
  [...tablesByOwner]
    .filter(([owner]) => owner !== service && owner !== 'platform')
    .flatMap(([, tables]) => tables);
/** @param {string} service */
const foreignTablePaths = (service) => [
  {
    name: '@boon/db',
    importNames: foreignTables(service),
    message: `Another service's (or the identity provider's) table: ${service} owns only the tables in packages/db/src/schema/${service}.ts (and the platform's); call the owning service's exported interface instead.`,
  },
];

/**
 * Every workspace folder with what it may not import. A relative import that climbs out of its
 * own package is forbidden in all of them (import the other package by name instead), because a
 * relative path would bypass both the package's exports and the rules below.
 * The order matters only for the `ignores` carve-outs; the globs are otherwise disjoint.
 * `packageDepth`: how many folders below its package the area's root is (a service's test/).
 * @type {{ root: string, ignores?: string[], packageDepth?: number, restrict: Restriction[], paths?: ReturnType<typeof foreignTablePaths> }[]}
 */
const areas = [
  {
    root: 'packages/*',
    ignores: ['packages/db/**'],
    restrict: [
      forbid.apps(),
      forbid.services(),
      forbid.consoleApps(),
      forbid.internals(),
      forbid.drizzle(),
    ],
  },
  {
    root: 'packages/db',
    restrict: [forbid.apps(), forbid.services(), forbid.consoleApps(), forbid.internals()],
  },
  {
    // A console app imports packages only: never the shell (by name or by path), another
    // console app, a service or the database, and the kit only through its app-facing entries.
    root: 'console-apps/*',
    restrict: [
      forbid.shellInternals(),
      forbid.apps(),
      forbid.services(),
      forbid.consoleApps(),
      forbid.kitShellEntry(),
      forbid.database(),
      forbid.internals(),
      forbid.drizzle(),
    ],
  },
  {
    // The shell composes console apps by their package name (the manifest), never their files.
    root: 'apps/console',
    restrict: [
      forbid.apps('@boon/console'),
      forbid.consoleAppInternals(),
      forbid.services(),
      forbid.database(),
      forbid.internals(),
      forbid.drizzle(),
    ],
  },
  {
    root: 'apps/server',
    restrict: [
      forbid.apps('@boon/server'),
      forbid.consoleApps(),
      forbid.serviceInternals(),
      forbid.internals(),
      forbid.drizzle(),
    ],
  },
  {
    // Any further app (apps/redeem, ...): not another app, not a console app.
    root: 'apps/*',
    ignores: ['apps/console/**', 'apps/server/**'],
    restrict: [
      forbid.apps(),
      forbid.consoleApps(),
      forbid.serviceInternals(),
      forbid.internals(),
      forbid.drizzle(),
    ],
  },
  {
    // A service folder not created yet: the same rules, with the table rule once it has a schema.
    root: 'services/*',
    ignores: serviceFolders.map((service) => `services/${service}/**`),
    restrict: [
      forbid.apps(),
      forbid.consoleApps(),
      forbid.serviceInternals(),
      forbid.internals(),
      forbid.drizzle(),
    ],
  },
  ...serviceFolders.map((service) => ({
    root: `services/${service}`,
    ignores: [`services/${service}/test/**`],
    restrict: [
      forbid.apps(),
      forbid.consoleApps(),
      forbid.serviceInternals(),
      forbid.internals(),
      forbid.drizzle(),
    ],
    paths: foreignTablePaths(service),
  })),
  {
    // A service's API tests run the whole server, which only apps/server composes: they may use
    // its test entry and no other part of an app. They arrange and check state behind the API in
    // any table (a user to sign in, another service's rows), so the table rule is the code's only.
    root: 'services/*/test',
    packageDepth: 1,
    restrict: [
      forbid.appsExceptServerTesting(),
      forbid.consoleApps(),
      forbid.serviceInternals(),
      forbid.internals(),
      forbid.drizzle(),
    ],
  },
];

/** Deep enough for any source tree we have; a deeper file still gets the name rules of depth 0. */
const MAX_DEPTH = 12;

/**
 * A file `depth` folders below its package root leaves the package with `depth + 1` or more `../`.
 * no-restricted-imports only sees the import string, so the depth comes from the files glob.
 * @param {number} depth
 * @returns {Restriction}
 */
const leavesPackage = (depth) => ({
  regex: `^(\\.\\.(/|$)){${depth + 1},}`,
  message:
    'This relative import leaves its workspace package; import the other package by its name (@boon/...).',
});

/**
 * no-restricted-imports ignores dynamic `import()`, which is exactly how lazy chunks load, so the
 * same restrictions are mirrored as no-restricted-syntax selectors on ImportExpression.
 * esquery regexes cannot contain '/', hence the \u002F escape.
 * @param {Restriction[]} restrictions
 */
const dynamicImportSelectors = (restrictions) =>
  restrictions.map(({ regex, message }) => ({
    selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\u002F')}/]`,
    message,
  }));

/** @param {Restriction[]} restrict @param {ReturnType<typeof foreignTablePaths>} [paths] */
const boundaryRules = (restrict, paths = []) =>
  /** @type {import('eslint').Linter.RulesRecord} */ ({
    'no-restricted-imports': ['error', { patterns: restrict, paths }],
    'no-restricted-syntax': ['error', ...dynamicImportSelectors(restrict)],
  });

const boundaries = [
  // Tooling outside the product's packages (scripts/, e2e/, root config files): e2e/ is a
  // workspace only for its dependencies and may use the scripts' helpers by path.
  {
    name: 'boon/boundaries/root',
    rules: boundaryRules([forbid.internals(), forbid.drizzle()]),
  },
  ...areas.flatMap((area) =>
    Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
      name: `boon/boundaries/${area.root}/depth-${depth}`,
      files: [`${area.root}/${'*/'.repeat(depth)}*`],
      ...(area.ignores ? { ignores: area.ignores } : {}),
      rules: boundaryRules(
        [...area.restrict, leavesPackage(depth + (area.packageDepth ?? 0))],
        area.paths,
      ),
    })),
  ),
];

// ---------------------------------------------------------------------------------------------
// Feature folders, cycles and file names. These rules resolve imports to files, so they see
// through relative paths, package names (the `source` condition) and `.js` specifiers alike.
// ---------------------------------------------------------------------------------------------

/** The folders directly under `src` of every workspace in `folder` (e.g. a console app's features). */
function featureFolders(/** @type {string} */ folder) {
  const dir = path.join(root, folder);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((workspace) => {
      const src = path.join(folder, workspace.name, 'src');
      if (!fs.existsSync(path.join(root, src))) return [];
      return [
        {
          src,
          features: fs
            .readdirSync(path.join(root, src), { withFileTypes: true })
            .filter((entry) => entry.isDirectory())
            .map((entry) => entry.name),
        },
      ];
    });
}

/**
 * One feature folder of a console app (or of the shell's features/) keeps out of its siblings'
 * files: what two features share belongs in the console kit, or in the sibling's index.ts, its
 * public face. Zones are read from disk, so a new feature folder is covered at once.
 */
const featureZones = [
  ...featureFolders('console-apps'),
  ...(fs.existsSync(path.join(root, 'apps/console/src/features'))
    ? [
        {
          src: 'apps/console/src/features',
          features: fs
            .readdirSync(path.join(root, 'apps/console/src/features'), { withFileTypes: true })
            .filter((entry) => entry.isDirectory())
            .map((entry) => entry.name),
        },
      ]
    : []),
].flatMap(({ src, features }) =>
  features.flatMap((feature) =>
    features
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `./${src}/${feature}`,
        from: `./${src}/${other}`,
        except: ['./index.ts'],
        message: `Feature folders keep out of each other's files: share through @boon/console-kit or ${other}/index.ts.`,
      })),
  ),
);

const resolution = {
  plugins: { 'import-x': importX },
  settings: {
    // The modules an import leads to are parsed too (to follow their imports): TypeScript with
    // TypeScript's parser.
    'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/resolver-next': [
      createNodeResolver({
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        // The server's TypeScript imports name the emitted .js files.
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        conditionNames: ['source', 'import', 'default'],
      }),
    ],
  },
};

const structure = [
  {
    name: 'boon/structure/feature-folders',
    ...resolution,
    files: ['console-apps/*/src/**', 'apps/console/src/features/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones }] },
  },
  {
    name: 'boon/structure/no-cycle',
    ...resolution,
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: {
      // A cycle through import() is allowed: the import runs after every module in the loop has
      // been evaluated, so it cannot see one half-initialised. Lazy routes are such loops (a
      // route loads its screen, whose links read the route table).
      'import-x/no-cycle': [
        'error',
        { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true },
      ],
    },
  },
  {
    name: 'boon/structure/file-names',
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      // `.test`, `.lazy`, `.api`, `.d` and `.config` are roles, not part of the name.
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{apps,packages,console-apps,services,scripts,e2e}/**/': 'KEBAB_CASE' },
      ],
    },
  },
];

// ---------------------------------------------------------------------------------------------

const browserCode = [
  'apps/console/src/**',
  'apps/redeem/src/**',
  'console-apps/**',
  'packages/console-kit/**',
  'packages/ui/**',
];

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/data/',
    '**/migrations/',
    '**/coverage/',
    '.test-results/',
    '**/test-results/',
    '**/playwright-report/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'boon/globals/node',
    languageOptions: { globals: globals.node },
  },
  {
    name: 'boon/globals/browser',
    files: browserCode,
    languageOptions: { globals: globals.browser },
  },
  {
    // contracts and domain run in both; let them use only what both have.
    name: 'boon/globals/shared',
    files: ['packages/contracts/**', 'packages/domain/**'],
    languageOptions: { globals: globals['shared-node-browser'] },
  },
  {
    // Hooks live in .ts files too (use-*.ts), so browser .ts files get the hook rules as well.
    name: 'boon/react-hooks',
    files: ['**/*.tsx', '**/*.jsx', ...browserCode.map((glob) => `${glob}/*.ts`)],
    ...reactHooks.configs.flat.recommended,
  },
  {
    name: 'boon/a11y',
    files: ['**/*.tsx', '**/*.jsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    name: 'boon/typescript',
    rules: {
      // An underscore marks a parameter that must exist for its position but is not used.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  boundaries,
  structure,
]);
