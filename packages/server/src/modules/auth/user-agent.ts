import Bowser from 'bowser'
import { t } from '@gis/shared'

export interface AgentDescription {
  /** Browser and major version: 'Chrome 126'. */
  browser: string
  /** Operating system: 'Windows 10', 'macOS Catalina', 'Android 14', 'Linux'. */
  system: string
}

const major = (version: string | undefined) => version?.match(/\d+/)?.[0]

// Sign-ins come from a handful of browsers: their descriptions are remembered.
const cache = new Map<string, AgentDescription>()
const CACHE_MAX = 500

/** A person's description of a User-Agent header; 'Desconhecido' for what is not recognised. */
export function describeUserAgent(userAgent: string): AgentDescription {
  const hit = cache.get(userAgent)
  if (hit) return hit
  const unknown = t('logins.unknownAgent')
  let description: AgentDescription = { browser: unknown, system: unknown }
  if (userAgent.trim()) {
    const { browser, os } = Bowser.parse(userAgent)
    description = {
      browser: browser.name
        ? [browser.name, major(browser.version)].filter(Boolean).join(' ')
        : unknown,
      system: os.name
        ? [os.name, os.versionName ?? major(os.version)].filter(Boolean).join(' ')
        : unknown,
    }
  }
  if (cache.size >= CACHE_MAX) cache.clear()
  cache.set(userAgent, description)
  return description
}
