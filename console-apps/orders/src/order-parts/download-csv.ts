import { saveFile } from '@boon/console-kit';

/** Saves CSV text as a file, with a byte-order mark so spreadsheets read it as UTF-8. */
export function downloadCsv(csv: string, filename: string) {
  saveFile(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), filename);
}
