import type { RfpDocument, RfpDocumentDetail } from '@app/shared/rfp';
import { errorMessage } from '../../auth/error-message.ts';
import { reportUrl, useAnalyzeDocument, useDeleteDocument } from '../api/rfp-api.ts';

/** A file on its way to the server: its real transfer progress, or why it was refused. */
export interface PendingUpload {
  key: string;
  filename: string;
  sizeBytes: number;
  progress: number;
  error: string | null;
}

const STATUS_LABELS: Record<RfpDocument['status'], string> = {
  uploading: 'Uploading',
  ready: 'Ready',
  analyzing: 'Analyzing',
  completed: 'Completed',
  error: 'Error',
};

const KIND_LABELS: Record<RfpDocument['kind'], string> = {
  rfp: 'RFP',
  addendum: 'Addendum',
  appendix: 'Appendix',
  other: 'Document',
};

export const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function StatusBadge({ status, label }: { status: RfpDocument['status']; label?: string }) {
  return <span className={`rfp-status rfp-status--${status}`}>{label ?? STATUS_LABELS[status]}</span>;
}

export function PendingRow({ upload, onDismiss }: { upload: PendingUpload; onDismiss: () => void }) {
  return (
    <li className="rfp-doc" aria-label={upload.filename}>
      <div className="rfp-doc__head">
        <span className="rfp-doc__name">{upload.filename}</span>
        <StatusBadge status={upload.error ? 'error' : 'uploading'} />
      </div>
      <p className="rfp-doc__meta muted">{formatSize(upload.sizeBytes)}</p>
      {upload.error ? (
        <>
          <p className="rfp-doc__error" role="alert">
            {upload.error}
          </p>
          <div className="rfp-doc__actions">
            <button type="button" className="button button--secondary" onClick={onDismiss}>
              Dismiss<span className="visually-hidden"> {upload.filename}</span>
            </button>
          </div>
        </>
      ) : (
        <div className="rfp-progress">
          <progress max={100} value={upload.progress} aria-label={`Uploading ${upload.filename}`} />
          <span aria-hidden="true">{upload.progress}%</span>
        </div>
      )}
    </li>
  );
}

interface DocumentRowProps {
  doc: RfpDocument;
  selected: boolean;
  onAnalyzed: (detail: RfpDocumentDetail) => void;
  onShow: () => void;
  onRemoved: () => void;
}

export function DocumentRow({ doc, selected, onAnalyzed, onShow, onRemoved }: DocumentRowProps) {
  const analyze = useAnalyzeDocument();
  const remove = useDeleteDocument();
  const status = analyze.isPending ? 'analyzing' : doc.status;
  const canAnalyze = !analyze.isPending && doc.error?.code !== 'pdf_needs_ocr' && status !== 'uploading';
  const failure = analyze.isError ? errorMessage(analyze.error, 'Analysis failed') : doc.error?.message;

  return (
    <li className={`rfp-doc${selected ? ' rfp-doc--selected' : ''}`} aria-label={doc.filename}>
      <div className="rfp-doc__head">
        <span className="rfp-doc__name">{doc.filename}</span>
        <StatusBadge status={status} />
      </div>
      <p className="rfp-doc__meta muted">
        {KIND_LABELS[doc.kind]}
        {doc.solicitationNumber && <> · {doc.solicitationNumber}</>} · {doc.pageCount}{' '}
        {doc.pageCount === 1 ? 'page' : 'pages'} · {formatSize(doc.sizeBytes)}
        {doc.linkedTo && <> · addendum to {doc.linkedTo.filename}</>}
      </p>
      {status === 'analyzing' && (
        <div className="rfp-progress">
          <progress aria-label={`Analyzing ${doc.filename}`} />
        </div>
      )}
      {status === 'error' && !analyze.isPending && failure && (
        <p className="rfp-doc__error" role="alert">
          {failure}
        </p>
      )}
      {remove.isError && (
        <p className="rfp-doc__error" role="alert">
          {errorMessage(remove.error, 'The document could not be removed.')}
        </p>
      )}
      <div className="rfp-doc__actions">
        {status === 'completed' && (
          <button type="button" className="button button--secondary" aria-pressed={selected} onClick={onShow}>
            View analysis<span className="visually-hidden"> of {doc.filename}</span>
          </button>
        )}
        {canAnalyze && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => analyze.mutate(doc.id, { onSuccess: onAnalyzed })}
          >
            {status === 'completed' ? 'Analyze again' : 'Analyze'}
            <span className="visually-hidden"> {doc.filename}</span>
          </button>
        )}
        {status === 'completed' && (
          <span className="rfp-doc__downloads">
            <a className="button button--secondary" href={reportUrl(doc.id, 'pdf')} download>
              Download Report<span className="visually-hidden"> of {doc.filename}</span> (PDF)
            </a>
            <a className="rfp-doc__md" href={reportUrl(doc.id, 'md')} download>
              Markdown<span className="visually-hidden"> report of {doc.filename}</span>
            </a>
          </span>
        )}
        <button
          type="button"
          className="button button--secondary rfp-doc__remove"
          disabled={remove.isPending || analyze.isPending}
          onClick={() => remove.mutate(doc.id, { onSuccess: onRemoved })}
        >
          {remove.isPending ? 'Removing...' : 'Remove'}
          <span className="visually-hidden"> {doc.filename}</span>
        </button>
      </div>
    </li>
  );
}
