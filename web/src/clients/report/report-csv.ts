/**
 * The report as a CSV file, made in the browser from what the page shows: one line an ad, then the totals. Numbers
 * are written plain (no thousands separators), so a spreadsheet reads them as numbers.
 */
import Papa from 'papaparse';
import { type ClientReport, clickThroughRate } from '../../../../shared/schemas/ad-serving';
import { POSITION_LABELS } from '../../advertisements/positions';

/**
 * A cell a spreadsheet would run as a formula (CSV injection): text that starts with `=`, `+`, `-` or `@`, or
 * with a tab or carriage return that some spreadsheets skip before looking. Its leading `'` makes it text.
 * papaparse's own `escapeFormulae` is not used: its pattern misses a formula followed by a line break.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text from staff or clients (an ad's title), safe to open in a spreadsheet. */
export const neutralised = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

const HEADER = ['Title', 'Position', 'Start', 'End', 'Cap', 'Views', 'Clicks', 'CTR %'];

export function reportCsv(report: ClientReport): string {
  const rows: (string | number)[][] = report.ads.map((ad) => [
    neutralised(ad.title),
    POSITION_LABELS[ad.position],
    ad.startDate,
    ad.endDate,
    ad.maxImpressionAllowed,
    ad.views,
    ad.clicks,
    clickThroughRate(ad.views, ad.clicks),
  ]);
  const { views, clicks } = report.totals;
  rows.push(['Total', '', '', '', '', views, clicks, clickThroughRate(views, clicks)]);
  return Papa.unparse({ fields: HEADER, data: rows }, { newline: '\r\n' });
}

/** `report-<client>-<from>-<to>.csv`, the client's name in letters, digits and dashes (any script). */
export function reportFileName(report: ClientReport): string {
  const client = report.client.name
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `report-${client || 'client'}-${report.from}-${report.to}.csv`;
}

/** Saves the CSV; the byte-order mark makes Excel read it as UTF-8 (titles in Hindi, Tamil, Urdu…). */
export function downloadReportCsv(report: ClientReport): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', reportCsv(report)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = reportFileName(report);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
