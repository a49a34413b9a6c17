import { DEFAULT_STYLE, newTemplate, type ReportSaveBody, type ReportTemplate } from '@gis/shared'

/** A small template for the API tests: a title row and a ROW_GENERATOR page of two fields. */
export function sampleTemplate(name: string, layer = 'oae'): ReportTemplate {
  return {
    ...newTemplate(),
    name,
    layer,
    styles: [{ name: 'Padrão', ...DEFAULT_STYLE }],
    grid: [
      {
        type: 'NONE',
        title: 'Capa',
        rows: [{ cells: [{ colSpan: 1, rowSpan: 1, value: 'Relatório ${layer} (${total})' }] }],
      },
      {
        type: 'ROW_GENERATOR',
        title: 'Lista',
        rows: [
          {
            cells: [
              { colSpan: 1, rowSpan: 1, value: '${id}' },
              { colSpan: 1, rowSpan: 1, value: '${codigo}' },
            ],
          },
        ],
      },
    ],
  }
}

export function saveBody(name: string, over: Partial<ReportSaveBody> = {}): ReportSaveBody {
  return {
    folder: 'Testes',
    reportType: 'summary',
    visible: true,
    mine: false,
    parameters: [{ name: 'LAYER_NAME', type: 'LAYER_NAME', value: 'oae' }],
    template: sampleTemplate(name),
    ...over,
  }
}

/** Posts a multipart form straight to the test server (the harness sends JSON only). */
export async function postForm(
  baseUrl: string,
  url: string,
  token: string,
  fields: Record<string, string | { name: string; bytes: Buffer | string; type?: string }>,
) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value)
    else form.append(key, new Blob([value.bytes], { type: value.type ?? '' }), value.name)
  }
  const res = await fetch(baseUrl + url, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  })
  const text = await res.text()
  return { statusCode: res.status, headers: res.headers, json: () => JSON.parse(text) }
}
