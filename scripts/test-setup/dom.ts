// Setup for the jsdom project: jest-dom matchers (toBeInTheDocument, toHaveAccessibleName, ...)
// and unmounting after each test, which Testing Library only does by itself when test globals
// are on (they are off here).
import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
