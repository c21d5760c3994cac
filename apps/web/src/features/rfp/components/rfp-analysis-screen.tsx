import type { RfpDocumentDetail, RfpDocumentList } from '@app/shared/rfp';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/form.tsx';
import { documentQuery, documentsQuery, rfpKeys, uploadDocuments } from '../api/rfp-api.ts';
import { AnalysisPanel } from './analysis-panel.tsx';
import { useRfpLabels } from '../labels.ts';
import { DocumentRow, type PendingUpload, PendingRow } from './document-list.tsx';
import { DropZone } from './drop-zone.tsx';
import { formatCount } from '../../../lib/format.ts';
import '../rfp.css';

function ResultPanel({ id }: { id: string }) {
  const { t } = useTranslation('rfp');
  const labels = useRfpLabels();
  const detail = useQuery(documentQuery(id));
  return (
    <section className="rfp-result" aria-labelledby="rfp-result-title" aria-busy={detail.isPending}>
      <h2 id="rfp-result-title">
        {t('result.title')}
        {detail.data ? <span className="rfp-result__file">: {detail.data.filename}</span> : null}
      </h2>
      {detail.isPending && <p className="muted">{t('result.loading')}</p>}
      {detail.isError && <Banner kind="error">{labels.apiError(detail.error, t('errors.analysisFailed'))}</Banner>}
      {detail.data && <AnalysisPanel detail={detail.data} />}
    </section>
  );
}

/** /rfp-analysis (spec §2, issue 8): upload PDFs, analyse them on the server, read and download the result. */
export function RfpAnalysisScreen() {
  const { t } = useTranslation('rfp');
  const labels = useRfpLabels();
  const queryClient = useQueryClient();
  const documents = useQuery(documentsQuery());
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const counter = useRef(0);

  const patch = (key: string, change: Partial<PendingUpload>) =>
    setPending((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  // One request per file: each shows its own progress, and one refused file does not sink the others.
  function upload(files: File[]) {
    for (const file of files) {
      const key = `upload-${++counter.current}`;
      setPending((list) => [{ key, filename: file.name, sizeBytes: file.size, progress: 0, error: null }, ...list]);
      uploadDocuments([file], (progress) => patch(key, { progress }))
        .then(({ documents: stored }) => {
          queryClient.setQueryData<RfpDocumentList>(rfpKeys.list(), (old) =>
            old
              ? { ...old, documents: [...stored, ...old.documents.filter((d) => !stored.some((s) => s.id === d.id))] }
              : old,
          );
          setPending((list) => list.filter((p) => p.key !== key));
          void queryClient.invalidateQueries({ queryKey: rfpKeys.list() });
        })
        .catch((err: unknown) => patch(key, { error: labels.apiError(err, t('errors.uploadFailed')) }));
    }
  }

  const onAnalyzed = (detail: RfpDocumentDetail) => setSelectedId(detail.id);
  const docs = documents.data?.documents ?? [];
  const selected = selectedId && docs.some((d) => d.id === selectedId) ? selectedId : null;
  const usage = documents.data?.usage;

  return (
    <div className="rfp-page">
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <DropZone onFiles={upload} />

      <section className="rfp-docs" aria-labelledby="rfp-docs-title">
        <h2 id="rfp-docs-title">{t('docs.title')}</h2>
        {usage && (
          <p className="muted rfp-usage">
            {t('docs.usage', {
              count: usage.files,
              maxFiles: formatCount(usage.maxFiles),
              used: labels.size(usage.bytes),
              max: labels.size(usage.maxBytes),
            })}
          </p>
        )}
        {documents.isError && <Banner kind="error">{t('docs.loadFailed')}</Banner>}
        {documents.isPending && <p className="muted">{t('docs.loading')}</p>}
        {documents.isSuccess && docs.length === 0 && pending.length === 0 && <p className="muted">{t('docs.empty')}</p>}
        <ul className="rfp-doc-list">
          {pending.map((p) => (
            <PendingRow
              key={p.key}
              upload={p}
              onDismiss={() => setPending((list) => list.filter((x) => x.key !== p.key))}
            />
          ))}
          {docs.map((doc) => (
            <DocumentRow
              key={doc.id}
              doc={doc}
              selected={doc.id === selected}
              onAnalyzed={onAnalyzed}
              onShow={() => setSelectedId(doc.id)}
              onRemoved={() => setSelectedId((id) => (id === doc.id ? null : id))}
            />
          ))}
        </ul>
      </section>

      {selected && <ResultPanel key={selected} id={selected} />}
    </div>
  );
}
