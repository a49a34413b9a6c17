import { t, type MessageKey } from '@gis/shared'
import type { Mailer } from './mailer'

/** Mail that follows a change, sent after the answer; a failure is only logged. */
export interface Notices {
  mailer: Mailer
  projectName: string
  onError: (err: unknown) => void
}

/**
 * Sends a notice titled "<project> - <subject>" without waiting for it; the body's message gets
 * the project's name as `project`.
 */
export function sendNotice(
  notices: Notices,
  to: string,
  keys: { subject: MessageKey; body: MessageKey },
  params: Record<string, string>,
): void {
  notices.mailer
    .send({
      to,
      subject: `${notices.projectName} - ${t(keys.subject)}`,
      text: t(keys.body, { ...params, project: notices.projectName }),
    })
    .catch(notices.onError)
}
