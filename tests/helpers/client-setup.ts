import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor keep looking for up to 5 s (Testing Library's default is 1 s): test files run
// two at a time, on machines that may be busy, and a lazily loaded part can take more than a second to
// appear there. What they look for is unchanged; only a failure is reported later.
configure({ asyncUtilTimeout: 5000 });

// Testing Library unmounts between tests only where vitest globals are on (they are not here): without
// this, a component's pending timer can fire after its test file's DOM is gone.
afterEach(() => {
  cleanup();
});
