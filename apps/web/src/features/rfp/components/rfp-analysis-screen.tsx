import type { RfpDocumentDetail, RfpDocumentList } from '@app/shared/rfp';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Banner } from '../../../components/ui/form.tsx';
import { errorMessage } from '../../auth/error-message.ts';
import { documentQuery, documentsQuery, rfpKeys, uploadDocuments } from '../api/rfp-api.ts';
import { AnalysisPanel } from './analysis-panel.tsx';
import { DocumentRow, formatSize, type PendingUpload, PendingRow } from './document-list.tsx';
import { DropZone } from './drop-zone.tsx';
import '../rfp.css';

function ResultPanel({ id }: { id: string }) {
  const detail = useQuery(documentQuery(id));
  return (
    <section className="rfp-result" aria-labelledby="rfp-result-title" aria-busy={detail.isPending}>
      <h2 id="rfp-result-title">
        Analysis{detail.data ? <span className="rfp-result__file">: {detail.data.filename}</span> : null}
      </h2>
      {detail.isPending && <p className="muted">Loading the analysis...</p>}
      {detail.isError && <Banner kind="error">{errorMessage(detail.error, 'Analysis failed')}</Banner>}
      {detail.data && <AnalysisPanel detail={detail.data} />}
    </section>
  );
}

/** /rfp-analysis (spec §2, issue 8): upload PDFs, analyse them on the server, read and download the result. */
export function RfpAnalysisScreen() {
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
        .catch((err: unknown) => patch(key, { error: errorMessage(err, 'The upload failed.') }));
    }
  }

  const onAnalyzed = (detail: RfpDocumentDetail) => setSelectedId(detail.id);
  const docs = documents.data?.documents ?? [];
  const selected = selectedId && docs.some((d) => d.id === selectedId) ? selectedId : null;
  const usage = documents.data?.usage;

  return (
    <div className="rfp-page">
      <h1>RFP Analysis</h1>
      <p className="muted">
        Upload a solicitation and its addenda: Breeze reads them on the server and cites the page behind every finding.
      </p>
      <DropZone onFiles={upload} />

      <section className="rfp-docs" aria-labelledby="rfp-docs-title">
        <h2 id="rfp-docs-title">Your documents</h2>
        {usage && (
          <p className="muted rfp-usage">
            {usage.files} of {usage.maxFiles} files · {formatSize(usage.bytes)} of {formatSize(usage.maxBytes)} used
          </p>
        )}
        {documents.isError && (
          <Banner kind="error">{errorMessage(documents.error, 'Your documents could not be loaded.')}</Banner>
        )}
        {documents.isPending && <p className="muted">Loading your documents...</p>}
        {documents.isSuccess && docs.length === 0 && pending.length === 0 && (
          <p className="muted">No documents yet. Upload a PDF to start.</p>
        )}
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
