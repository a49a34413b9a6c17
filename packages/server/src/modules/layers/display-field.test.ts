import { describe, expect, it } from 'vitest'
import { expectFieldErrors, useTestApp } from '../../../test/harness'
import { editableLayer } from '../../../test/layers'

// The field that names a layer's features in lists (decision 67): the default rule, the
// administrator's choice in PUT /api/layers/{id}, and POST /api/features/labels.

const t = useTestApp()

const as = (token: string) => (method: string, url: string, payload?: unknown) =>
  t.api({ method, url, token, payload })

async function record(name: string) {
  return (await as(t.admin)('GET', `/api/layers/${name}`)).json()
}

const editable = editableLayer

async function someIds(layer: string, n: number): Promise<{ id: number; row: any }[]> {
  const { rows } = await t.db.query<any>(
    `SELECT * FROM data.${layer} WHERE NOT d_e_l_e_t_ ORDER BY id LIMIT ${n}`,
  )
  return rows.map((row) => ({ id: Number(row.id), row }))
}

describe('the display field of a layer', () => {
  it('defaults to a code or name field, else the first text field', async () => {
    const descriptions = (await as(t.user)('GET', '/api/config/layers')).json<any[]>()
    const byName = Object.fromEntries(descriptions.map((d) => [d.name, d]))
    expect(byName.oae).toMatchObject({ displayField: null, labelField: 'codigo' })
    expect(byName.municipios).toMatchObject({ displayField: null, labelField: 'nome' })
    expect(byName.placas).toMatchObject({ displayField: null, labelField: 'codigo_ctb' })
    expect(byName.marcos_km).toMatchObject({ displayField: null, labelField: 'rodovia' })
  })

  it('is saved by an administrator and names the features from then on', async () => {
    const oae = await record('oae')
    const res = await as(t.admin)(
      'PUT',
      `/api/layers/${oae.id}`,
      editable(oae, { displayField: 'tipo' }),
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ displayField: 'tipo', labelField: 'tipo' })
    expect(await record('oae')).toMatchObject({ displayField: 'tipo', labelField: 'tipo' })

    const [first] = await someIds('oae', 1)
    const labels = await as(t.user)('POST', '/api/features/labels', {
      items: [{ layer: 'oae', id: first!.id }],
    })
    expect(labels.json()).toEqual([{ layer: 'oae', id: first!.id, label: first!.row.tipo }])

    // Left out of a later PUT, it stays; null goes back to the default rule.
    const again = await as(t.admin)('PUT', `/api/layers/${oae.id}`, editable(oae))
    expect(again.json()).toMatchObject({ displayField: 'tipo' })
    const reset = await as(t.admin)(
      'PUT',
      `/api/layers/${oae.id}`,
      editable(oae, { displayField: null }),
    )
    expect(reset.json()).toMatchObject({ displayField: null, labelField: 'codigo' })
  })

  it('is refused for a user who is not an administrator, and nothing changes', async () => {
    const placas = await record('placas')
    const res = await as(t.user)(
      'PUT',
      `/api/layers/${placas.id}`,
      editable(placas, { displayField: 'rodovia' }),
    )
    expect(res.statusCode).toBe(403)
    expect(await record('placas')).toMatchObject({ displayField: null, labelField: 'codigo_ctb' })
  })

  it('is refused, in Portuguese, when the field does not exist or is not text; nothing changes', async () => {
    const placas = await record('placas')
    const unknown = await as(t.admin)(
      'PUT',
      `/api/layers/${placas.id}`,
      editable(placas, { title: 'Outro título', displayField: 'nao_existe' }),
    )
    expectFieldErrors(unknown, {
      displayField: 'O campo de exibição nao_existe não existe neste layer.',
    })
    const municipios = await record('municipios')
    const notText = await as(t.admin)(
      'PUT',
      `/api/layers/${municipios.id}`,
      editable(municipios, { displayField: 'populacao' }),
    )
    expectFieldErrors(notText, {
      displayField: 'O campo de exibição populacao não é um campo de texto.',
    })
    expect(await record('placas')).toMatchObject({ title: placas.title, displayField: null })
    expect(await record('municipios')).toMatchObject({ displayField: null, labelField: 'nome' })
  })
})

describe('POST /api/features/labels', () => {
  it('names features of several layers in one answer; unknown ids are left out', async () => {
    const placas = await someIds('placas', 2)
    const municipios = await someIds('municipios', 1)
    const res = await as(t.user)('POST', '/api/features/labels', {
      items: [
        ...placas.map(({ id }) => ({ layer: 'placas', id })),
        { layer: 'municipios', id: municipios[0]!.id },
        { layer: 'placas', id: 99_999_999 },
      ],
    })
    expect(res.statusCode).toBe(200)
    const byKey = Object.fromEntries(res.json<any[]>().map((l) => [`${l.layer}.${l.id}`, l.label]))
    expect(byKey).toEqual({
      [`placas.${placas[0]!.id}`]: placas[0]!.row.codigo_ctb,
      [`placas.${placas[1]!.id}`]: placas[1]!.row.codigo_ctb,
      [`municipios.${municipios[0]!.id}`]: municipios[0]!.row.nome,
    })
  })

  it('tells nothing of layers the user may not read, nor of unknown layers', async () => {
    const [ocorrencia] = await someIds('ocorrencias', 1)
    const items = [
      { layer: 'ocorrencias', id: ocorrencia!.id },
      { layer: 'nao_existe', id: 1 },
    ]
    const denied = await as(t.user)('POST', '/api/features/labels', { items })
    expect(denied.statusCode).toBe(200)
    expect(denied.json()).toEqual([])
    const allowed = await as(t.admin)('POST', '/api/features/labels', { items })
    expect(allowed.json()).toEqual([
      { layer: 'ocorrencias', id: ocorrencia!.id, label: ocorrencia!.row.descricao },
    ])
  })

  it('refuses more than 1000 features and answers no one signed out', async () => {
    const items = Array.from({ length: 1001 }, (_, i) => ({ layer: 'placas', id: i + 1 }))
    expect((await as(t.user)('POST', '/api/features/labels', { items })).statusCode).toBe(400)
    const anonymous = await t.post('/api/features/labels', { items: [] })
    expect(anonymous.statusCode).toBe(401)
  })
})
