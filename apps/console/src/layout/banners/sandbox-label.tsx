import { buildInfo } from './build-info';

export interface SandboxLabelProps {
  /** Defaults to whether this bundle was built for production (BOON_BUILD_ENV=production). */
  production?: boolean;
}

/** Spec 2.7: "A sandbox label shows on non-production builds." */
export function SandboxLabel({ production = buildInfo.production }: SandboxLabelProps) {
  if (production) return null;
  return (
    <p
      title="This console was not built for production"
      className="inline-flex items-center rounded-full border border-brand-600 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-brand-700"
    >
      Sandbox
    </p>
  );
}
