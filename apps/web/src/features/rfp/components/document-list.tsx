import type { RfpDocument, RfpDocumentDetail } from '@app/shared/rfp';
import { useTranslation } from 'react-i18next';
import { reportUrl, useAnalyzeDocument, useDeleteDocument } from '../api/rfp-api.ts';
import { useRfpLabels } from '../labels.ts';

/** A file on its way to the server: its real transfer progress, or why it was refused. */
export interface PendingUpload {
  key: string;
  filename: string;
  sizeBytes: number;
  progress: number;
  error: string | null;
}

function StatusBadge({ status }: { status: RfpDocument['status'] }) {
  const { t } = useTranslation('rfp');
  return <span className={`rfp-status rfp-status--${status}`}>{t(`status.${status}`)}</span>;
}

export function PendingRow({ upload, onDismiss }: { upload: PendingUpload; onDismiss: () => void }) {
  const { t } = useTranslation('rfp');
  const labels = useRfpLabels();
  return (
    <li className="rfp-doc" aria-label={upload.filename}>
      <div className="rfp-doc__head">
        <span className="rfp-doc__name">{upload.filename}</span>
        <StatusBadge status={upload.error ? 'error' : 'uploading'} />
      </div>
      <p className="rfp-doc__meta muted">{labels.size(upload.sizeBytes)}</p>
      {upload.error ? (
        <>
          <p className="rfp-doc__error" role="alert">
            {upload.error}
          </p>
          <div className="rfp-doc__actions">
            <button type="button" className="button button--secondary" onClick={onDismiss}>
              {t('docs.dismiss')}
              <span className="visually-hidden"> {upload.filename}</span>
            </button>
          </div>
        </>
      ) : (
        <div className="rfp-progress">
          <progress max={100} value={upload.progress} aria-label={t('docs.uploading', { file: upload.filename })} />
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
  const { t } = useTranslation('rfp');
  const labels = useRfpLabels();
  const analyze = useAnalyzeDocument();
  const remove = useDeleteDocument();
  const status = analyze.isPending ? 'analyzing' : doc.status;
  const canAnalyze = !analyze.isPending && doc.error?.code !== 'pdf_needs_ocr' && status !== 'uploading';
  const failure = analyze.isError
    ? labels.apiError(analyze.error, t('errors.analysisFailed'))
    : doc.error && labels.errorText(doc.error.code, t('errors.analysisFailed'));

  return (
    <li className={`rfp-doc${selected ? ' rfp-doc--selected' : ''}`} aria-label={doc.filename}>
      <div className="rfp-doc__head">
        <span className="rfp-doc__name">{doc.filename}</span>
        <StatusBadge status={status} />
      </div>
      <p className="rfp-doc__meta muted">
        {t(`kind.${doc.kind}`)}
        {doc.solicitationNumber && <> · {doc.solicitationNumber}</>} · {t('docs.pages', { count: doc.pageCount })} ·{' '}
        {labels.size(doc.sizeBytes)}
        {doc.linkedTo && <> · {t('docs.addendumTo', { file: doc.linkedTo.filename })}</>}
      </p>
      {status === 'analyzing' && (
        <div className="rfp-progress">
          <progress aria-label={t('docs.analyzing', { file: doc.filename })} />
        </div>
      )}
      {status === 'error' && !analyze.isPending && failure && (
        <p className="rfp-doc__error" role="alert">
          {failure}
        </p>
      )}
      {remove.isError && (
        <p className="rfp-doc__error" role="alert">
          {t('docs.removeFailed')}
        </p>
      )}
      <div className="rfp-doc__actions">
        {status === 'completed' && (
          <button type="button" className="button button--secondary" aria-pressed={selected} onClick={onShow}>
            {t('docs.viewAnalysis')}
            <span className="visually-hidden"> {t('docs.ofFile', { file: doc.filename })}</span>
          </button>
        )}
        {canAnalyze && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => analyze.mutate(doc.id, { onSuccess: onAnalyzed })}
          >
            {status === 'completed' ? t('docs.analyzeAgain') : t('docs.analyze')}
            <span className="visually-hidden"> {doc.filename}</span>
          </button>
        )}
        {status === 'completed' && (
          <span className="rfp-doc__downloads">
            <a className="button button--secondary" href={reportUrl(doc.id, 'pdf')} download>
              {t('docs.downloadReport')}
              <span className="visually-hidden"> {t('docs.ofFile', { file: doc.filename })}</span> {t('docs.pdf')}
            </a>
            <a className="rfp-doc__md" href={reportUrl(doc.id, 'md')} download>
              {t('docs.markdown')}
              <span className="visually-hidden"> {t('docs.markdownOf', { file: doc.filename })}</span>
            </a>
          </span>
        )}
        <button
          type="button"
          className="button button--secondary rfp-doc__remove"
          disabled={remove.isPending || analyze.isPending}
          onClick={() => remove.mutate(doc.id, { onSuccess: onRemoved })}
        >
          {remove.isPending ? t('docs.removing') : t('docs.remove')}
          <span className="visually-hidden"> {doc.filename}</span>
        </button>
      </div>
    </li>
  );
}
