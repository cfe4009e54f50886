import type { Measurement } from './measure';

export interface Row {
  scenario: string;
  database: string;
  measurement?: Measurement;
  /** The baseline req/s measured in the same block, for the ratio. */
  baselineRps?: number;
  skipped?: string;
}

const HEADER = ['scenario', 'database', 'req/s', 'p99 ms', 'ratio to baseline', 'failed'];

const format = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Two significant digits, so a small ratio such as 0.013 does not print as 0.01 or 0.00. */
const formatRatio = (ratio: number) =>
  ratio >= 0.1 ? ratio.toFixed(2) : ratio.toLocaleString('en-US', { maximumSignificantDigits: 2 });

function cells(row: Row): string[] {
  if (!row.measurement) return [row.scenario, row.database, '–', '–', '–', `skipped: ${row.skipped ?? ''}`];
  const { requestsPerSecond, p99Ms, failures } = row.measurement;
  const ratio = row.baselineRps ? formatRatio(requestsPerSecond / row.baselineRps) : '–';
  return [row.scenario, row.database, format(requestsPerSecond), format(p99Ms), ratio, format(failures)];
}

/** A Markdown table, readable in a terminal and pasted as is into bench/README.md. */
export function formatTable(rows: Row[]): string {
  const table = [HEADER, ...rows.map(cells)];
  const widths = HEADER.map((_, i) => Math.max(...table.map((line) => (line[i] ?? '').length)));
  const line = (values: string[]) =>
    `| ${values.map((value, i) => (i >= 2 && i <= 5 ? value.padStart(widths[i] ?? 0) : value.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i >= 2 && i <= 5 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(HEADER), rule, ...table.slice(1).map(line)].join('\n');
}
