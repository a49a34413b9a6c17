import { t, tn, type MessageKey, type SyncAction, type SyncItemStatus } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import {
  checkOutboundUrl,
  OutboundRefusedError,
  outboundRequest,
  type OutboundResponse,
} from '../../http/outbound'
import type { JobContext } from '../../jobs/job-queue'
import { findLayer } from '../../layer-data/catalogue'
import { readFeature } from '../../layer-data/features.sql'
import { layerFields, type CatalogueLayer } from '../../layer-data/model'
import { DEFAULT_REGULATOR } from './sync.service'
import * as sql from './sync.sql'

/**
 * A package's run (the job SYNC_JOB): every item goes to the regulator's external server, an
 * instance of this product, through its feature API: POST /api/features/{layer} the first
 * time (the id it answers is recorded as the item's key there), then GET + PUT by that key,
 * and DELETE for a feature deleted here. Each call is tried up to SYNC_ATTEMPTS times with a
 * growing pause when the server is unreachable, busy (5xx, 429) or the feature changed there
 * between the read and the write (409); any other answer is the item's error at once. Each
 * item records its result, the package its count and result, and the run writes one log file
 * (no credentials in it: only the server's origin is named).
 */

export interface SyncPayload {
  packageId: number
}

/** Attempts per call, and the first pause between attempts (then three times longer). */
export const SYNC_ATTEMPTS = 3
export const SYNC_RETRY_BASE_MS = 400
/** A call that takes longer than this is a failed attempt. */
const CALL_TIMEOUT_MS = 15_000
const BATCH = 50

interface Endpoint {
  base: string
  origin: string
  token: string | null
  layers: Record<string, string>
}

interface Reply {
  status: number
  body: unknown
}

class CallFailed extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message)
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

/** The short reason of an answer's status (its body is never copied: decision 70). */
function remoteReason(status: number): string {
  const keys: Record<number, MessageKey> = {
    400: 'sync.remote.badRequest',
    401: 'sync.remote.unauthorized',
    403: 'sync.remote.forbidden',
    404: 'sync.remote.notFound',
    409: 'sync.remote.conflict',
    413: 'sync.remote.tooLarge',
    422: 'sync.remote.badRequest',
    429: 'sync.remote.tooMany',
    500: 'sync.remote.internal',
    502: 'sync.remote.unavailable',
    503: 'sync.remote.unavailable',
    504: 'sync.remote.unavailable',
  }
  const key =
    keys[status] ??
    (status >= 300 && status < 400
      ? 'sync.remote.redirect'
      : status >= 400 && status < 500
        ? 'sync.remote.refused'
        : status >= 500
          ? 'sync.remote.serverError'
          : 'sync.remote.other')
  return t(key)
}

const REMOTE_FIELD = /^[A-Za-z_][A-Za-z0-9_.]{0,62}$/
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/**
 * The field errors of a 400/422 shaped as this product's validation answer
 * (`errors: [{ field, message }]`, a field a plain name, a message short, one line): at most
 * five, each cut to 120 characters; anything else of the body is left out.
 */
function remoteFieldErrors(status: number, body: unknown): string {
  if (status !== 400 && status !== 422) return ''
  if (!body || typeof body !== 'object' || !('errors' in body) || !Array.isArray(body.errors)) {
    return ''
  }
  const fields = (body.errors as unknown[])
    .filter(
      (e): e is { field: string; message: string } =>
        !!e &&
        typeof e === 'object' &&
        typeof (e as { field?: unknown }).field === 'string' &&
        typeof (e as { message?: unknown }).message === 'string' &&
        REMOTE_FIELD.test((e as { field: string }).field) &&
        !CONTROL.test((e as { message: string }).message),
    )
    .slice(0, 5)
    .map((e) => `${e.field}: ${e.message.slice(0, 120)}`)
  return fields.length ? ` (${fields.join('; ')})` : ''
}

export function syncJobHandler(deps: AppDeps) {
  return async (ctx: JobContext<SyncPayload>): Promise<{ ok: number; total: number }> => {
    const packageId = ctx.payload.packageId
    const lines: string[] = []
    const log = (text: string) => lines.push(`${new Date().toISOString()}  ${text}`)
    const started = new Date()
    let ok = 0
    let total = 0
    // The package's end state is written after its log, so a finished package always has it.
    let outcome: { status: 'DONE' | 'PARTIAL' | 'ERROR'; message: string } | null = null
    try {
      const pkg = await sql.readPackage(deps.db, DEFAULT_REGULATOR, packageId)
      if (!pkg) return { ok, total }
      await sql.setPackageState(deps.db, packageId, { status: 'RUNNING', message: null })
      const config = await sql.readConfig(deps.db, DEFAULT_REGULATOR)
      log(`Pacote ${packageId} '${pkg.name}': sincronização iniciada`)
      if (!config?.url) {
        log(t('sync.resultNotConfigured'))
        outcome = { status: 'ERROR', message: t('sync.resultNotConfigured') }
        return { ok, total }
      }
      const base = config.url.replace(/\/+$/, '')
      const endpoint: Endpoint = {
        base,
        origin: new URL(base).origin,
        token: config.token,
        layers: config.layers,
      }
      log(`Servidor externo: ${endpoint.origin}`)
      // An internal address is refused before any item (each call checks again: DNS changes).
      try {
        await checkOutboundUrl(base, deps.config.outboundAllowedHosts)
      } catch (err) {
        if (!(err instanceof OutboundRefusedError)) throw err
        const message = t('sync.itemRefusedHost', { host: err.host })
        log(message)
        outcome = { status: 'ERROR', message }
        return { ok, total }
      }
      total = pkg.items_total
      await ctx.progress(0, total)
      const layers = new Map<string, CatalogueLayer | undefined>()
      let done = 0
      for (let after = 0; ;) {
        const items = await sql.itemsAfter(deps.db, packageId, after, BATCH)
        if (items.length === 0) break
        for (const item of items) {
          if (ctx.signal.aborted) throw new Error('stopped')
          after = Number(item.id)
          if (!layers.has(item.layer)) layers.set(item.layer, await findLayer(deps.db, item.layer))
          const result = await syncItem(deps, endpoint, layers.get(item.layer), item, ctx.signal)
          await sql.setItemResult(deps.db, Number(item.id), result)
          if (result.status === 'SYNCED') ok++
          log(
            `${item.layer}#${item.feature_id}  ${result.action ?? '-'}  ${result.status}  ` +
              `${result.message}${result.attempts > 1 ? ` (${result.attempts} tentativas)` : ''}`,
          )
          done++
          await ctx.progress(done, Math.max(total, done))
        }
        await sql.recountPackage(deps.db, packageId)
      }
      await sql.recountPackage(deps.db, packageId)
      const after = await sql.readPackage(deps.db, DEFAULT_REGULATOR, packageId)
      total = after?.items_total ?? done
      ok = after?.items_partial ?? ok
      const message = tn('sync.resultSummary.one', 'sync.resultSummary.other', total, { ok })
      log(message)
      outcome = { status: ok === total ? 'DONE' : ok > 0 ? 'PARTIAL' : 'ERROR', message }
      return { ok, total }
    } catch (err) {
      if (ctx.signal.aborted) throw err
      log(`Falha na sincronização: ${err instanceof Error ? err.message : String(err)}`)
      outcome = {
        status: 'ERROR',
        message: t('sync.itemNetworkError', {
          message: err instanceof Error ? err.message : String(err),
        }),
      }
      return { ok, total }
    } finally {
      try {
        if (!ctx.signal.aborted && lines.length > 0) await writeLog()
      } finally {
        if (outcome) await sql.setPackageState(deps.db, packageId, outcome)
      }
    }

    async function writeLog() {
      const text = Buffer.from(`${lines.join('\n')}\n`, 'utf8')
      const stored = await deps.storage.put(text, { suffix: 'txt' })
      const stamp = started
        .toISOString()
        .replace(/\.\d+Z$/, '')
        .replace(/[-:]/g, '')
      await sql.insertLog(deps.db, packageId, {
        name: `sincronizacao-${packageId}-${stamp}.txt`,
        storageKey: stored.key,
        size: stored.size,
      })
    }
  }
}

interface ItemResult {
  status: SyncItemStatus
  message: string
  action: SyncAction | null
  attempts: number
}

/** One item: insert, update or delete on the external server, with the retries. */
async function syncItem(
  deps: AppDeps,
  endpoint: Endpoint,
  layer: CatalogueLayer | undefined,
  item: sql.ItemRow,
  signal: AbortSignal,
): Promise<ItemResult> {
  if (!layer)
    return { status: 'ERROR', message: t('sync.itemLayerGone'), action: null, attempts: 0 }
  const featureId = Number(item.feature_id)
  const feature = await readFeature(deps.db, layer, featureId)
  if (!feature) {
    return { status: 'ERROR', message: t('sync.itemFeatureGone'), action: null, attempts: 0 }
  }
  const key = await sql.readRemoteKey(deps.db, DEFAULT_REGULATOR, layer.name, featureId)
  const remoteLayer = endpoint.layers[layer.name] ?? layer.name
  const action: SyncAction = feature.deleted ? 'DELETE' : key ? 'UPDATE' : 'INSERT'
  if (feature.deleted && !key) {
    return { status: 'SYNCED', message: t('sync.itemNothingToDelete'), action, attempts: 0 }
  }
  const attributes: Record<string, unknown> = {}
  for (const f of layerFields(layer)) {
    if (!f.system && f.type !== 'geometry') attributes[f.name] = feature.attributes[f.name] ?? null
  }
  const body: Record<string, unknown> = { attributes }
  if (layer.geometryType !== 'TABULAR') body.geom = feature.geom

  let attempts = 0
  for (;;) {
    attempts++
    try {
      const message = await (async () => {
        if (action === 'DELETE') {
          const res = await call(
            deps,
            endpoint,
            'DELETE',
            `/api/features/${key!.remote_layer}/${key!.remote_id}`,
            undefined,
            signal,
          )
          if (res.status !== 404) expectOk(res)
          await sql.deleteRemoteKey(deps.db, DEFAULT_REGULATOR, layer.name, featureId)
          return t('sync.itemDeleted')
        }
        if (key) {
          const path = `/api/features/${key.remote_layer}/${key.remote_id}`
          const current = await call(deps, endpoint, 'GET', path, undefined, signal)
          if (current.status !== 404) {
            expectOk(current)
            const version = (current.body as { version?: unknown }).version
            const res = await call(
              deps,
              endpoint,
              'PUT',
              `${path}?geom=${layer.geometryType !== 'TABULAR'}`,
              { ...body, version: String(version) },
              signal,
            )
            expectOk(res)
            if (res.status === 202) return t('sync.itemSubmitted')
            await sql.saveRemoteKey(deps.db, DEFAULT_REGULATOR, layer.name, featureId, key)
            return t('sync.itemSent', { remoteId: key.remote_id })
          }
        }
        const res = await call(deps, endpoint, 'POST', `/api/features/${remoteLayer}`, body, signal)
        expectOk(res)
        if (res.status === 202) return t('sync.itemSubmitted')
        const remoteId = Number((res.body as { id?: unknown }).id)
        await sql.saveRemoteKey(deps.db, DEFAULT_REGULATOR, layer.name, featureId, {
          remote_layer: remoteLayer,
          remote_id: remoteId,
        })
        return t('sync.itemSent', { remoteId })
      })()
      return {
        status: 'SYNCED',
        message,
        action: key && action === 'UPDATE' ? 'UPDATE' : action,
        attempts,
      }
    } catch (err) {
      const failure =
        err instanceof CallFailed
          ? err
          : new CallFailed(err instanceof Error ? err.message : String(err), false)
      if (!failure.retry || attempts >= SYNC_ATTEMPTS || signal.aborted) {
        return { status: 'ERROR', message: failure.message, action, attempts }
      }
      await sleep(SYNC_RETRY_BASE_MS * 3 ** (attempts - 1), signal)
    }
  }
}

function expectOk(res: Reply): void {
  if (res.status >= 200 && res.status < 300) return
  const retry = res.status >= 500 || res.status === 429 || res.status === 409
  throw new CallFailed(
    t('sync.itemHttpError', {
      status: res.status,
      message: remoteReason(res.status) + remoteFieldErrors(res.status, res.body),
    }),
    retry,
  )
}

/**
 * One HTTP call to the external server (its bearer token, JSON both ways, a time limit), to
 * an address the outbound rule allows (decision 70); a redirect is not followed (its status
 * is the answer). A refused address is the item's error at once, without a retry.
 */
async function call(
  deps: AppDeps,
  endpoint: Endpoint,
  method: string,
  path: string,
  body: unknown,
  signal: AbortSignal,
): Promise<Reply> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (endpoint.token) headers.authorization = `Bearer ${endpoint.token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  let res: OutboundResponse
  try {
    res = await outboundRequest(endpoint.base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.any([signal, AbortSignal.timeout(CALL_TIMEOUT_MS)]),
      allowedHosts: deps.config.outboundAllowedHosts,
    })
  } catch (err) {
    if (err instanceof OutboundRefusedError) {
      throw new CallFailed(t('sync.itemRefusedHost', { host: err.host }), false)
    }
    // A socket's code (ECONNREFUSED...), or why the call stopped (TimeoutError).
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err
    const text =
      cause instanceof Error ? ('code' in cause && String(cause.code)) || cause.name : String(err)
    throw new CallFailed(t('sync.itemNetworkError', { message: text }), true)
  }
  let parsed: unknown = null
  try {
    parsed = res.text ? JSON.parse(res.text) : null
  } catch {
    // not JSON: nothing of it is used
  }
  return { status: res.status, body: parsed }
}
