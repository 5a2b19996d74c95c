import { CircleCheck, FileText, Upload, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import {
  describedBy,
  FieldErrorIcon,
  FieldFooter,
  FieldLabel,
  useFieldIds,
  useTouched,
  visibleFieldError,
} from './field';
import {
  FILE_REQUIRED_MESSAGE,
  fileState,
  selectedFile,
  uploadErrorMessage,
  validateFile,
  withAddedFiles,
  type UploadedFile,
} from './file-upload-rules';
import { Spinner } from './spinner';
import { uploadedFileUrl, uploadFile, type HeadersSource } from './upload-file';

export interface FileUploadProps {
  label: string;
  /** Where files are sent as soon as they pass validation; without it they are only kept. */
  action?: string;
  /** POST unless told otherwise. */
  method?: string;
  /** The multipart field that carries the file ("file" unless told otherwise). */
  fieldName?: string;
  /** Further multipart fields sent with every file. */
  data?: Readonly<Record<string, string | Blob>>;
  headers?: HeadersSource;
  /** Injectable: tests pass a fake, the console one that adds its access token. */
  fetch?: typeof fetch;
  /** Reads the stored file's URL from the server's answer; a JSON `url` or Location by default. */
  readUrl?: (response: Response) => Promise<string | null>;
  /** The file types the picker offers, as in the input's accept attribute. */
  accept?: string;
  /** Appends chosen files to the list; otherwise a new choice replaces the file. */
  multiple?: boolean;
  maxSizeKb?: number;
  required?: boolean;
  optional?: boolean;
  error?: string;
  touched?: boolean;
  hint?: ReactNode;
  disabled?: boolean;
  /** Files already there, e.g. uploaded earlier. */
  defaultFiles?: readonly UploadedFile[];
  /** Called with the whole list whenever a file is added, changes state or is removed. */
  onChange?: (files: UploadedFile[]) => void;
  id?: string;
  className?: string;
}

/**
 * Choose files, see each one validated, uploaded (POST as multipart by default) and listed with
 * its state; remove any of them. Each file goes selected → validated → uploading → uploaded, or
 * ends errored with its reason.
 */
export function FileUpload({
  label,
  action,
  method,
  fieldName,
  data,
  headers,
  fetch: fetchImpl,
  readUrl = uploadedFileUrl,
  accept,
  multiple = false,
  maxSizeKb,
  required,
  optional = false,
  error,
  touched: touchedProp,
  hint,
  disabled = false,
  defaultFiles = [],
  onChange,
  id,
  className = '',
}: FileUploadProps) {
  const ids = useFieldIds(id);
  const buttonTextId = `${ids.controlId}-button`;
  const inputRef = useRef<HTMLInputElement>(null);
  const uploads = useRef(new Map<string, AbortController>());
  // While the system file picker is open the button loses focus, which is not leaving the field.
  const picking = useRef(false);
  // Given files that have not been anywhere yet are checked like chosen ones; the others keep
  // the state they come with.
  const [files, setFiles] = useState<UploadedFile[]>(() =>
    defaultFiles.map((file) =>
      fileState(file) === 'validated'
        ? { ...file, validationError: validateFile(file.raw, { maxSizeKb }) }
        : file,
    ),
  );
  const [touched, markTouched] = useTouched(touchedProp);
  const message = visibleFieldError({
    touched,
    required,
    empty: files.length === 0,
    error,
    requiredMessage: FILE_REQUIRED_MESSAGE,
  });

  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const reported = useRef(files);
  useEffect(() => {
    if (reported.current === files) return;
    reported.current = files;
    onChangeRef.current?.(files);
  }, [files]);

  useEffect(() => {
    const input = inputRef.current;
    const pickerClosed = () => {
      picking.current = false;
    };
    input?.addEventListener('cancel', pickerClosed);
    const inFlight = uploads.current;
    return () => {
      input?.removeEventListener('cancel', pickerClosed);
      for (const controller of inFlight.values()) controller.abort();
    };
  }, []);

  const patch = (fileId: string, changes: Partial<UploadedFile>) =>
    setFiles((current) =>
      current.map((file) => (file.id === fileId ? { ...file, ...changes } : file)),
    );

  const startUpload = (file: UploadedFile, raw: File, url: string) => {
    const controller = new AbortController();
    uploads.current.set(file.id, controller);
    uploadFile(raw, {
      action: url,
      method,
      fieldName,
      data,
      headers,
      fetch: fetchImpl,
      signal: controller.signal,
    })
      .then(readUrl)
      .then((fileUrl) => patch(file.id, { uploading: false, uploaded: true, url: fileUrl }))
      .catch(() => {
        // A removed file's upload is cancelled on purpose: there is no item left to mark.
        if (controller.signal.aborted) return;
        patch(file.id, { uploading: false, uploadError: uploadErrorMessage(file.name) });
      })
      .finally(() => uploads.current.delete(file.id));
  };

  const cancelUploads = (removed: readonly UploadedFile[]) => {
    for (const file of removed) {
      uploads.current.get(file.id)?.abort();
      uploads.current.delete(file.id);
    }
  };

  const addFiles = (chosen: readonly File[]) => {
    const added = chosen.map((raw) => {
      const file = selectedFile(raw, { maxSizeKb });
      return action && !file.validationError ? { ...file, uploading: true } : file;
    });
    const next = withAddedFiles(files, added, multiple);
    cancelUploads(files.filter((file) => !next.includes(file)));
    setFiles(next);
    for (const file of added) {
      if (action && file.uploading && file.raw && next.includes(file))
        startUpload(file, file.raw, action);
    }
  };

  const removeFile = (file: UploadedFile) => {
    cancelUploads([file]);
    setFiles((current) => current.filter((candidate) => candidate.id !== file.id));
  };

  const buttonText = multiple ? 'Choose files' : 'Choose file';

  return (
    <div className={className}>
      <FieldLabel as="span" id={ids.labelId} optional={optional}>
        {label}
      </FieldLabel>
      <div
        className={`flex flex-col items-center gap-2 rounded-md border border-dashed px-4 py-6 text-center ${message ? 'border-danger' : 'border-line-strong'} ${disabled ? 'bg-surface-muted' : 'bg-surface'}`}
      >
        <Upload aria-hidden="true" focusable="false" className="h-6 w-6 text-brand-600" />
        <Button
          variant="secondary"
          disabled={disabled}
          aria-labelledby={`${ids.labelId} ${buttonTextId}`}
          aria-describedby={describedBy(Boolean(hint) && ids.hintId, message && ids.errorId)}
          onClick={() => {
            picking.current = true;
            inputRef.current?.click();
          }}
          onBlur={() => {
            if (!picking.current) markTouched();
          }}
        >
          <span id={buttonTextId}>{buttonText}</span>
        </Button>
        <input
          ref={inputRef}
          type="file"
          hidden
          tabIndex={-1}
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          onChange={(event) => {
            picking.current = false;
            const chosen = Array.from(event.target.files ?? []);
            // Cleared so that choosing the same file again is still a change.
            event.target.value = '';
            if (chosen.length > 0) addFiles(chosen);
          }}
        />
      </div>
      <FieldFooter
        error={message}
        errorId={ids.errorId}
        hint={hint}
        hintId={ids.hintId}
        counterId={ids.counterId}
      />
      {files.length > 0 ? (
        <ul aria-labelledby={ids.labelId} aria-live="polite" className="mt-3 flex flex-col gap-2">
          {files.map((file) => (
            <FileItem
              key={file.id}
              file={file}
              disabled={disabled}
              onRemove={() => removeFile(file)}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function FileItem({
  file,
  disabled,
  onRemove,
}: {
  file: UploadedFile;
  disabled: boolean;
  onRemove: () => void;
}) {
  const state = fileState(file);
  return (
    <li
      className={`flex items-center gap-3 rounded-md border px-3 py-2 text-sm ${state === 'errored' ? 'border-danger bg-danger-surface' : 'border-line bg-surface'}`}
    >
      <FileText aria-hidden="true" focusable="false" className="h-4 w-4 shrink-0 text-ink-muted" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium text-ink">{file.name}</span>
        <FileStatus file={file} />
      </div>
      <button
        type="button"
        aria-label={`Remove ${file.name}`}
        disabled={disabled}
        className="rounded-md p-1 text-ink-muted hover:bg-surface-muted hover:text-ink disabled:cursor-not-allowed"
        onClick={onRemove}
      >
        <X aria-hidden="true" focusable="false" className="h-4 w-4" />
      </button>
    </li>
  );
}

function FileStatus({ file }: { file: UploadedFile }) {
  switch (fileState(file)) {
    case 'errored':
      return (
        <span className="flex items-center gap-1 text-xs text-danger">
          <FieldErrorIcon className="shrink-0" />
          {file.validationError ?? file.uploadError}
        </span>
      );
    case 'uploading':
      return (
        <span className="flex items-center gap-1 text-xs text-ink-muted">
          <Spinner className="h-3 w-3" />
          Uploading…
        </span>
      );
    case 'uploaded':
      return (
        <span className="flex items-center gap-1 text-xs text-success">
          <CircleCheck aria-hidden="true" focusable="false" className="h-3 w-3" />
          Uploaded
        </span>
      );
    case 'validated':
    case 'selected':
      return null;
  }
}
