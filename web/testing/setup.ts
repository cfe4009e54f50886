import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom lays nothing out, so it has no scrollIntoView; the forms call it to bring an error into view.
Element.prototype.scrollIntoView ??= () => undefined;
