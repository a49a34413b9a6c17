/**
 * The messages between the CPU pool (cpu-pool.ts, on the server's main thread) and its worker
 * threads (cpu-runtime.ts). A worker runs one task at a time; while it runs, the task may ask
 * the main thread for what only the main thread has (the database, the files) by a call.
 */

/** main → worker */
export type ToWorker =
  | { type: 'run'; id: number; task: string; input: unknown }
  | { type: 'answer'; id: number; call: number; ok: true; value: unknown }
  | { type: 'answer'; id: number; call: number; ok: false; message: string }

/** worker → main */
export type FromWorker =
  | { type: 'done'; id: number; ok: true; value: unknown }
  | { type: 'done'; id: number; ok: false; message: string; name: string }
  | { type: 'call'; id: number; call: number; name: string; input: unknown }

/**
 * A value sent with the buffers moved to the other thread instead of copied (postMessage's
 * transfer list): a task's result or a call's answer. The sender must not use them afterwards.
 */
export class Transfer<T> {
  constructor(
    readonly value: T,
    readonly list: ArrayBuffer[],
  ) {}
}

/** Bytes in an ArrayBuffer of their own, which may be transferred (never a pooled Buffer's). */
export function ownBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes
  if (
    buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === buffer.byteLength
  ) {
    return new Uint8Array(buffer)
  }
  return new Uint8Array(bytes)
}

/** A value and its transfer list, as postMessage takes them. */
export function unwrap(value: unknown): { value: unknown; list: ArrayBuffer[] } {
  return value instanceof Transfer ? { value: value.value, list: value.list } : { value, list: [] }
}
