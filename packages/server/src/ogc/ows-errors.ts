import { t, type MessageKey } from '@gis/shared'

export type OwsExceptionCode =
  | 'MissingParameterValue'
  | 'InvalidParameterValue'
  | 'OperationNotSupported'
  | 'OperationParsingFailed'
  | 'OperationProcessingFailed'
  | 'InvalidValue'
  | 'CannotLockAllFeatures'
  | 'InvalidLockId'
  | 'VersionNegotiationFailed'
  | 'NoApplicableCode'
  | 'LayerNotDefined'
  | 'InvalidFormat'
  | 'InvalidCRS'
  | 'InvalidSRS'
  | 'StyleNotDefined'
  | 'InvalidPoint'
  | 'LayerNotQueryable'

/** A failure of an OGC request, answered as an OGC exception report in Portuguese. */
export class OwsError extends Error {
  readonly headers: Record<string, string>
  constructor(
    readonly code: OwsExceptionCode,
    key: MessageKey,
    readonly locator?: string,
    params: Record<string, string | number> = {},
    readonly status = 400,
    headers: Record<string, string> = {},
  ) {
    super(t(key, params))
    this.headers = headers
  }

  /** The same failure with a message already written (from another module's error). */
  static withMessage(
    code: OwsExceptionCode,
    message: string,
    locator?: string,
    status = 400,
    headers: Record<string, string> = {},
  ): OwsError {
    const err = new OwsError(code, 'http.badRequest', locator, {}, status, headers)
    err.message = message
    return err
  }
}

export function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) =>
    c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : c === '"' ? '&quot;' : '&apos;',
  )
}

/** A locator may echo a client's text: keep it short and printable. */
function locatorAttr(locator: string | undefined): string {
  if (!locator) return ''
  const clean = [...locator]
    .filter((c) => c >= ' ' && c !== '\u007f')
    .slice(0, 100)
    .join('')
  return ` locator="${escapeXml(clean)}"`
}

/**
 * ows:ExceptionReport: OWS 1.1 (WFS 2.0.0) or OWS 1.0 (WFS 1.1.0), as each version's
 * clients expect.
 */
export function exceptionReport(err: OwsError, wfsVersion: '2.0.0' | '1.1.0' = '2.0.0'): string {
  const [ns, version] =
    wfsVersion === '1.1.0'
      ? ['http://www.opengis.net/ows', '1.0.0']
      : ['http://www.opengis.net/ows/1.1', '2.0.0']
  return `<?xml version="1.0" encoding="UTF-8"?>
<ows:ExceptionReport xmlns:ows="${ns}" version="${version}" xml:lang="pt-BR">
  <ows:Exception exceptionCode="${err.code}"${locatorAttr(err.locator)}>
    <ows:ExceptionText>${escapeXml(err.message)}</ows:ExceptionText>
  </ows:Exception>
</ows:ExceptionReport>
`
}

/** WMS ServiceExceptionReport: 1.3.0's in its namespace, 1.1.1's without one. */
export function serviceExceptionReport(
  err: OwsError,
  version: '1.3.0' | '1.1.1' = '1.3.0',
): string {
  const root =
    version === '1.1.1'
      ? '<ServiceExceptionReport version="1.1.1">'
      : '<ServiceExceptionReport version="1.3.0" xmlns="http://www.opengis.net/ogc">'
  return `<?xml version="1.0" encoding="UTF-8"?>
${root}
  <ServiceException code="${err.code}"${locatorAttr(err.locator)}>${escapeXml(err.message)}</ServiceException>
</ServiceExceptionReport>
`
}
