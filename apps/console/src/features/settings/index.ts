// What other features may use of Settings: the address of the provider's two-factor settings
// (Home's checklist links there).
export { twoFactorSettingsUrl } from './components/two-factor-setting';
