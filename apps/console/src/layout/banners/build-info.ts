// Brings the declarations of the build constants into any program that reaches this module.
import type {} from '../../build-constants';

/** Facts about this build, fixed when Vite bundled it. */
export interface BuildInfo {
  /** The git branch it was built from; '' when unknown. */
  branch: string;
  /** Built for production (BOON_BUILD_ENV=production). */
  production: boolean;
}

export const buildInfo: BuildInfo = {
  branch: __BOON_BUILD_BRANCH__,
  production: __BOON_PRODUCTION_BUILD__,
};
