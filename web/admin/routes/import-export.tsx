import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { API } from '../../../common/api-paths';
import { type ImportResult, PRODUCT_CSV_COLUMNS } from '../../../common/schemas/admin-products';
import { FormMessage } from '../../components/ui/form-fields';
import { toast } from '../../components/ui/toast';
import { api, HttpError, toQueryString } from '../../lib/api-client';
import { useCan } from '../lib/staff';
import { ADMIN_TEXTS } from '../texts';

export const TEXTS = {
  title: 'Import / Export',
  back: 'All products',
  export: {
    title: 'Export',
    body: 'Every variant of every product, one row each, with the columns the import reads.',
    download: 'Download the CSV',
  },
  import: {
    title: 'Import',
    body: 'Rows match products by SKU: a new SKU adds a variant (and its product), a known one changes it. If any row has a problem, nothing is applied.',
    columns: `Columns: ${PRODUCT_CSV_COLUMNS.join(', ')}.`,
    drop: 'Drop a CSV file here or choose one',
    choose: 'Choose a CSV file',
    checking: (file: string) => `Checking ${file}…`,
    applying: (file: string) => `Applying ${file}…`,
    readOnly: 'Your role may download the catalogue but not import one.',
  },
  counts: {
    created: 'New variants',
    updated: 'Changed',
    unchanged: 'Unchanged',
    errors: 'Problems',
  },
  errorsTitle: (n: number) => `${n} problem${n === 1 ? '' : 's'}: nothing was applied`,
  fixAndRetry: 'Fix these rows in your file, then drop it here again.',
  columns: { row: 'Row', column: 'Column', message: 'Problem' },
  nothingToDo: 'Every row matches the shop already: there is nothing to apply.',
  apply: (result: ImportResult) => `Apply: ${result.created} new, ${result.updated} changed`,
  applied: (result: ImportResult) =>
    `Imported: ${result.created} new, ${result.updated} changed, ${result.unchanged} unchanged.`,
  checked: 'Checked; nothing has been applied yet.',
} as const;

/** The file as the API takes it: text/csv, whatever type the computer gave it. */
const csvOf = (file: File) => new Blob([file], { type: 'text/csv' });

const importCsv = (file: File, dryRun: boolean) =>
  api.post<ImportResult>(
    `${API.admin.productsImport}${toQueryString({ dryRun: String(dryRun) })}`,
    csvOf(file),
  );

function Counts({ result }: { result: ImportResult }) {
  const items = [
    [TEXTS.counts.created, result.created],
    [TEXTS.counts.updated, result.updated],
    [TEXTS.counts.unchanged, result.unchanged],
    [TEXTS.counts.errors, result.errors.length],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-stone-200 bg-white p-3">
          <dt className="text-xs text-stone-600">{label}</dt>
          <dd className="text-xl font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Download the catalogue as CSV; drop or choose a CSV to see what it would do (a dry run: counts and
 * each problem by row and column), then apply it. Support may download but not import.
 */
export default function ImportExportPage() {
  const canWrite = useCan('catalog:write');
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const check = useMutation({ mutationFn: (csv: File) => importCsv(csv, true) });
  const apply = useMutation({
    mutationFn: (csv: File) => importCsv(csv, false),
    onSuccess: (result) => {
      if (result.errors.length === 0) {
        toast.success(TEXTS.applied(result));
        queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
      }
    },
  });

  const pick = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen) return;
    setFile(chosen);
    apply.reset();
    check.mutate(chosen);
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    pick(event.dataTransfer.files);
  };

  // The latest answer: an apply's when there is one (it may find a problem the check did not, such as
  // a SKU another product took in between), else the dry run's.
  const result = apply.data ?? check.data;
  const failure = apply.error ?? check.error;
  const busy = check.isPending || apply.isPending;
  const done = apply.data !== undefined && apply.data.errors.length === 0;

  return (
    <section aria-labelledby="import-title" className="max-w-4xl">
      <Link to="/products" className="text-link text-sm">
        ← {TEXTS.back}
      </Link>
      <h1 id="import-title" className="mt-2 font-display text-2xl text-brand-800">
        {TEXTS.title}
      </h1>

      <section aria-labelledby="export-title" className="surface-card mt-4 space-y-2 p-4">
        <h2 id="export-title" className="font-semibold text-brand-900">
          {TEXTS.export.title}
        </h2>
        <p className="text-sm text-stone-700">{TEXTS.export.body}</p>
        <a href={API.admin.productsExport} download className="btn-secondary inline-flex items-center">
          {TEXTS.export.download}
        </a>
      </section>

      <section aria-labelledby="import-section" className="surface-card mt-4 space-y-3 p-4">
        <h2 id="import-section" className="font-semibold text-brand-900">
          {TEXTS.import.title}
        </h2>
        {!canWrite ? (
          <p className="text-sm text-stone-700">{TEXTS.import.readOnly}</p>
        ) : (
          <>
            <p className="text-sm text-stone-700">{TEXTS.import.body}</p>
            <p className="text-xs break-words text-stone-600">{TEXTS.import.columns}</p>
            <section
              aria-label={TEXTS.import.drop}
              onDragOver={(event) => event.preventDefault()}
              onDrop={onDrop}
              className="rounded-lg border-2 border-dashed border-stone-300 p-6 text-center"
            >
              <p className="text-sm text-stone-700">{TEXTS.import.drop}</p>
              <input
                ref={inputRef}
                type="file"
                accept=".csv,text/csv"
                className="sr-only"
                aria-label={TEXTS.import.choose}
                onChange={(event) => {
                  pick(event.target.files);
                  event.target.value = '';
                }}
              />
              <button
                type="button"
                className="btn-secondary mt-2"
                disabled={busy}
                onClick={() => inputRef.current?.click()}
              >
                {TEXTS.import.choose}
              </button>
            </section>
            {busy && file && (
              <div role="status" className="space-y-1">
                <p className="text-sm font-medium">
                  {check.isPending ? TEXTS.import.checking(file.name) : TEXTS.import.applying(file.name)}
                </p>
                {/* The server answers once for the whole file: the bar shows that work goes on, not how much. */}
                <progress className="h-2 w-full accent-brand-700" aria-label={TEXTS.import.title} />
              </div>
            )}
            {failure && (
              <FormMessage tone="error">
                {failure instanceof HttpError ? failure.message : ADMIN_TEXTS.formFallback.noResponse}
              </FormMessage>
            )}
            {result && !busy && (
              <div className="space-y-3">
                <Counts result={result} />
                {result.errors.length > 0 ? (
                  <div className="space-y-2">
                    <h3 className="font-semibold text-red-800">{TEXTS.errorsTitle(result.errors.length)}</h3>
                    <p className="text-sm">{TEXTS.fixAndRetry}</p>
                    <table className="admin-table">
                      <thead>
                        <tr>
                          <th scope="col">{TEXTS.columns.row}</th>
                          <th scope="col">{TEXTS.columns.column}</th>
                          <th scope="col">{TEXTS.columns.message}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {result.errors.map((error) => (
                          <tr key={`${error.row}-${error.column}-${error.message}`}>
                            <td data-label={TEXTS.columns.row}>{error.row}</td>
                            <td data-label={TEXTS.columns.column}>{error.column}</td>
                            <td data-label={TEXTS.columns.message} className="break-words">
                              {error.message}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                ) : done ? (
                  <FormMessage tone="success">{TEXTS.applied(result)}</FormMessage>
                ) : result.created + result.updated === 0 ? (
                  <p className="text-sm">{TEXTS.nothingToDo}</p>
                ) : (
                  <>
                    <p className="text-sm">{TEXTS.checked}</p>
                    <button
                      type="button"
                      className="btn-primary w-full sm:w-auto"
                      onClick={() => file && apply.mutate(file)}
                    >
                      {TEXTS.apply(result)}
                    </button>
                  </>
                )}
              </div>
            )}
          </>
        )}
      </section>
    </section>
  );
}
