import type { FilterGroup } from '@gis/shared/filters'
import {
  SYNCFILES_SCAN_PAGE,
  SYNCFILES_UPLOAD_BATCH,
  recordValues,
  toCsv,
  type FileEntry,
  type MissingFileEntry,
  type RecordValue,
} from '@gis/shared/syncfiles'
import { t } from '@gis/shared/i18n'
import { toFailure } from '../../api/base-api'
import type { AppDispatch } from '../../state/root-state'
import { searchApi } from '../../api/search.api'
import { associationText, reasonText, statusLabel } from './tables'
import type { UploadTask } from './upload-plan'

/** Thrown (and caught by the window) when the user cancels the scan. */
export class ScanCancelled extends Error {}

/**
 * Step 2 (spec 2 §4.2, §7.3): the destination layer read through the feature search, pages of
 * 100 with the FILTROS query; the chosen fields' values of every record, to be matched with
 * the folder's files once all are read (decision 65).
 */
export async function scanLayer(
  dispatch: AppDispatch,
  args: {
    layer: string
    fields: readonly string[]
    filter: FilterGroup | undefined
    signal: AbortSignal
    onProgress: (done: number, total: number) => void
  },
): Promise<RecordValue[]> {
  const values: RecordValue[] = []
  let done = 0
  for (let page = 0; ; page++) {
    if (args.signal.aborted) throw new ScanCancelled()
    const request = dispatch(
      searchApi.endpoints.searchFeatures.initiate(
        {
          layer: args.layer,
          filter: args.filter,
          page,
          limit: SYNCFILES_SCAN_PAGE,
          sort: 'id',
          order: 'asc',
        },
        { subscribe: false, forceRefetch: true },
      ),
    )
    const answer = await request.unwrap()
    if (args.signal.aborted) throw new ScanCancelled()
    values.push(...recordValues(answer.results, args.fields))
    done += answer.results.length
    args.onProgress(done, answer.rowCount)
    if (answer.results.length < SYNCFILES_SCAN_PAGE || done >= answer.rowCount) break
  }
  return values
}

/**
 * Step 4: every send, 10 at a time in parallel. Each answer updates its file: Criado with the
 * record, or Erro with the server's message as its reason.
 */
export async function uploadMatches(
  tasks: readonly UploadTask[],
  send: (task: UploadTask) => Promise<void>,
  onResult: (task: UploadTask, result: { ok: true } | { ok: false; message: string }) => void,
): Promise<void> {
  for (let i = 0; i < tasks.length; i += SYNCFILES_UPLOAD_BATCH) {
    const batch = tasks.slice(i, i + SYNCFILES_UPLOAD_BATCH)
    await Promise.all(
      batch.map(async (task) => {
        try {
          await send(task)
          onResult(task, { ok: true })
        } catch (err) {
          onResult(task, { ok: false, message: toFailure(err).message })
        }
      }),
    )
  }
}

/** 'Relatório de Upload': every file with its status and association. */
export const uploadReport = (files: readonly FileEntry[]): string =>
  toCsv(
    [
      t('syncfiles.csvStatus'),
      t('syncfiles.csvName'),
      t('syncfiles.csvAssociation'),
      t('syncfiles.csvType'),
      t('syncfiles.colReason'),
    ],
    files.map((f) => [
      statusLabel(f.status),
      f.name,
      associationText(f),
      f.type,
      f.reason ? reasonText(f.reason) : '',
    ]),
  )

/** 'Relatório de Arquivos Ausentes': the table of step 3. */
export const missingReport = (missing: readonly MissingFileEntry[]): string =>
  toCsv(
    [
      t('syncfiles.colLayer'),
      t('syncfiles.colLayerIndex'),
      t('syncfiles.colField'),
      t('syncfiles.colFileName'),
    ],
    missing.map((m) => [m.layerName, m.association.id, m.cell, m.text]),
  )
