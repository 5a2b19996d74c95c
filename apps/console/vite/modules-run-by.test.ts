import { parseAst, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { modulesRunBy } from './modules-run-by';

/**
 * A module graph as Rollup describes it: each file's code (parsed as Rollup does), its imports
 * resolved in the order their sources first appear, and its own exported names.
 */
function graph(
  files: Record<string, string>,
  /** Told the id of each module whose syntax tree is read. */
  onAstRead: (id: string) => void = () => {},
): Rollup.GetModuleInfo {
  const infos = new Map<string, Rollup.ModuleInfo>();
  for (const [id, code] of Object.entries(files)) {
    const ast = parseAst(code);
    const sources: string[] = [];
    // As Rollup groups them: its own exported names under '.', re-exported ones by source.
    const bindings: Record<string, string[]> = { '.': [] };
    const own = bindings['.'] as string[];
    for (const node of ast.body) {
      if ('source' in node && node.source && typeof node.source.value === 'string') {
        const source = node.source.value;
        if (!sources.includes(source)) sources.push(source);
        const target = source.replace(/^\.\//, '');
        if (node.type === 'ExportAllDeclaration') {
          (bindings[target] ??= []).push(node.exported ? String(nameOf(node.exported)) : '*');
        } else if (node.type === 'ExportNamedDeclaration') {
          for (const specifier of node.specifiers) {
            (bindings[target] ??= []).push(String(nameOf(specifier.exported)));
          }
        }
      } else if (node.type === 'ExportNamedDeclaration' && node.declaration) {
        const declaration = node.declaration;
        if ('id' in declaration && declaration.id && 'name' in declaration.id) {
          own.push(declaration.id.name);
        } else if (declaration.type === 'VariableDeclaration') {
          for (const { id: name } of declaration.declarations) {
            if (name.type === 'Identifier') own.push(name.name);
          }
        }
      }
    }
    const info = {
      id,
      code,
      importedIds: sources.map((source) => source.replace(/^\.\//, '')),
      exportedBindings: bindings,
      isExternal: false,
    };
    // Rollup parses the code again on every read, as this getter stands for.
    Object.defineProperty(info, 'ast', {
      get: () => {
        onAstRead(id);
        return ast;
      },
    });
    infos.set(id, info as unknown as Rollup.ModuleInfo);
  }
  return (id) => infos.get(id) ?? null;
}

function nameOf(node: { type: string; name?: string; value?: unknown }) {
  return node.type === 'Identifier' ? node.name : node.value;
}

describe('modulesRunBy', () => {
  const files = {
    entry: "import { used } from './index';\nexport function start() { return used(); }",
    // A package's index: re-exports only, one of them from a nested index.
    index: "export { used } from './used';\nexport * from './nested';\nexport * from './unused';",
    nested: "export * from './deep';",
    deep: "import { helper } from './helper';\nexport const deepValue = helper;",
    used: "import { deepValue } from './index';\nexport function used() { return deepValue; }",
    unused: "import { heavy } from './heavy';\nexport const unusedValue = heavy;",
    helper: 'export const helper = 1;',
    heavy: 'export const heavy = 2;',
  };

  it('follows the names imported through an index, not every file it lists', () => {
    const { run, visited } = modulesRunBy(['entry'], graph(files));

    expect([...run].sort()).toEqual(['deep', 'entry', 'helper', 'used']);
    expect(run.has('unused')).toBe(false);
    expect(run.has('heavy')).toBe(false);
    // The indexes were passed through, and run no code of their own.
    expect(visited.has('index')).toBe(true);
    expect(visited.has('nested')).toBe(true);
    expect(run.has('index')).toBe(false);
  });

  it('runs everything a namespace or a bare import brings', () => {
    const { run } = modulesRunBy(
      ['entry'],
      graph({ ...files, entry: "import * as all from './index';\nexport const x = all;" }),
    );

    expect(run.has('unused')).toBe(true);
    expect(run.has('heavy')).toBe(true);
  });

  it('reads the syntax only of modules that re-export and of the modules importing them', () => {
    const read = new Set<string>();
    const { run } = modulesRunBy(
      ['entry'],
      graph(files, (id) => read.add(id)),
    );

    // entry and used import from the index; index and nested re-export.
    expect([...read].sort()).toEqual(['entry', 'index', 'nested', 'used']);
    expect([...run].sort()).toEqual(['deep', 'entry', 'helper', 'used']);
  });

  it('follows every import of a module it cannot match, erring towards more', () => {
    const getModuleInfo = graph(files);
    const lost = (id: string) => {
      const info = getModuleInfo(id);
      return id === 'index' && info ? { ...info, importedIds: ['used', 'unused'] } : info;
    };

    expect(modulesRunBy(['entry'], lost).run.has('unused')).toBe(true);
  });
});
