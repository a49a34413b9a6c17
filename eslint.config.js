import fs from 'node:fs'
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { floorsRule } from './eslint/floors-rule.js'
import { noCycleRule } from './eslint/no-cycle-rule.js'

const server = './packages/server/src'
const web = './packages/web/src'

/**
 * The floors of the code (docs/architecture.md): a floor imports only from the floors below.
 * Server: infrastructure (db, http, mail, storage, jobs, workers, gdal, archive, config, paths) < the domain cores
 * (auth, layer-data) < the features (modules, tiles, ogc) < the composition (app, main, the
 * demo seed and the command-line entry points). `app-deps.ts` is the contract (types) every
 * feature receives. Tests may reach across floors to set up what they check.
 * Web: api, state, components, map < features < app. A feature imports another feature only
 * through its index.ts; the composition (app/) may load a window or a page from its file.
 */
const SERVER_INFRA = ['db', 'http', 'mail', 'storage', 'jobs', 'workers', 'gdal', 'archive'].map(
  (d) => `${server}/${d}`,
)
const SERVER_CORE = ['auth', 'layer-data'].map((d) => `${server}/${d}`)
const SERVER_FEATURES = ['modules', 'tiles', 'ogc'].map((d) => `${server}/${d}`)
const SERVER_TOP = [
  `${server}/app.ts`,
  `${server}/main.ts`,
  `${server}/seed.ts`,
  `${server}/db-export.ts`,
  `${server}/cpu-worker.ts`,
  `${server}/demo`,
]
const WEB_BASE = ['api', 'state', 'components', 'map'].map((d) => `${web}/${d}`)
const WEB_FEATURES = fs
  .readdirSync(`${web}/features`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => `${web}/features/${d.name}`)

const zones = [
  ...SERVER_INFRA.map((target) => ({
    target,
    from: [...SERVER_CORE, ...SERVER_FEATURES, ...SERVER_TOP],
    message:
      'Infrastructure (db, http, mail, storage, jobs, workers, gdal, archive) must not depend on what is built on it.',
  })),
  ...SERVER_CORE.map((target) => ({
    target,
    from: [...SERVER_FEATURES, ...SERVER_TOP],
    message: 'auth and layer-data are the cores the features build on: no import from a feature.',
  })),
  ...SERVER_FEATURES.map((target) => ({
    target,
    from: SERVER_TOP,
    message: 'Features receive their dependencies (AppDeps); they never import the composition.',
  })),
  {
    target: './packages/shared/src',
    from: ['./packages/server', './packages/web'],
    message: 'packages/shared is used by server and web alike: it imports neither.',
  },
  ...WEB_BASE.map((target) => ({
    target,
    from: [`${web}/features`, `${web}/app`],
    message: 'api, state, components and map are shared by the features: no import from a feature.',
  })),
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message:
      'Features do not import the composition (app/): store hooks, session and busy are in state/, the window table is registered by app/.',
  },
  ...WEB_FEATURES.map((target) => ({
    target,
    from: `${web}/features`,
    except: target,
    indexOnly: true,
    message: "A feature imports another feature only through its index.ts ('../<feature>').",
  })),
]

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.tmp/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { local: { rules: { floors: floorsRule, 'no-cycle': noCycleRule } } },
    rules: {
      'local/floors': ['error', { zones }],
      'local/no-cycle': 'error',
    },
  },
  {
    // One table pattern (docs/web.md): screens use DataTable, PagedTable or FieldTable.
    files: ['packages/web/src/**/*.tsx'],
    ignores: ['packages/web/src/components/DataTable.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['@mui/material/Table', '@mui/material/TableHead', '@mui/material/TableBody'].map(
            (name) => ({
              name,
              message: 'A table is a DataTable (components/DataTable: PagedTable, FieldTable).',
            }),
          ),
        },
      ],
    },
  },
)
