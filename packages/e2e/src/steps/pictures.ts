import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Locator, Page } from '@playwright/test'
import { expect, timed } from '../fixtures'

const here = path.dirname(fileURLToPath(import.meta.url))
const SCREENSHOT_DIR = path.resolve(here, '../../screenshots')

/**
 * Saves a screenshot under packages/e2e/screenshots/ for a person to look at, when
 * E2E_SCREENSHOTS=1 (otherwise nothing: a picture no one opens only costs time). A picture
 * that guards a rendering is compared instead: `expectPicture`.
 */
export async function snap(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return
  await timed('screenshot', async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true })
    await page.waitForLoadState('networkidle').catch(() => undefined)
    await page.evaluate(() => document.fonts.ready)
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) })
  })
}

/** Runs axe-core on the page (with Lighthouse's rules); returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP forbids injected script tags.
  const axePath = path.join(
    path.dirname(createRequire(import.meta.url).resolve('axe-core')),
    'axe.min.js',
  )
  await page.evaluate(readFileSync(axePath, 'utf8'))
  // A toast or dialog still fading in has a blended colour: judge the page at rest.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  const result = await page.evaluate(async () => {
    type Run = (ctx: Document, options: object) => Promise<AxeResult>
    const axe = (window as unknown as { axe: { run: Run } }).axe
    // Lighthouse also checks that a control's visible text is part of its name (WCAG 2.5.3),
    // a rule axe leaves off by default.
    return axe.run(document, { rules: { 'label-content-name-mismatch': { enabled: true } } })
  })
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    )
}

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[]
}

/** The database the run's servers use: some pictures differ by it (docs/testing.md). */
export const DATABASE = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite'

/**
 * Compares what `target` shows with the expected picture in `tests/__pictures__/<spec>/`, as
 * OpenLayers' rendering tests do: a rendering that changes by more than a few pixels fails,
 * and the report shows expected, actual and their difference. `perDatabase`: a picture per
 * database, where the server's encoders differ in the last pixel (tiles: PostGIS's ST_AsMVT
 * and the embedded encoder). After an intended change of rendering, write the pictures again
 * with `npm run test:e2e -- --update-snapshots <spec>` and look at them before committing.
 */
export async function expectPicture(
  target: Page | Locator,
  name: string,
  options: { mask?: Locator[]; perDatabase?: boolean; stylePath?: string } = {},
): Promise<void> {
  await timed('picture', async () => {
    const file = options.perDatabase ? `${name}-${DATABASE}.png` : `${name}.png`
    await expect(target).toHaveScreenshot(file, {
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      mask: options.mask,
      stylePath: options.stylePath,
      maxDiffPixelRatio: 0.0005,
    })
  })
}
