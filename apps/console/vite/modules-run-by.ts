import type { Rollup } from 'vite';

/** The names a module is asked for: some of its exports, or all of it (a namespace, a bare import). */
type Names = ReadonlySet<string> | 'all';

/** The parts of an ESTree node this file reads. */
interface EstreeNode {
  type: string;
  source?: { value: unknown } | null;
  specifiers?: EstreeNode[];
  imported?: EstreeNode;
  local?: EstreeNode;
  exported?: EstreeNode | null;
  name?: string;
  value?: unknown;
}

/** What one module imports and re-exports, with each source resolved to a module id. */
interface ModuleSummary {
  /** Statements of its own beyond imports and re-exports: its code runs when it is used. */
  hasOwnCode: boolean;
  imports: { target: string; names: Names }[];
  reexports: { target: string; exported: string; imported: string | 'all' }[];
  starExports: string[];
}

function nameOf(node: EstreeNode | null | undefined): string {
  if (!node) return 'default';
  return typeof node.name === 'string' ? node.name : String(node.value);
}

/**
 * The module's imports and re-exports, or undefined where the syntax tree cannot be matched
 * with Rollup's resolved ids (then the caller follows every import, which only ever errs towards
 * more modules).
 */
function summarise(info: Rollup.ModuleInfo): ModuleSummary | undefined {
  const body = (info.ast as unknown as { body?: EstreeNode[] } | null)?.body;
  if (!body) return undefined;
  const sources: string[] = [];
  for (const node of body) {
    const source = node.source?.value;
    if (typeof source === 'string' && !sources.includes(source)) sources.push(source);
  }
  // Rollup lists a module's resolved imports in the order their sources first appear.
  if (sources.length !== info.importedIds.length) return undefined;
  const idOf = (node: EstreeNode) => info.importedIds[sources.indexOf(String(node.source?.value))];
  const summary: ModuleSummary = { hasOwnCode: false, imports: [], reexports: [], starExports: [] };
  for (const node of body) {
    const target = node.source ? idOf(node) : undefined;
    if (node.type === 'ImportDeclaration' && target) {
      const specifiers = node.specifiers ?? [];
      const names =
        specifiers.length === 0 || specifiers.some((s) => s.type === 'ImportNamespaceSpecifier')
          ? 'all'
          : new Set(
              specifiers.map((s) =>
                s.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(s.imported),
              ),
            );
      summary.imports.push({ target, names });
    } else if (node.type === 'ExportNamedDeclaration' && target) {
      for (const specifier of node.specifiers ?? []) {
        summary.reexports.push({
          target,
          exported: nameOf(specifier.exported),
          imported: nameOf(specifier.local),
        });
      }
    } else if (node.type === 'ExportAllDeclaration' && target) {
      if (node.exported) {
        summary.reexports.push({ target, exported: nameOf(node.exported), imported: 'all' });
      } else {
        summary.starExports.push(target);
      }
    } else {
      summary.hasOwnCode = true;
    }
  }
  return summary;
}

/**
 * Whether the module re-exports from another: Rollup lists those sources beside '.' in its
 * exported bindings (and has none before the module is parsed, which counts as yes).
 */
function reexports(info: Rollup.ModuleInfo): boolean {
  const bindings = info.exportedBindings;
  return !bindings || Object.keys(bindings).some((source) => source !== '.');
}

/**
 * The modules whose code runs when `starts` run, following static imports by the names they
 * import, so that a barrel (a package's index of re-exports) brings only the files whose exports
 * are used, as Rollup's tree-shaking does, rather than every file it lists. `visited` also holds
 * the barrels passed through. Dynamic imports are not followed: they load later.
 */
export function modulesRunBy(
  starts: readonly string[],
  getModuleInfo: Rollup.GetModuleInfo,
): { run: Set<string>; visited: Set<string> } {
  const run = new Set<string>();
  const asked = new Map<string, Set<string> | 'all'>();
  const summaries = new Map<string, ModuleSummary | undefined>();
  const queue: [string, Names][] = starts.map((id) => [id, 'all']);
  // Which names a module imports only matters where it imports from a module that re-exports,
  // and what a module re-exports only where it does. Rollup parses a module's code again each
  // time its syntax tree is read (it does not keep them), which was a third of the console's
  // build: any other module is summarised from its resolved imports, every name asked of each.
  const isReexporter = (id: string) => {
    const info = getModuleInfo(id);
    return !info || reexports(info);
  };
  const summaryOf = (id: string, info: Rollup.ModuleInfo) => {
    if (!summaries.has(id)) {
      summaries.set(
        id,
        reexports(info) || info.importedIds.some(isReexporter)
          ? summarise(info)
          : {
              hasOwnCode: true,
              imports: info.importedIds.map((target) => ({ target, names: 'all' })),
              reexports: [],
              starExports: [],
            },
      );
    }
    return summaries.get(id);
  };

  // Rollup lists a star re-export as '*' among a module's exports; the names are worked out here.
  const exported = new Map<string, Set<string> | 'unknown'>();
  const exportedNames = (id: string): Set<string> | 'unknown' => {
    const known = exported.get(id);
    if (known) return known;
    exported.set(id, new Set()); // a cycle of star re-exports adds nothing more
    const info = getModuleInfo(id);
    const summary = info && summaryOf(id, info);
    let names: Set<string> | 'unknown' = 'unknown';
    if (info && summary) {
      const own = new Set([
        ...(info.exportedBindings?.['.'] ?? []),
        ...summary.reexports.map((reexport) => reexport.exported),
      ]);
      names = own;
      for (const target of summary.starExports) {
        const theirs = exportedNames(target);
        if (theirs === 'unknown') {
          names = 'unknown';
          break;
        }
        for (const name of theirs) if (name !== 'default') own.add(name);
      }
    }
    exported.set(id, names);
    return names;
  };

  while (queue.length > 0) {
    const [id, names] = queue.pop() as [string, Names];
    const info = getModuleInfo(id);
    if (!info || info.isExternal) continue;
    // Only what has not been asked of this module before.
    const before = asked.get(id);
    if (before === 'all') continue;
    let fresh: Names;
    if (names === 'all') {
      fresh = 'all';
      asked.set(id, 'all');
    } else {
      const known = before ?? new Set<string>();
      fresh = new Set([...names].filter((name) => !known.has(name)));
      if (fresh.size === 0 && before) continue;
      asked.set(id, new Set([...known, ...fresh]));
    }
    const summary = summaryOf(id, info);
    if (!summary) {
      run.add(id);
      for (const next of info.importedIds) queue.push([next, 'all']);
      continue;
    }
    const wanted = (name: string) => fresh === 'all' || fresh.has(name);
    const reexported = new Set<string>();
    for (const reexport of summary.reexports) {
      if (!wanted(reexport.exported)) continue;
      reexported.add(reexport.exported);
      queue.push([
        reexport.target,
        reexport.imported === 'all' ? 'all' : new Set([reexport.imported]),
      ]);
    }
    for (const target of summary.starExports) {
      const theirs = exportedNames(target);
      // Names a star re-export cannot be resolved for are asked of it all, which errs towards
      // more modules.
      const forwarded =
        fresh === 'all' || theirs === 'unknown'
          ? fresh
          : new Set([...theirs].filter((name) => wanted(name)));
      if (forwarded === 'all' || forwarded.size > 0) queue.push([target, forwarded]);
      if (forwarded !== 'all') for (const name of forwarded) reexported.add(name);
    }
    const ownNameAsked = fresh === 'all' || [...fresh].some((name) => !reexported.has(name));
    if (summary.hasOwnCode && ownNameAsked && !run.has(id)) {
      run.add(id);
      for (const { target, names: imported } of summary.imports) queue.push([target, imported]);
    }
  }
  return { run, visited: new Set(asked.keys()) };
}
