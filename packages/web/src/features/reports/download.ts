import { downloadBlob } from '../../components/download'

/** Saves a value as a .json file. */
export function downloadJson(value: unknown, filename: string): void {
  downloadBlob(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), filename)
}
