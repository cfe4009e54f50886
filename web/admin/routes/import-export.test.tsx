import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import type { ImportResult } from '../../../common/schemas/admin-products';
import { type Handler, renderScreen, staffMe } from '../testing/render-screen';
import ImportExportPage, { TEXTS } from './import-export';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const BAD: ImportResult = {
  created: 1,
  updated: 1,
  unchanged: 3,
  errors: [{ row: 3, column: 'price', message: 'Use rupees with at most two decimals.' }],
};
const GOOD: ImportResult = { created: 1, updated: 2, unchanged: 3, errors: [] };

function renderImport(role: 'manager' | 'support', answers: ImportResult[] = []) {
  const queue = [...answers];
  const handlers: Record<string, Handler> = {
    [`POST ${API.admin.productsImport}`]: () => ({ status: 200, body: queue.shift() }),
  };
  return renderScreen(<ImportExportPage />, { me: staffMe(role), handlers });
}

const csv = (name: string) => new File(['sku,name\n'], name, { type: 'application/vnd.ms-excel' });

/** The query strings and Content-Types of the import calls, in order. */
const importCalls = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).startsWith(API.admin.productsImport))
    .map(([url, init]) => ({
      query: String(url).split('?')[1],
      type: new Headers((init as RequestInit).headers).get('Content-Type'),
    }));

describe('the import and export screen', () => {
  it('offers the export as a download', async () => {
    renderImport('support');
    expect(await screen.findByRole('link', { name: TEXTS.export.download })).toHaveAttribute(
      'href',
      API.admin.productsExport,
    );
    expect(screen.getByText(TEXTS.import.readOnly)).toBeInTheDocument();
    expect(screen.queryByLabelText(TEXTS.import.choose)).toBeNull();
  });

  it('checks a chosen CSV first and lists its problems by row and column, applying nothing', async () => {
    const { fetchMock } = renderImport('manager', [BAD]);
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText(TEXTS.import.choose), csv('catalogue.csv'));
    const problems = await screen.findByRole('heading', { name: TEXTS.errorsTitle(1) });
    const row = within(problems.parentElement as HTMLElement).getByRole('row', { name: /^3 price/ });
    expect(row).toHaveTextContent('Use rupees with at most two decimals.');
    expect(screen.queryByRole('button', { name: /^Apply/ })).toBeNull();
    expect(importCalls(fetchMock)).toEqual([{ query: 'dryRun=true', type: 'text/csv' }]);
  });

  it('applies a clean file after its dry run and says what it did', async () => {
    const { fetchMock } = renderImport('manager', [BAD, GOOD, GOOD]);
    const user = userEvent.setup();
    const input = await screen.findByLabelText(TEXTS.import.choose);
    await user.upload(input, csv('catalogue.csv'));
    await screen.findByRole('heading', { name: TEXTS.errorsTitle(1) });
    await user.upload(input, csv('catalogue-fixed.csv'));
    await user.click(await screen.findByRole('button', { name: 'Apply: 1 new, 2 changed' }));
    expect(await screen.findByText('Imported: 1 new, 2 changed, 3 unchanged.')).toBeInTheDocument();
    await waitFor(() =>
      expect(importCalls(fetchMock).map((call) => call.query)).toEqual([
        'dryRun=true',
        'dryRun=true',
        'dryRun=false',
      ]),
    );
  });
});
