// What a console app may use of the shell, and nothing else (ARCHITECTURE.md, console-apps).
// The shell's own writes live behind '@boon/console-kit/shell'; test helpers behind
// '@boon/console-kit/testing'; forms behind '@boon/console-kit/forms', which only lazily loaded
// screens import.

// Calling the API
export {
  createApiClient,
  WRITE_TIMEOUT_MS,
  type ApiClient,
  type ApiClientOptions,
  type CallOptions,
  type DownloadedFile,
  type ServiceName,
} from './api/api-client';
export { saveFile } from './api/save-file';
export { ApiError, isApiError, NO_RESPONSE_STATUS } from './api/api-error';
export { ApiClientProvider, useApiClient } from './api/api-client-context';
export { isTenantKey, isUserKey, queryKeys, removeTenantQueries } from './api/query-keys';

// Showing errors
export { errorMessage } from './errors/error-message';
export { unreachableMessage } from './errors/failure-messages';
export { GuardAlert } from './errors/guard-alert';

// Who is signed in, and for which customer
export type { Auth, SignInOptions } from './auth/auth';
export { useAuth } from './auth/use-auth';
export {
  customersQueryKey,
  customersQueryOptions,
  getCustomers,
  useCustomers,
} from './session/get-customers';
export {
  getUserMe,
  userMeQueryKey,
  userMeQueryOptions,
  userMeQueryPrefix,
  useUserMe,
} from './session/get-user-me';
export { pickCustomerId } from './session/pick-customer-id';
export { applyUpdatedUser, updateUserOptions } from './session/update-user-options';
export {
  getLastCustomer,
  lastCustomerQueryKey,
  lastCustomerQueryOptions,
  rememberLastCustomer,
} from './session/last-customer';
export {
  getSelectedCustomerId,
  useBalancesTermsAccepted,
  useFeatureToggle,
  useHasPermission,
  useIsStaff,
  usePermissions,
  useSelectedCustomer,
  useSelectedCustomerId,
  useTimezoneOverride,
  type SelectedCustomer,
} from './state/selectors';

// Formatting
export {
  browserLocale,
  createDateFormatters,
  currentDateFormat,
  DATE_UNAVAILABLE,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatMonthYear,
  formatTime,
  localTimeZone,
  TIME_UNAVAILABLE,
  useDateFormat,
  utcDateFormat,
  type DateFormatters,
  type DateInput,
} from './format/dates';
export { formatAmount } from './format/money';

// Configuration and the links every screen shares
export { getConsoleConfig, type ConsoleConfig } from './config/console-config';
export { contactEmails, helpArticles, links, mailto } from './constants/links';

// Routing: the mount points and what a console app gives the shell
export { consoleRootRoute, signedInAreaRoute } from './routing/mount-points';
export type {
  ConsoleRouterContext,
  SignedInAreaContext,
  SignedInAreaEntry,
} from './routing/console-router-context';
export type { ConsoleAppManifest } from './routing/console-app';
export type { BreadcrumbItem } from './routing/static-data';
export {
  optionalCurrencyCode,
  optionalCursor,
  optionalEnum,
  optionalSearchText,
  optionalSort,
  optionalString,
  sortParam,
  type SearchSort,
} from './routing/search-params';
// Lists: filters, sort and page kept in the address
export { useCursorTrail } from './routing/cursor-trail';
export { useListSearch, type ListSearchWrite } from './routing/use-list-search';
export { useSearchBoxText } from './routing/use-search-box-text';
export { ORDER_HISTORY_FILTERS_KEY } from './state/storage-keys';

// Onboarding (spec 4.1): the state the shell's gate and the accounts app's screens share. The
// gate runs on every signed-in navigation, so what it needs cannot live in the app's chunk.
export { ACTIVATION_FAILED_MESSAGE, acceptStoredInvite } from './onboarding/accept-stored-invite';
export type { InviteAcceptance } from './onboarding/accept-stored-invite';
export {
  activateUser,
  fetchOnboardingState,
  fetchUserMeOrNull,
  lookupInvite,
  type InviteLookup,
} from './onboarding/onboarding-api';
export { alertActivationFailed, redirectToDestination } from './onboarding/onboarding-redirect';
export {
  destinationTarget,
  onboardingScreenPath,
  screenOfPath,
  screensAllowedFor,
  signedInOnboardingScreens,
  type OnboardingScreen,
} from './onboarding/onboarding-screens';
export {
  decideOnboarding,
  forgetAccountQueries,
  loadOnboardingSnapshot,
  onboardingSnapshotKey,
  onboardingSnapshotQueryOptions,
  refreshOnboardingSnapshot,
  SNAPSHOT_FRESH_MS,
  type OnboardingFacts,
  type OnboardingSnapshot,
  type SnapshotSources,
} from './onboarding/onboarding-snapshot';
export {
  clearInviteToken,
  clearOnboardingFlag,
  INVITE_TOKEN_KEY,
  isOnboardingFlagSet,
  ONBOARDING_FLAG_KEY,
  readInviteToken,
  requestSignupAfterLogout,
  setOnboardingFlag,
  SIGNUP_AFTER_LOGOUT_KEY,
  storeInviteToken,
  takeSignupAfterLogout,
} from './onboarding/onboarding-storage';
export { tokenEmail, tokenOnboarding } from './onboarding/token-email';

// What screens show of a list or a call that failed: loading errors, alerts, the next page.
// Named last: the bundler orders the console's start by the order of this file's imports, and
// named among the errors above they pulled @boon/ui forward, which compressed the first screen
// 0.3 KB (gzip) worse though none of them is in it.
export { ErrorAlert } from './errors/error-alert';
export { ListLoadError, LoadError } from './errors/load-error';
export { ShowMoreButton } from './lists/show-more-button';
