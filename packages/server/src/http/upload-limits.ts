/**
 * The multipart limits of a route that takes one file: one byte past the size limit, so the
 * storage (which stops at the limit) says it first, in Portuguese; a few small fields.
 */
export function oneFileUploadLimits(maxBytes: number) {
  return {
    fileSize: maxBytes + 1,
    files: 1,
    fields: 10,
    fieldSize: 64 * 1024,
    parts: 20,
    headerPairs: 100,
  }
}
