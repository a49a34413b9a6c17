// The part of yazl's API the exports use (the package ships no types).
declare module 'yazl' {
  import type { Readable } from 'node:stream'

  export class ZipFile {
    outputStream: Readable
    addFile(realPath: string, metadataPath: string, options?: { compress?: boolean }): void
    addBuffer(buffer: Buffer, metadataPath: string, options?: { compress?: boolean }): void
    addReadStream(stream: Readable, metadataPath: string, options?: { compress?: boolean }): void
    end(): void
  }
  const yazl: { ZipFile: typeof ZipFile }
  export default yazl
}
