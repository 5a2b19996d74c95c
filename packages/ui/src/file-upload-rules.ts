/**
 * Spec section 3, "Uploaded file item", plus an id: the same name can be chosen twice, and the
 * list needs a stable key to update the right item when an upload finishes.
 */
export interface UploadedFile {
  id: string;
  name: string;
  /** The file's content; null for an item that has none (it cannot be uploaded). */
  raw: File | null;
  uploaded: boolean;
  uploading: boolean;
  /** Where the uploaded file can be found, as the server answered. */
  url: string | null;
  validationError: string | null;
  uploadError: string | null;
}

/** Spec section 4.5: a file's life, read off its flags. */
export type UploadedFileState = 'selected' | 'validated' | 'uploading' | 'uploaded' | 'errored';

/** Spec section 5, "File upload": note there is no full stop, unlike the other fields' text. */
export const FILE_REQUIRED_MESSAGE = 'This field is required';
export const UNKNOWN_FILE_ERROR = 'Unknown error';

/** "File size cannot be greater than 1.50 MB" for a 1536 KB limit. */
export function fileSizeLimitMessage(maxSizeKb: number): string {
  return `File size cannot be greater than ${(maxSizeKb / 1024).toFixed(2)} MB`;
}

export function uploadErrorMessage(fileName: string): string {
  return `An error occurred while uploading file: ${fileName}`;
}

export interface FileRules {
  /** The largest size allowed, in KB (1024 bytes). */
  maxSizeKb?: number;
}

/** Why a file may not be uploaded, or null when it may. */
export function validateFile(raw: File | null, { maxSizeKb }: FileRules): string | null {
  if (!raw) return UNKNOWN_FILE_ERROR;
  if (maxSizeKb !== undefined && raw.size > maxSizeKb * 1024) {
    return fileSizeLimitMessage(maxSizeKb);
  }
  return null;
}

let lastId = 0;

/** A file just chosen: checked against the rules, not yet sent anywhere. */
export function selectedFile(raw: File, rules: FileRules): UploadedFile {
  lastId += 1;
  return {
    id: `file-${lastId}`,
    name: raw.name,
    raw,
    uploaded: false,
    uploading: false,
    url: null,
    validationError: validateFile(raw, rules),
    uploadError: null,
  };
}

export function fileState(file: UploadedFile): UploadedFileState {
  if (file.validationError || file.uploadError) return 'errored';
  if (file.uploaded) return 'uploaded';
  if (file.uploading) return 'uploading';
  return 'validated';
}

/** A multiple upload appends the new files; a single one keeps only the newest. */
export function withAddedFiles(
  current: readonly UploadedFile[],
  added: readonly UploadedFile[],
  multiple: boolean,
): UploadedFile[] {
  if (multiple) return [...current, ...added];
  return added.length > 0 ? [added[added.length - 1]!] : [...current];
}
