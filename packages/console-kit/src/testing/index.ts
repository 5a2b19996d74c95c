// Test helpers for the shell's and the console apps' component tests (Vitest, jsdom). Never
// imported by product code: it brings in vitest and Testing Library.
export { renderConsole } from './render-console';
export { renderWithApi } from './render-with-api';
export { renderWithApiAt } from './render-with-api-at';
export { fakeAuth } from './fake-auth';
export { customer } from './customers';
export { multiUser, testUser } from './users';
export type { ConsoleUnderTest } from './console-under-test';

// API mocks: handlers typed by the endpoint descriptors (MSW), and in-memory fakes of the
// services built from them.
export {
  mockEndpoint,
  type EndpointAnswer,
  type EndpointRequest,
  type EndpointResolver,
} from './api-mocks/mock-endpoint';
export {
  apiError,
  fieldRefusal,
  isApiErrorAnswer,
  type ApiErrorAnswer,
  type CommonErrorCode,
  type EndpointErrorCode,
} from './api-mocks/api-error-answer';
export { mockApi, onApiRequest } from './api-mocks/api-mock-server';
export { recordedCall, type RecordedCall } from './api-mocks/recorded-call';
export { ownerMe, serveSession, type SessionRequest } from './api-mocks/serve-session';
export { serveLastCustomer } from './api-mocks/serve-last-customer';
export { serveAppSession, type AppSessionOptions } from './api-mocks/serve-app-session';
export {
  ACME,
  acme,
  acmeTeam,
  adam,
  fiona,
  invite,
  meOf,
  member,
  olivia,
  serveTeam,
  uma,
  vera,
  type ServeTeamOptions,
  type TeamCall,
  type TeamErrorCode,
} from './api-mocks/serve-team';
export {
  accessTokenFor,
  acmeInvite,
  pendingCustomer,
  serveOnboarding,
  signedInAs,
  userWithoutCustomer,
  type InviteAnswer,
  type OnboardingServerState,
} from './api-mocks/serve-onboarding';

// The global state, for tests to set up and reset (product code reads it through selectors).
export { useAppStore } from '../state/app-store';
export { useFeatureToggleStore } from '../state/feature-toggle-store';
export { freshConsoleForEachTest } from './fresh-console';
export { useNoticeStore } from '../state/notice-store';
