import { downloadBlob } from '../../components/download'

/** A folder read from the browser: its name and its files (nested ones included). */
export interface PickedFolder {
  name: string
  files: File[]
}

/** The files of an `<input webkitdirectory>`: the folder is the first part of their paths. */
export function folderOfInput(list: FileList | null): PickedFolder | undefined {
  const files = Array.from(list ?? [])
  if (files.length === 0) return undefined
  const first = files[0]!.webkitRelativePath || files[0]!.name
  return { name: first.split('/')[0] || first, files }
}

function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => {
    const all: FileSystemEntry[] = []
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) resolve(all)
        else {
          all.push(...batch)
          next()
        }
      }, reject)
    next()
  })
}

async function filesOf(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    )
    return [file]
  }
  if (!entry.isDirectory) return []
  const children = await readAll((entry as FileSystemDirectoryEntry).createReader())
  const nested = await Promise.all(children.map(filesOf))
  return nested.flat()
}

/**
 * The folder dropped on the area (DataTransferItem.webkitGetAsEntry). Undefined when what was
 * dropped is not a folder.
 */
export async function folderOfDrop(items: DataTransferItemList): Promise<PickedFolder | undefined> {
  const entry = Array.from(items)
    .map((item) => item.webkitGetAsEntry?.())
    .find((e): e is FileSystemEntry => Boolean(e?.isDirectory))
  if (!entry) return undefined
  return { name: entry.name, files: await filesOf(entry) }
}

/** Chrome and Edge 86+, Opera 72+: the browsers with local folder access (spec 2 §1, §9). */
export function folderAccessSupported(): boolean {
  if (typeof window === 'undefined') return false
  if ('showDirectoryPicker' in window) return true
  const ua = navigator.userAgent
  const version = (re: RegExp) => Number(re.exec(ua)?.[1] ?? 0)
  if (/OPR\//.test(ua)) return version(/OPR\/(\d+)/) >= 72
  if (/Edg\//.test(ua)) return version(/Edg\/(\d+)/) >= 86
  return /Chrome\//.test(ua) && !/Firefox|FxiOS/.test(ua) && version(/Chrome\/(\d+)/) >= 86
}

/** Downloads a text as a csv file. */
export function downloadCsv(fileName: string, text: string): void {
  downloadBlob(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }), fileName)
}
