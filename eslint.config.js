import fs from 'node:fs'
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { FUNCTION_BUDGET, OVER_BUDGET } from './eslint/function-budget.js'
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
 * Web: api, state, components, map, windows < features < app. No feature imports another:
 * a part several features use lives on a floor below, and a screen that shows another
 * feature's part is put together by the composition (app/, decision 95). api does not import
 * state (the slices react to the API, not the other way round).
 */
const SERVER_INFRA = [
  'db',
  'http',
  'mail',
  'storage',
  'jobs',
  'workers',
  'gdal',
  'archive',
  'config.ts',
  'paths.ts',
].map((d) => `${server}/${d}`)
const SERVER_CORE = ['auth', 'layer-data'].map((d) => `${server}/${d}`)
// app-deps.ts: the contract (types) every feature receives, beside them.
const SERVER_FEATURES = ['modules', 'tiles', 'ogc', 'app-deps.ts'].map((d) => `${server}/${d}`)
const SERVER_TOP = [
  `${server}/app.ts`,
  `${server}/main.ts`,
  `${server}/seed.ts`,
  `${server}/db-export.ts`,
  `${server}/cpu-worker.ts`,
  `${server}/start-banner.ts`,
  `${server}/storage-migrate.ts`,
  `${server}/demo`,
]
const WEB_BASE = ['api', 'state', 'components', 'map', 'windows'].map((d) => `${web}/${d}`)
const WEB_FEATURES = fs
  .readdirSync(`${web}/features`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => `${web}/features/${d.name}`)

const zones = [
  ...SERVER_INFRA.map((target) => ({
    target,
    from: [...SERVER_CORE, ...SERVER_FEATURES, ...SERVER_TOP],
    message:
      'Infrastructure (db, http, mail, storage, jobs, workers, gdal, archive, config, paths) must not depend on what is built on it.',
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
  // The approvals' gates are passed in by app.ts (decision 74): the feature calls and the
  // attachment uploads import nothing of approvals, which uses them.
  ...['features', 'attachments'].map((m) => ({
    target: `${server}/modules/${m}`,
    from: `${server}/modules/approvals`,
    message: `${m} receives the approvals' gate from app.ts: it imports nothing of approvals.`,
  })),
  {
    target: server,
    from: './packages/server/test',
    message: "The server's code never imports the tests' helpers (packages/server/test).",
  },
  {
    target: './packages/shared/src',
    from: ['./packages/server', './packages/web'],
    message: 'packages/shared is used by server and web alike: it imports neither.',
  },
  ...WEB_BASE.map((target) => ({
    target,
    from: [`${web}/features`, `${web}/app`],
    message:
      'api, state, components, map and windows are shared by the features: no import from a feature.',
  })),
  {
    target: `${web}/api`,
    from: `${web}/state`,
    message:
      'api/ does not import state/: a slice reacts to an endpoint (extraReducers), the store passes what the API needs.',
  },
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
    message:
      'A feature does not import another feature: move the shared part down (api, state, components, map, windows) or compose the screen in app/.',
  })),
]

/**
 * The folders between which an import may go one way only (`local/no-cycle`'s `folders`): each
 * feature, and each top folder of the web app (api, state, components, map, windows, app).
 */
const TIED_FOLDERS = [`${web}/features/*`, `${web}/*`]

/** Server files free of the SQL floors: tests, the layer-data core, the demo's own seeding. */
const SERVER_FREE = [
  '**/*.test.ts',
  'packages/server/src/layer-data/**',
  // The demo fills fixed tables of its own (data.oae, data.placas…) as a loader outside the
  // product would: its statements name them directly.
  'packages/server/src/demo/**',
]

/** One way a route reads its caller: callerOf, from auth/caller.ts. */
const CALLER_RULE = {
  selector: "Identifier[name='contextOf'], Literal[value='contextOf']",
  message:
    'Read the caller with callerOf(auth, request) (auth/caller.ts); contextOf stays inside auth/.',
}

/**
 * The soft-delete rule is written once, in layer-data/layer-read.ts: a statement names the
 * deletion column only through it (an API summary may mention it).
 */
const SOFT_DELETE_RULE = {
  selector:
    'Literal[value=/d_e_l_e_t_/]:not(Property[key.name=/^(summary|description)$/] > Literal), TemplateElement[value.raw=/d_e_l_e_t_/]',
  message:
    "The soft-delete rule is layer-data's: read live rows with layerRead/liveSql and name the flag as DELETED_COLUMN (layer-data/layer-read.ts).",
}

/** A layer table is named only in layer-data/ and in *.sql.ts files. */
const LAYER_TABLE_RULE = {
  regex: 'layer-data/(model|layer-read)$',
  importNames: ['tableSql', 'layerRead'],
  message:
    'A layer table is read or written only in layer-data/ and *.sql.ts files: move the statement there.',
}

/** A route speaks HTTP and calls its service; the statements are the service's. */
const ROUTE_SQL_RULE = {
  regex: '\\.sql$',
  message: 'A route never imports a *.sql.ts: it calls its service, which runs the statements.',
}

/** max-lines-per-function's options: lines of code, blank lines and comments left out. */
function functionBudget(max) {
  return { max, skipBlankLines: true, skipComments: true }
}

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
      'local/no-cycle': ['error', { folders: TIED_FOLDERS }],
    },
  },
  // The server's floors of SQL and of the caller (docs/architecture.md). A later config replaces
  // a rule's options for the files it matches, so each file set below lists every restriction
  // that applies to it.
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: [...SERVER_FREE, 'packages/server/src/auth/**'],
    rules: { 'no-restricted-syntax': ['error', CALLER_RULE, SOFT_DELETE_RULE] },
  },
  {
    files: ['packages/server/src/auth/**/*.ts'],
    ignores: SERVER_FREE,
    rules: { 'no-restricted-syntax': ['error', SOFT_DELETE_RULE] },
  },
  {
    files: ['packages/server/src/layer-data/**/*.ts', 'packages/server/src/demo/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', CALLER_RULE] },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: [...SERVER_FREE, '**/*.sql.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [LAYER_TABLE_RULE] }] },
  },
  {
    files: ['packages/server/src/**/*.routes.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ROUTE_SQL_RULE, LAYER_TABLE_RULE] }] },
  },
  {
    // The rules of hooks, every effect's dependencies (an effect that must not rerun on a value
    // reads it through useEffectEvent), and the React Compiler's checks that the code passes.
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: reactHooks.configs.flat.recommended.plugins,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      // Findings of the React Compiler's checks not fixed yet (docs/web.md, "Hooks"), by count
      // on 2026-12-03: a ref written during render (37), setState in an effect (23), a
      // component made during render (1: the window table's lazy component, cached per type).
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/static-components': 'off',
    },
  },
  {
    // A component or hook within the length budget (eslint/function-budget.js); the files over
    // it when the rule came are held at their length below.
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', functionBudget(FUNCTION_BUDGET)] },
  },
  ...Object.entries(OVER_BUDGET).map(([file, max]) => ({
    files: [file],
    rules: { 'max-lines-per-function': ['error', functionBudget(max)] },
  })),
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
