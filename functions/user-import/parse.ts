/**
 * A bulk-upload file (csv, xlsx or docx) to user rows. Pure: bytes in, rows out, no I/O; a file that is not
 * what its name says, or has no usable header, or too many rows, is a 400 (ValidationError).
 *
 * The parsers are loaded on first use (`await import`): in the CJS Lambda bundle the code is still included,
 * but exceljs and mammoth are only evaluated when a file of their type arrives, which keeps the cold start of
 * this Lambda short (see `npm run bench:cold`).
 */
import type { HTMLElement, Node } from 'node-html-parser';
import Papa from 'papaparse';
import { BULK_UPLOAD } from '../../shared/constants';
import { badRequest } from '../lib/errors';

export type FileKind = 'csv' | 'xlsx' | 'docx';

/** One user row of the file, cells trimmed; `row` is its 1-based number among the data rows. */
export interface ImportRow {
  row: number;
  name: string;
  email: string;
  phone: string;
  /** Role names as written (the service resolves them); empty when the cell or the column is absent. */
  roles: string[];
  password: string;
}

/** Accepted extensions; `.xlxs` is the spelling of CONTRACT.md §2's file picker. */
const EXTENSIONS = new Map<string, FileKind>([
  ['csv', 'csv'],
  ['xlsx', 'xlsx'],
  ['xlxs', 'xlsx'],
  ['docx', 'docx'],
]);

export const ACCEPTED_TYPES_TEXT = 'a .csv, .xlsx or .docx file';

const COLUMNS = ['name', 'email', 'phone', 'roles', 'password'] as const;
type Column = (typeof COLUMNS)[number];
/** Columns a file must have; without `roles` every user is created with no role. */
const REQUIRED_COLUMNS: readonly Column[] = ['name', 'email', 'phone', 'password'];
const HEADER_ALIASES = new Map<string, Column>([
  ['name', 'name'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['roles', 'roles'],
  ['role', 'roles'],
  ['password', 'password'],
]);

/** A header cell as compared: BOM, surrounding spaces and case ignored, inner spaces collapsed. */
const headerKey = (cell: string) =>
  cell
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** The kind a file name's extension says, or undefined for any other file. */
export function fileKindOf(filename: string): FileKind | undefined {
  const ext = /\.([^./\\]+)$/.exec(filename.trim())?.[1]?.toLowerCase();
  return ext ? EXTENSIONS.get(ext) : undefined;
}

/** The rows of an uploaded file; throws a 400 for a file of another type or content. */
export async function parseUserFile(filename: string, data: Buffer): Promise<ImportRow[]> {
  const kind = fileKindOf(filename);
  if (!kind) throw badRequest(`Upload ${ACCEPTED_TYPES_TEXT}; "${shortName(filename)}" is not one`);
  const table = kind === 'csv' ? readCsv(data) : kind === 'xlsx' ? await readXlsx(data) : await readDocx(data);
  return toRows(table);
}

/** Cells (as text) of a table, header row included, in file order. */
type Table = string[][];

const notValid = (kind: FileKind) => badRequest(`The file is not a valid .${kind} file; upload ${ACCEPTED_TYPES_TEXT}`);

function shortName(filename: string): string {
  return filename.length > 60 ? `${filename.slice(0, 57)}...` : filename || 'the file';
}

// ---------------------------------------------------------------------------------------------- csv

/** Text of a CSV file: UTF-8 (with or without BOM), UTF-16 with BOM, else Windows-1252 (Excel's "CSV"). */
function decodeText(data: Buffer): string {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data);
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data);
  // Binary files (images, zips, office files) hold NUL bytes; text never does.
  if (data.includes(0)) throw notValid('csv');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

function readCsv(data: Buffer): Table {
  const text = decodeText(data).replace(/^\uFEFF/, '');
  // Comma, or the semicolon / tab some spreadsheet locales write; papaparse picks the consistent one.
  const result = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t'] });
  // Quote errors (an unclosed quote) garble every row after them; other "errors" are only ragged rows.
  const quoteError = result.errors.find((e) => e.type === 'Quotes');
  if (quoteError) {
    const where = quoteError.row === undefined ? '' : ` around row ${quoteError.row + 1}`;
    throw badRequest(`The .csv file has an unclosed quote${where}; fix it and upload it again`);
  }
  return result.data.map((cells) => cells.map((c) => String(c ?? '')));
}

// --------------------------------------------------------------------------------------------- xlsx

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * A zip (xlsx and docx are) whose entries inflate to at most BULK_UPLOAD.maxUnzippedBytes in all. Measured by
 * inflating each entry as a stream and stopping at the limit: the sizes a zip declares can lie.
 */
async function assertZipWithinLimit(data: Buffer, kind: FileKind): Promise<void> {
  if (!data.subarray(0, 4).equals(ZIP_MAGIC)) throw notValid(kind);
  const { default: JSZip } = await import('jszip');
  let zip: InstanceType<typeof JSZip>;
  try {
    zip = await JSZip.loadAsync(data);
  } catch {
    throw notValid(kind);
  }
  let total = 0;
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    await new Promise<void>((resolve, reject) => {
      const stream = entry.nodeStream('nodebuffer');
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total <= BULK_UPLOAD.maxUnzippedBytes) return;
        stream.pause();
        stream.removeAllListeners('data');
        const limitMb = Math.round(BULK_UPLOAD.maxUnzippedBytes / (1024 * 1024));
        reject(badRequest(`The .${kind} file unpacks to more than ${limitMb} MB; upload a smaller file`));
      });
      stream.on('error', () => reject(notValid(kind)));
      stream.on('end', () => resolve());
    });
  }
}

async function readXlsx(data: Buffer): Promise<Table> {
  await assertZipWithinLimit(data, 'xlsx');
  // exceljs is CommonJS: Node's ESM loader exposes it as `default` only, esbuild's CJS output as both.
  const excel = (await import('exceljs')) as typeof import('exceljs') & { default?: typeof import('exceljs') };
  const workbook = new (excel.default ?? excel).Workbook();
  try {
    // exceljs's types want its own Buffer declaration; a Node Buffer is what it reads.
    await workbook.xlsx.load(data as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  } catch {
    throw notValid('xlsx');
  }
  // A zip that is not a workbook (a docx renamed, say) loads with no worksheets.
  if (workbook.worksheets.length === 0) throw notValid('xlsx');
  // The first sheet that has anything in it.
  for (const sheet of workbook.worksheets) {
    const table: Table = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c)));
      table.push(cells);
    });
    if (table.some((cells) => cells.some((c) => c.trim() !== ''))) return table;
  }
  return [];
}

/** What Excel shows in a cell: hyperlinks and rich text by their text, formulas by their result. */
function cellText(cell: { text: string }): string {
  return cell.text ?? '';
}

// --------------------------------------------------------------------------------------------- docx

async function readDocx(data: Buffer): Promise<Table> {
  await assertZipWithinLimit(data, 'docx');
  const { default: mammoth } = await import('mammoth');
  let html: string;
  try {
    // Images are dropped: only the table's text matters, and inlining them as data URIs would bloat the HTML.
    const result = await mammoth.convertToHtml(
      { buffer: data },
      { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
    );
    html = result.value;
  } catch {
    throw notValid('docx');
  }
  const { parse } = await import('node-html-parser');
  const table = parse(html).querySelector('table');
  if (!table) {
    throw badRequest(`The .docx file has no table; put the users in a table whose first row is ${COLUMNS.join(', ')}`);
  }
  return tableRows(table).map((tr) =>
    tr.childNodes
      .filter(isElement)
      .filter((cell) => cell.tagName === 'TD' || cell.tagName === 'TH')
      .map((cell) => {
        const paragraphs = cell.querySelectorAll('p');
        // Paragraphs inside one cell are separate lines (two roles on two lines are two roles).
        return paragraphs.length > 0 ? paragraphs.map((p) => p.text).join('\n') : cell.text;
      }),
  );
}

function isElement(node: Node): node is HTMLElement {
  return node.nodeType === 1;
}

/** The table's own rows (thead/tbody/tfoot included), not those of tables nested in its cells. */
function tableRows(table: HTMLElement): HTMLElement[] {
  const rows: HTMLElement[] = [];
  for (const child of table.childNodes.filter(isElement)) {
    if (child.tagName === 'TR') rows.push(child);
    else if (['THEAD', 'TBODY', 'TFOOT'].includes(child.tagName)) {
      rows.push(...child.childNodes.filter(isElement).filter((n) => n.tagName === 'TR'));
    }
  }
  return rows;
}

// --------------------------------------------------------------------------------------------- rows

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

/** The header row (the first non-empty one) to the column positions it names. */
function readHeader(cells: string[]): Partial<Record<Column, number>> {
  const positions: Partial<Record<Column, number>> = {};
  cells.forEach((raw, index) => {
    const column = HEADER_ALIASES.get(headerKey(raw));
    if (!column) return;
    if (positions[column] !== undefined) {
      throw badRequest(`The header row names the column ${column} more than once`);
    }
    positions[column] = index;
  });
  const missing = REQUIRED_COLUMNS.filter((c) => positions[c] === undefined);
  if (missing.length > 0) {
    throw badRequest(
      `The first row must be a header with the columns ${COLUMNS.join(', ')}; missing: ${missing.join(', ')}`,
    );
  }
  return positions;
}

/** Role names in a cell, separated by commas, semicolons or line breaks. */
export function splitRoles(cell: string): string[] {
  return cell
    .split(/[,;\r\n]+/)
    .map((r) => r.trim())
    .filter((r) => r !== '');
}

function toRows(table: Table): ImportRow[] {
  const nonBlank = table.filter((cells) => !isBlank(cells));
  const [header, ...data] = nonBlank;
  if (!header) throw badRequest(`The file is empty; its first row must be a header with ${COLUMNS.join(', ')}`);
  const at = readHeader(header);
  if (data.length === 0) throw badRequest('The file has a header row but no users below it');
  if (data.length > BULK_UPLOAD.maxRows) {
    throw badRequest(
      `The file has ${data.length} users; at most ${BULK_UPLOAD.maxRows} can be uploaded at once. Split it into smaller files`,
    );
  }
  const cell = (cells: string[], column: Column) => {
    const index = at[column];
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  return data.map((cells, i) => ({
    row: i + 1,
    name: cell(cells, 'name'),
    email: cell(cells, 'email'),
    phone: cell(cells, 'phone'),
    roles: splitRoles(cell(cells, 'roles')),
    // Trimmed too: a space around a spreadsheet cell is a slip, and would make the password unusable.
    password: cell(cells, 'password'),
  }));
}
