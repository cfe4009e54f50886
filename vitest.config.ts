import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['server/test/**'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          // Typing through user-event in jsdom takes seconds on a loaded 2-core machine; 5 s cut some off.
          testTimeout: 15_000,
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/testing/setup.ts'],
        },
      },
    ],
  },
});
