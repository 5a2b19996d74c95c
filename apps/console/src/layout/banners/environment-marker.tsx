import { getConsoleConfig, type ConsoleConfig } from '@boon/console-kit';

const environmentNames: Record<ConsoleConfig['environment'], string> = {
  development: 'Development',
  test: 'Test',
  production: 'Production',
};

export interface EnvironmentMarkerProps {
  /** Defaults to the runtime configuration's environment. */
  environment?: ConsoleConfig['environment'];
}

/** Spec 1: names the environment the console runs in, so nobody mistakes it for production. */
export function EnvironmentMarker({
  environment = getConsoleConfig().environment,
}: EnvironmentMarkerProps) {
  if (environment === 'production') return null;
  return (
    <p className="inline-flex items-center rounded-full bg-ink px-2.5 py-0.5 text-xs font-semibold text-white">
      <span className="sr-only">Environment: </span>
      {environmentNames[environment]}
    </p>
  );
}
