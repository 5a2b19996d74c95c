// The shell's side of the console kit: the global state with its writes, the storage keys and
// the configuration loader. Only apps/console imports this entry (lint forbids console apps to):
// apps read the state through the selectors of '@boon/console-kit'.
export {
  UTC_TIMEZONE,
  useAppStore,
  type AppActions,
  type AppState,
  type SelectedCustomerState,
  type UserState,
} from './state/app-store';
export { useFeatureToggleStore } from './state/feature-toggle-store';
export { useNoticeStore } from './state/notice-store';
export { storageKeys } from './state/storage-keys';
export {
  CONFIG_ELEMENT_ID,
  ConsoleConfigError,
  DEFAULT_HELP_VIDEOS_URL,
  developmentConfig,
  parseConsoleConfig,
  readConsoleConfig,
} from './config/console-config';
