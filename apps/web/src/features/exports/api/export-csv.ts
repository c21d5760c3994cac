import { EXPORT_HEADERS } from '@app/shared/constants';
import type { ExportBookmarksBody, ExportTendersBody } from '@app/shared/exports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** What to export: the table view's or the search page's criteria, or the bookmarks. */
export type ExportRequest =
  { kind: 'tenders'; body: ExportTendersBody } | { kind: 'bookmarks'; body: ExportBookmarksBody };

export interface ExportOutcome {
  filename: string;
  rows: number;
  total: number;
}

/** POST /api/exports/…: the CSV is fetched (the call counts one export) and saved by the browser. */
export async function exportCsv(request: ExportRequest): Promise<ExportOutcome> {
  const locale = currentLanguage();
  const file =
    request.kind === 'tenders'
      ? await api.download('/api/exports/tenders', { ...request.body, locale }, 'breeze-tenders.csv')
      : await api.download('/api/exports/bookmarks', { ...request.body, locale }, 'breeze-bookmarks.csv');
  saveFile(file.blob, file.filename);
  return {
    filename: file.filename,
    rows: Number(file.headers.get(EXPORT_HEADERS.rows) ?? 0),
    total: Number(file.headers.get(EXPORT_HEADERS.total) ?? 0),
  };
}

export const useExportCsv = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportCsv,
    // The plan's usage changed (one export more, or the refusal told us it is used up).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['billing'] }),
  });
};
