import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts between tests only where vitest globals are on (they are not here): without
// this, a component's pending timer can fire after its test file's DOM is gone.
afterEach(() => {
  cleanup();
});
