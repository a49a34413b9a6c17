// Bundles the server (and the shared package's TypeScript) into dist/; npm packages stay external.
// Also writes dist/postgis.tar.gz, the trimmed PostGIS bundle the embedded database loads.
import { writePostgisBundle } from './scripts/postgis-bundle.mjs'
import { bundleServer } from './scripts/server-bundle.mjs'

await Promise.all([bundleServer(process.cwd()), writePostgisBundle('dist/postgis.tar.gz')])
