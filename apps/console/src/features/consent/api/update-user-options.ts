// The user's options are saved and applied by the console kit, which the console apps share.
export { applyUpdatedUser, updateUserOptions } from '@boon/console-kit';
