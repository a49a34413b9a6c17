/** A PDF whose A4 pages hold these content streams (PDF operators), written by hand. */
export function pdfOf(pages: string[]): Buffer
/** A page of a million strokes: minutes of pdftoppm at any size, 170 KB compressed. */
export function heavyStrokes(): string
/** A one-page PDF of a million strokes: more than the server's PDF_TIMEOUT_SECONDS to draw. */
export function heavyPdf(): Buffer
/**
 * Runs `ogr2ogr ...args a.geojson` in a new temporary folder, where a.geojson holds one point
 * of these properties at [lon, lat]; answers what `read(folder)` takes of what it wrote, and
 * removes the folder. Throws when ogr2ogr is not installed or fails.
 */
export function ogr2ogrPoint<T>(
  properties: Record<string, unknown>,
  coordinates: [number, number],
  args: string[],
  read: (dir: string) => T,
): T
/** A zipped shapefile of one point (`name.shp.zip`, as ogr2ogr writes it). */
export function shapefileZip(
  name: string,
  properties: Record<string, unknown>,
  coordinates: [number, number],
): Buffer
