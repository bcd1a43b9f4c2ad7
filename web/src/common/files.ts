import { SHORT_FILE_NAME_LENGTH } from '../../../shared/constants';

/**
 * CONTRACT.md §9: a file name shortened to 8 characters plus the extension ('quarterly-report.csv' → 'quarterl.csv').
 */
export function shortFileName(name: string, length = SHORT_FILE_NAME_LENGTH): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  return `${base.length > length ? base.slice(0, length) : base}${ext}`;
}

/** The lower-case extension with its dot ('.csv'), or '' when there is none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}
