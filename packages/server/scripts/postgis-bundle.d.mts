/** Whether a path of the package's PostGIS tarball goes into the trimmed bundle. */
export function keep(entry: string): boolean
/** Writes the trimmed bundle to `target` unless it is up to date; true when it wrote it. */
export function writePostgisBundle(target: string): Promise<boolean>
