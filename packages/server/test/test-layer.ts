import type { AttributeType } from '@gis/shared'
import type { Queryable } from '../src/db/types'
import {
  attachLayerTriggers,
  createLayerTable,
  type LayerFieldDef,
} from '../src/layer-data/layer-tables'
import { rowValues } from './test-rows'

/**
 * A layer of every attribute type for the search, export, report, sync and WFS tests:
 * texts with quotes, backslashes, `%`, `_`, SQL fragments and formula triggers, numbers of
 * three column types, booleans, dates, date-times, times, nulls everywhere, deleted rows and
 * rows without geometry. Registered in the catalogue so that the API sees it.
 */
export const TEST_FIELDS: (LayerFieldDef & { type: AttributeType })[] = [
  { name: 's', type: 'string', sqlType: 'varchar(60)', title: 'Texto', maxLength: 60 },
  { name: 'n', type: 'number', sqlType: 'double precision', title: 'Real' },
  { name: 'i', type: 'number', sqlType: 'integer', title: 'Inteiro' },
  { name: 'k', type: 'number', sqlType: 'numeric(12,3)', title: 'Km' },
  { name: 'b', type: 'boolean', sqlType: 'boolean', title: 'Ativo' },
  { name: 'd', type: 'date', sqlType: 'date', title: 'Data' },
  { name: 'dt', type: 'datetime', sqlType: 'timestamptz', title: 'Data e hora' },
  { name: 'tm', type: 'time', sqlType: 'time', title: 'Hora' },
]

export const TEST_STRINGS = [
  'ponte',
  'Ponte',
  'PONTE 2',
  'viaduto',
  'passa_rela',
  '50%',
  "o'clock",
  '',
  'a\\b',
  "'; DROP TABLE data.x; --",
  '=1+2',
  '-3',
  '@SUM(A1)',
  '+55 11',
  'ção e acentuação',
]
export const TEST_NUMBERS = [-1.5, 0, 2, 10, 12.25, 1000000]
export const TEST_INTS = [-3, 0, 1, 2, 42]
export const TEST_DATES = ['2020-02-29', '2023-01-01', '2024-12-31', '1999-07-04']
export const TEST_DATETIMES = [
  '2024-03-01T10:00:00.000Z',
  '2024-03-01T03:00:00.000Z',
  '2021-06-15T23:59:59.000Z',
]
export const TEST_TIMES = ['00:00:00', '08:30:00', '12:00:01', '23:59:59']

/** Creates and fills the test layer `name` (point geometry, or TABULAR) with `count` rows. */
export async function createTestLayer(
  db: Queryable,
  name: string,
  opts: { count?: number; tabular?: boolean } = {},
): Promise<void> {
  const count = opts.count ?? 60
  await createLayerTable(db, name, opts.tabular ? 'TABULAR' : 'point', TEST_FIELDS)
  await db.query(
    `INSERT INTO app.layers (name, title, table_name, geometry_type, attributes, layout,
       fields_format, domains)
     VALUES ($1, $2, $1, $3, $4::text::jsonb, '[]', '[]', $5::text::jsonb)`,
    [
      name,
      `Teste ${name}`,
      opts.tabular ? 'TABULAR' : 'point',
      JSON.stringify(
        TEST_FIELDS.map((f) => ({
          name: f.name,
          type: f.type,
          maxLength: f.maxLength ?? null,
          title: f.title,
          tooltip: '',
        })),
      ),
      JSON.stringify({ s: { title: 'Texto', type: 'selectable', values: ['ponte', 'viaduto'] } }),
    ],
  )
  for (let i = 0; i < count; i++) {
    await db.query(
      `INSERT INTO data.${name} (${opts.tabular ? '' : 'geom, '}d_e_l_e_t_, s, n, i, k, b, d, dt, tm)
       VALUES (${
         opts.tabular
           ? ''
           : `CASE WHEN $1::int % 7 = 0 THEN NULL
                   ELSE ST_SetSRID(ST_MakePoint(-47 - $1::int / 100.0, -23 + $1::int / 200.0), 4326) END, `
       }$1::int % 5 = 0, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        i,
        ...rowValues(i, {
          strings: TEST_STRINGS,
          numbers: TEST_NUMBERS,
          ints: TEST_INTS,
          dates: TEST_DATES,
          datetimes: TEST_DATETIMES,
          times: TEST_TIMES,
        }),
      ],
    )
  }
  await attachLayerTriggers(db, name)
}
