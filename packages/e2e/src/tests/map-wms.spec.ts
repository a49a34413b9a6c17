import type { Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ADMIN, baseUrl, expect, test } from '../fixtures'
import { signInToMap, urlView } from '../steps/map'
import { featurePoint } from '../steps/map-data'
import { mapBox, resolution, toMercator } from '../steps/map-pixels'
import { apiToken } from '../steps/session'

// One style definition, two renderers (decision 98): the web map (OpenLayers on the tiles) and
// the WMS (PostGIS + librsvg) draw the same view alike, block by block.
const LAYERS_ONLY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'map-layers-only.css')
const LAYERS = ['municipios', 'rodovias', 'pracas_pedagio']
const BLOCK = 16

/**
 * The share of BLOCK×BLOCK blocks whose mean colour (both pictures over the map's own
 * background, as a user sees a WMS layer) is within `tolerance` of each other.
 */
async function agreement(page: Page, a: Buffer, b: Buffer, tolerance = 12, under?: string) {
  return page.evaluate(
    async ({ a, b, block, tolerance, under }) => {
      const mapBackground = getComputedStyle(
        document.querySelector('[data-testid="map"]')!,
      ).backgroundColor
      // The first picture over the map's background; the second over `under` if given.
      let drawn = 0
      const pixels = async (base64: string) => {
        // Decoded here, not fetched: the page's CSP allows no data: address.
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
        const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
        const canvas = new OffscreenCanvas(image.width, image.height)
        const ctx = canvas.getContext('2d')!
        ctx.fillStyle = drawn++ === 0 ? mapBackground : (under ?? mapBackground)
        ctx.fillRect(0, 0, image.width, image.height)
        ctx.drawImage(image, 0, 0)
        return ctx.getImageData(0, 0, image.width, image.height)
      }
      const [pa, pb] = [await pixels(a), await pixels(b)]
      const [w, h] = [Math.min(pa.width, pb.width), Math.min(pa.height, pb.height)]
      const mean = (d: ImageData, x0: number, y0: number) => {
        const sum = [0, 0, 0]
        for (let y = y0; y < y0 + block; y++) {
          for (let x = x0; x < x0 + block; x++) {
            const i = (y * d.width + x) * 4
            for (let c = 0; c < 3; c++) sum[c]! += d.data[i + c]!
          }
        }
        return sum.map((s) => s / block / block)
      }
      let [same, blocks] = [0, 0]
      for (let y = 0; y + block <= h; y += block) {
        for (let x = 0; x + block <= w; x += block) {
          const [ma, mb] = [mean(pa, x, y), mean(pb, x, y)]
          const distance = Math.hypot(...ma.map((v, c) => v - mb[c]!))
          if (distance <= tolerance) same++
          blocks++
        }
      }
      return same / blocks
    },
    { a: a.toString('base64'), b: b.toString('base64'), block: BLOCK, tolerance, under },
  )
}

test(
  'the WMS draws a view of the demo layers as the web map does',
  { tag: '@db' },
  async ({ page, request }) => {
    const token = await apiToken(request, ADMIN)
    const [lon, lat] = await featurePoint(request, token, 'pracas_pedagio', 1)
    await signInToMap(page, ADMIN, { lat, lon, z: 12 }, LAYERS)
    const view = urlView(page)
    const box = await mapBox(page)
    const web = await page.getByRole('region', { name: 'Mapa' }).screenshot({
      animations: 'disabled',
      scale: 'css',
      style: readFileSync(LAYERS_ONLY, 'utf8'),
    })
    const [cx, cy] = toMercator(view.lon, view.lat) as [number, number]
    const r = resolution(view.z)
    const [width, height] = [Math.round(box.width), Math.round(box.height)]
    const getMap = async (shift = 0) => {
      const x = cx + shift * width * r
      const bbox = [
        x - (width / 2) * r,
        cy - (height / 2) * r,
        x + (width / 2) * r,
        cy + (height / 2) * r,
      ]
      const res = await request.get(
        `${baseUrl()}/ows?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=${LAYERS.join(',')}&STYLES=&CRS=EPSG:3857&BBOX=${bbox.join(',')}&WIDTH=${width}&HEIGHT=${height}&FORMAT=image/png&TRANSPARENT=TRUE`,
        { headers: { authorization: token } },
      )
      expect(res.status()).toBe(200)
      expect(res.headers()['content-type']).toBe('image/png')
      return res.body()
    }
    // Labels differ (OpenLayers labels a polygon once per tile, its fonts are the page's) and
    // the web map adds the imagery tracks: the rest agrees block by block.
    const same = await agreement(page, web, await getMap())
    expect(same).toBeGreaterThan(0.9)
    // The measure tells views apart: the WMS's picture of the view a third to the east fails.
    const shifted = await agreement(page, web, await getMap(1 / 3))
    expect(shifted).toBeLessThan(0.88)
    // And colours: the WMS over white instead of the map's background fails too.
    const other = await agreement(page, web, await getMap(), 12, '#ffffff')
    expect(other).toBeLessThan(0.9)
  },
)
