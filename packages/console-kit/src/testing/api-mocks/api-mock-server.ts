import type { RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';

/**
 * What outlives a test file in a worker: the console project runs its files one after another in
 * one jsdom window, and resets our modules between them (scripts/test-setup/dom.ts), so a server
 * kept in this module would be lost, and a second one would patch fetch a second time.
 */
interface ApiMockWorld {
  server: SetupServer;
  /** What a mock saw go wrong during the current test; the set-up fails the test with it. */
  problems: string[];
}

const WORLD = Symbol.for('boon.api-mock-world');

function world(): ApiMockWorld {
  const global = globalThis as typeof globalThis & { [WORLD]?: ApiMockWorld };
  if (!global[WORLD]) {
    const created: ApiMockWorld = { server: setupServer(), problems: [] };
    created.server.listen({
      // A call no test answers is a test that doesn't know what its screen asks for.
      onUnhandledRequest(request, print) {
        created.problems.push(`no mock answers ${request.method} ${request.url}`);
        print.error();
      },
    });
    global[WORLD] = created;
  }
  return global[WORLD];
}

/** The worker's mock server, listening from its first use. */
export function apiMockServer(): SetupServer {
  return world().server;
}

/**
 * Answers the API with these handlers for the rest of the test, ahead of the ones given earlier
 * (so a test can refine a served fake); the set-up removes them after each test.
 */
export function mockApi(...handlers: RequestHandler[]): void {
  apiMockServer().use(...handlers);
}

/**
 * Calls `listener` with every request the moment the console sends it, mocked or not, until the
 * test ends: for tests about when a call leaves relative to other work (a handler only runs once
 * the request has been read).
 */
export function onApiRequest(listener: (request: Request) => void): void {
  apiMockServer().events.on('request:start', ({ request }) => listener(request));
}

/** Fails the current test once it ends, with this reason. */
export function reportApiMockProblem(problem: string): void {
  world().problems.push(problem);
}

/** The problems reported since the last call, which clears them. */
export function takeApiMockProblems(): string[] {
  return world().problems.splice(0);
}
