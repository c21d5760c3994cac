import type { RfpDocumentDetail, RfpDocumentList, RfpUploadResponse } from '@app/shared/rfp';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';

const BASE = '/api/rfp/documents';
const docUrl = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** Where 'Download Report' points (the server answers with Content-Disposition: attachment). */
export const reportUrl = (id: string, format: 'pdf' | 'md') => `${docUrl(id)}/report.${format}`;

export const rfpKeys = {
  all: ['rfp'] as const,
  list: () => [...rfpKeys.all, 'documents'] as const,
  detail: (id: string) => [...rfpKeys.all, 'document', id] as const,
};

/** GET /api/rfp/documents: the user's documents, newest first, and their storage usage. */
export const documentsQuery = () =>
  queryOptions({
    queryKey: rfpKeys.list(),
    queryFn: ({ signal }) => api.get<RfpDocumentList>(BASE, { signal }),
  });

/** GET /api/rfp/documents/:id: status and, once analysed, the analysis with its citations. */
export const documentQuery = (id: string) =>
  queryOptions({
    queryKey: rfpKeys.detail(id),
    queryFn: ({ signal }) => api.get<RfpDocumentDetail>(docUrl(id), { signal }),
  });

/**
 * POST /api/rfp/documents as multipart, through XMLHttpRequest: fetch cannot report upload
 * progress, and the screen shows the real transfer (`upload.onprogress`), 0–100.
 */
export function uploadDocuments(files: File[], onProgress: (percent: number) => void): Promise<RfpUploadResponse> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append('files', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', BASE);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as unknown;
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object') {
        resolve(body as RfpUploadResponse);
        return;
      }
      const err = body && typeof body === 'object' ? (body as { code?: unknown; message?: unknown }) : {};
      reject(
        new ApiError(
          xhr.status,
          typeof err.code === 'string' ? err.code : 'unexpected_response',
          typeof err.message === 'string' ? err.message : `The server answered ${xhr.status} ${xhr.statusText}.`.trim(),
        ),
      );
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, 'network_error', 'Could not reach the Breeze server. Check your connection and try again.'),
      );
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'The upload was cancelled.'));
    xhr.send(form);
  });
}

/** POST /api/rfp/documents/:id/analyze: ready → analyzing → completed (or error "Analysis failed"). */
export const analyzeDocument = (id: string) => api.post<RfpDocumentDetail>(`${docUrl(id)}/analyze`, {});

/** DELETE /api/rfp/documents/:id */
export const deleteDocument = (id: string) => api.delete<undefined>(docUrl(id));

export const useAnalyzeDocument = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyzeDocument,
    onSuccess: (detail) => queryClient.setQueryData(rfpKeys.detail(detail.id), detail),
    // Success or failure, the stored status changed (completed, or error with its reason).
    onSettled: () => queryClient.invalidateQueries({ queryKey: rfpKeys.list() }),
  });
};

export const useDeleteDocument = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: rfpKeys.detail(id) });
      queryClient.setQueryData<RfpDocumentList>(rfpKeys.list(), (old) =>
        old ? { ...old, documents: old.documents.filter((d) => d.id !== id) } : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: rfpKeys.list() }),
  });
};
