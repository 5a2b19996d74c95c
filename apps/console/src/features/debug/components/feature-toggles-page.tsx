import { featureToggleDefaults, featureToggleDescriptions, featureToggleKeys } from '@boon/domain';
import { Button } from '@boon/ui';
import { useFeatureToggleStore } from '@boon/console-kit/shell';

/**
 * /debug/features (route debug-feature-toggles, staff only): the feature toggles of spec 6 for
 * this browser. They only show or hide screens; the server checks every permission regardless.
 */
export function FeatureTogglesPage() {
  const toggles = useFeatureToggleStore((state) => state.toggles);
  const setToggle = useFeatureToggleStore((state) => state.setToggle);
  const resetToggles = useFeatureToggleStore((state) => state.resetToggles);
  const changed = featureToggleKeys.filter((key) => toggles[key] !== featureToggleDefaults[key]);

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Feature toggles</h1>
        <p className="text-ink-muted">
          Saved in this browser only. {changed.length} of {featureToggleKeys.length} differ from the
          defaults.
        </p>
      </div>
      <fieldset className="flex flex-col divide-y divide-line rounded-lg border border-line bg-surface">
        <legend className="sr-only">Feature toggles</legend>
        {featureToggleKeys.map((key) => {
          const id = `toggle-${key}`;
          return (
            <div key={key} className="flex items-start gap-3 px-4 py-3">
              <input
                id={id}
                type="checkbox"
                className="mt-1 h-4 w-4 accent-brand-600"
                checked={toggles[key]}
                onChange={(event) => setToggle(key, event.target.checked)}
                aria-describedby={`${id}-about`}
              />
              <div className="flex flex-col">
                <label htmlFor={id} className="font-mono text-sm font-medium text-ink">
                  {key}
                </label>
                <span id={`${id}-about`} className="text-sm text-ink-muted">
                  {featureToggleDescriptions[key]} (default{' '}
                  {featureToggleDefaults[key] ? 'on' : 'off'})
                </span>
              </div>
            </div>
          );
        })}
      </fieldset>
      <div>
        <Button variant="secondary" onClick={resetToggles} disabled={changed.length === 0}>
          Reset to defaults
        </Button>
      </div>
    </div>
  );
}
