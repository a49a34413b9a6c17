import { tableCreateSchema, tableNameProblem } from '@gis/shared/admin'
import { t } from '@gis/shared/i18n'
import { describe, expect, it } from 'vitest'
import { schemaResolver } from './schema-resolver'

type NewTable = { name: string; geometry: 'Point' | 'Polygon' }

const resolver = schemaResolver<NewTable>(tableCreateSchema.pick({ name: true, geometry: true }), [
  {
    field: 'name',
    fails: (v) => Boolean(tableNameProblem(v.name, ['obras'])),
    message: (v) => {
      const problem = tableNameProblem(v.name, ['obras'])!
      return t(problem.key, problem.params)
    },
  },
])

const check = (values: NewTable) =>
  resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false })

describe('schemaResolver', () => {
  it("takes a cross check's message from the values (a name rule's own message)", async () => {
    const reserved = await check({ name: 'select', geometry: 'Point' })
    expect(reserved.errors.name?.message).toBe(
      'Não é possível criar uma tabela com o nome de select!',
    )
    const taken = await check({ name: 'obras', geometry: 'Point' })
    expect(taken.errors.name?.message).toBe(t('admin.schema.tableNameExists'))
  })

  it('passes the values when every check holds', async () => {
    const ok = await check({ name: 'obras_novas', geometry: 'Polygon' })
    expect(ok.errors).toEqual({})
    expect(ok.values).toEqual({ name: 'obras_novas', geometry: 'Polygon' })
  })
})
