// What other features may use of the consent feature: saving the user's own options (Home's
// checklist saves its dismissal and the intro watched there too).
export { applyUpdatedUser, updateUserOptions } from './api/update-user-options';
