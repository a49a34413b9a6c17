import { t } from '@gis/shared'
import { escapeXml } from './ows-errors'
import { NS } from './wfs-capabilities'
import type { TransactionResult } from './wfs-transaction'
import type { WfsVersion } from './wfs-request'

/**
 * wfs:TransactionResponse of WFS 2.0.0 or 1.1.0. The totals count what changed in the layers;
 * a moderated user's changes changed nothing there, so they count 0 and are listed as
 * approvals instead (1.1.0's TransactionResults, a comment in 2.0.0: decision 82).
 */
export function transactionResponseXml(result: TransactionResult, version: WfsVersion): string {
  const rid = (layer: string, id: number) => `${layer}.${id}`
  const handle = (h: string | undefined) => (h ? ` handle="${escapeXml(h)}"` : '')
  const pending = result.submitted.map((s) =>
    t('ogc.submittedForApproval', { id: s.approvalId, message: s.message }),
  )
  if (version === '1.1.0') {
    const { wfs } = NS['1.1.0']
    const results = pending.length
      ? `\n  <wfs:TransactionResults>${pending.map((m) => `<wfs:Action><wfs:Message>${escapeXml(m)}</wfs:Message></wfs:Action>`).join('')}</wfs:TransactionResults>`
      : ''
    const inserted = result.inserted.length
      ? `\n  <wfs:InsertResults>${result.inserted.map((f) => `<wfs:Feature${handle(f.handle)}><ogc:FeatureId fid="${rid(f.layer, f.id)}"/></wfs:Feature>`).join('')}</wfs:InsertResults>`
      : ''
    return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:TransactionResponse xmlns:wfs="${wfs}" xmlns:ogc="http://www.opengis.net/ogc" version="1.1.0">
  <wfs:TransactionSummary><wfs:totalInserted>${result.inserted.length}</wfs:totalInserted><wfs:totalUpdated>${result.updated.length}</wfs:totalUpdated><wfs:totalDeleted>${result.deleted.length}</wfs:totalDeleted></wfs:TransactionSummary>${results}${inserted}
</wfs:TransactionResponse>
`
  }
  const { wfs } = NS['2.0.0']
  const features = (list: { layer: string; id: number; handle?: string }[]) =>
    list
      .map(
        (f) =>
          `<wfs:Feature${handle(f.handle)}><fes:ResourceId rid="${rid(f.layer, f.id)}"/></wfs:Feature>`,
      )
      .join('')
  const section = (name: string, list: { layer: string; id: number; handle?: string }[]) =>
    list.length ? `\n  <wfs:${name}>${features(list)}</wfs:${name}>` : ''
  const comments = pending.map((m) => `\n  <!-- ${escapeXml(m).replace(/--/g, '‐‐')} -->`).join('')
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:TransactionResponse xmlns:wfs="${wfs}" xmlns:fes="http://www.opengis.net/fes/2.0" version="2.0.0">
  <wfs:TransactionSummary><wfs:totalInserted>${result.inserted.length}</wfs:totalInserted><wfs:totalUpdated>${result.updated.length}</wfs:totalUpdated><wfs:totalReplaced>0</wfs:totalReplaced><wfs:totalDeleted>${result.deleted.length}</wfs:totalDeleted></wfs:TransactionSummary>${comments}${section('InsertResults', result.inserted)}${section('UpdateResults', result.updated)}
</wfs:TransactionResponse>
`
}
