import { RFP_LIMITS } from '@app/shared/rfp-constants';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_MB } from '../labels.ts';

const isPdf = (file: File) =>
  (RFP_LIMITS.acceptedTypes as readonly string[]).includes(file.type) ||
  // Some systems give no type at all; the server checks the %PDF- header anyway.
  (file.type === '' && /\.pdf$/i.test(file.name));

/**
 * Drop zone and file picker: PDFs only, several at a time. Other files and files over the
 * size limit are left out here with a note saying which (the server refuses them too).
 */
export function DropZone({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const { t } = useTranslation('rfp');
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const hintId = useId();

  function take(list: FileList | null) {
    const files = Array.from(list ?? []);
    const notPdf = files.filter((f) => !isPdf(f));
    const tooBig = files.filter((f) => isPdf(f) && f.size > RFP_LIMITS.maxFileBytes);
    const accepted = files.filter((f) => isPdf(f) && f.size <= RFP_LIMITS.maxFileBytes);
    const notes: string[] = [];
    if (notPdf.length > 0) notes.push(t('drop.notPdf', { files: notPdf.map((f) => f.name).join(', ') }));
    if (tooBig.length > 0) notes.push(t('drop.tooBig', { mb: MAX_MB, files: tooBig.map((f) => f.name).join(', ') }));
    setNote(notes.length > 0 ? notes.join(' ') : null);
    if (accepted.length > 0) onFiles(accepted);
  }

  const onDrop = (event: DragEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  return (
    <div className="rfp-upload">
      <button
        type="button"
        className={`rfp-drop${dragging ? ' rfp-drop--active' : ''}`}
        aria-describedby={hintId}
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <span className="rfp-drop__title">{t('drop.title')}</span>
        <span id={hintId} className="rfp-drop__hint">
          {t('drop.hint', { mb: MAX_MB })}
        </span>
      </button>
      <input
        ref={inputRef}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t('drop.choose')}
        multiple
        accept={RFP_LIMITS.acceptedTypes.join(',')}
        onChange={(e) => {
          take(e.currentTarget.files);
          e.currentTarget.value = ''; // choosing the same file again fires change again
        }}
      />
      {note && (
        <p className="rfp-upload__note" role="status">
          {note}
        </p>
      )}
    </div>
  );
}
