import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Extension } from '@electric-sql/pglite'
import { postgis } from '@electric-sql/pglite-postgis'
import { serverRoot } from '../paths'

/**
 * PostGIS for the embedded database, loaded from the trimmed bundle the build writes
 * (scripts/postgis-bundle.mjs): only postgis-3.so, the PROJ data and the extension's own
 * scripts are unpacked and compiled at start. Without a build (tests straight from the
 * sources) the package's full bundle is used: the same library, only slower to load.
 */
export function postgisExtension(): Extension {
  const trimmed = path.join(serverRoot, 'dist', 'postgis.tar.gz')
  if (!existsSync(trimmed)) return postgis
  return {
    name: postgis.name,
    async setup(pg, emscriptenOpts) {
      const setup = await postgis.setup(pg, emscriptenOpts)
      return { ...setup, bundlePath: pathToFileURL(trimmed) }
    },
  }
}
