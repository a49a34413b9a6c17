import { t, type MessageKey } from '@gis/shared'

export type OwsExceptionCode =
  | 'MissingParameterValue'
  | 'InvalidParameterValue'
  | 'OperationNotSupported'
  | 'OperationParsingFailed'
  | 'NoApplicableCode'
  | 'LayerNotDefined'
  | 'InvalidFormat'

/** A failure of an OGC request, answered as an OGC exception report in Portuguese. */
export class OwsError extends Error {
  constructor(
    readonly code: OwsExceptionCode,
    key: MessageKey,
    readonly locator?: string,
    params: Record<string, string | number> = {},
    readonly status = 400,
  ) {
    super(t(key, params))
  }
}

export function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) =>
    c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : c === '"' ? '&quot;' : '&apos;',
  )
}

/** OWS 1.1 ExceptionReport (WFS 2.0). */
export function exceptionReport(err: OwsError): string {
  const locator = err.locator ? ` locator="${escapeXml(err.locator)}"` : ''
  return `<?xml version="1.0" encoding="UTF-8"?>
<ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/1.1" version="2.0.0" xml:lang="pt-BR">
  <ows:Exception exceptionCode="${err.code}"${locator}>
    <ows:ExceptionText>${escapeXml(err.message)}</ows:ExceptionText>
  </ows:Exception>
</ows:ExceptionReport>
`
}

/** WMS 1.3.0 ServiceExceptionReport. */
export function serviceExceptionReport(err: OwsError): string {
  const locator = err.locator ? ` locator="${escapeXml(err.locator)}"` : ''
  return `<?xml version="1.0" encoding="UTF-8"?>
<ServiceExceptionReport version="1.3.0" xmlns="http://www.opengis.net/ogc">
  <ServiceException code="${err.code}"${locator}>${escapeXml(err.message)}</ServiceException>
</ServiceExceptionReport>
`
}
