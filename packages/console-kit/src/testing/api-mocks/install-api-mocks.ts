import { afterEach, beforeEach } from 'vitest';
import { apiMockServer, takeApiMockProblems } from './api-mock-server';

/**
 * Puts the worker's mock server in front of fetch for a test file: each test starts with no
 * handlers (so a call its set-up did not mock fails it) and fails when a mock saw the console ask
 * or be answered something the real server would refuse.
 */
export function installApiMocks(): void {
  apiMockServer();
  beforeEach(() => {
    // What calls outliving the previous test (a screen's late refetch) ran into is not this test's.
    takeApiMockProblems();
  });
  afterEach(() => {
    apiMockServer().resetHandlers();
    apiMockServer().events.removeAllListeners();
    const problems = takeApiMockProblems();
    if (problems.length > 0) {
      throw new Error(`The API mocks saw:\n${problems.map((p) => `- ${p}`).join('\n')}`);
    }
  });
}
