/**
 * The geography of the demo concession: its roads, municipal seats and toll plazas, and the
 * deterministic random numbers the demo layers are drawn with.
 */
/** A deterministic PRNG (mulberry32): the same seed gives the same demo data on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

export interface Road {
  codigo: string
  artesp: string
  denominacao: string
  sentidos: [string, string]
  /** [longitude, latitude, km] along the road. */
  path: [number, number, number][]
}

/** Three roads of the concession, drawn through their real towns. */
export const DEMO_ROADS: Road[] = [
  {
    codigo: 'SP-280',
    artesp: 'SP0000280',
    denominacao: 'Rodovia Presidente Castello Branco',
    sentidos: ['Oeste', 'Leste'],
    path: [
      [-46.76, -23.52, 13],
      [-46.872, -23.505, 25],
      [-46.95, -23.535, 34],
      [-47.06, -23.54, 47],
      [-47.18, -23.5, 60],
      [-47.33, -23.455, 77],
      [-47.47, -23.42, 92],
      [-47.62, -23.33, 108],
      [-47.78, -23.24, 127],
      [-47.96, -23.14, 148],
      [-48.17, -23.02, 174],
      [-48.43, -22.9, 205],
      [-48.48, -22.88, 210],
    ],
  },
  {
    codigo: 'SP-270',
    artesp: 'SP0000270',
    denominacao: 'Rodovia Raposo Tavares',
    sentidos: ['Oeste', 'Leste'],
    path: [
      [-46.745, -23.585, 15],
      [-46.88, -23.61, 30],
      [-47.0, -23.64, 45],
      [-47.13, -23.625, 60],
      [-47.28, -23.56, 78],
      [-47.44, -23.5, 95],
      [-47.56, -23.54, 110],
      [-47.7, -23.57, 126],
      [-47.88, -23.59, 148],
      [-48.05, -23.59, 168],
      [-48.07, -23.59, 170],
    ],
  },
  {
    codigo: 'SP-075',
    artesp: 'SP0000075',
    denominacao: 'Rodovia Santos Dumont',
    sentidos: ['Norte', 'Sul'],
    path: [
      [-47.42, -23.43, 0],
      [-47.38, -23.36, 9],
      [-47.32, -23.28, 22],
      [-47.29, -23.2, 32],
      [-47.24, -23.13, 43],
      [-47.2, -23.08, 51],
      [-47.14, -23.0, 62],
      [-47.08, -22.93, 72],
    ],
  },
]

/** The road's position at a km: along its path, with a gentle deterministic curvature. */
export function positionAt(road: Road, km: number): [number, number] {
  const p = road.path
  let i = 0
  while (i < p.length - 2 && km > p[i + 1]![2]) i++
  const [x0, y0, k0] = p[i]!
  const [x1, y1, k1] = p[i + 1]!
  const f = Math.min(1, Math.max(0, (km - k0) / (k1 - k0)))
  const dx = x1 - x0
  const dy = y1 - y0
  const len = Math.hypot(dx, dy) || 1
  // Bends that vanish at each waypoint, so the road still passes through the towns.
  const bend = 0.006 * Math.sin(Math.PI * f) * Math.sin(km / 3.1)
  return [x0 + dx * f - (dy / len) * bend, y0 + dy * f + (dx / len) * bend]
}

export function roadWkt(road: Road): string {
  const first = road.path[0]![2]
  const last = road.path[road.path.length - 1]![2]
  const coords: string[] = []
  for (let km = first; km < last; km += 0.25) coords.push(positionAt(road, km).join(' '))
  coords.push(positionAt(road, last).join(' '))
  return `MULTILINESTRING((${coords.join(',')}))`
}

/** Municipal seats: [name, IBGE code, longitude, latitude, population]. */
export const SEATS: [string, string, number, number, number][] = [
  ['São Paulo', '3550308', -46.633, -23.55, 11451999],
  ['Osasco', '3534401', -46.792, -23.532, 728615],
  ['Barueri', '3505708', -46.876, -23.511, 316473],
  ['Carapicuíba', '3510609', -46.836, -23.522, 386984],
  ['Santana de Parnaíba', '3547304', -46.917, -23.444, 154105],
  ['Itapevi', '3522505', -46.934, -23.549, 232297],
  ['Jandira', '3525003', -46.903, -23.528, 118045],
  ['Cotia', '3513009', -46.919, -23.604, 274413],
  ['Vargem Grande Paulista', '3556453', -47.026, -23.603, 50333],
  ['São Roque', '3550605', -47.135, -23.529, 79484],
  ['Mairinque', '3528403', -47.183, -23.546, 46542],
  ['Alumínio', '3501152', -47.26, -23.53, 17965],
  ['Ibiúna', '3519709', -47.222, -23.656, 75605],
  ['Sorocaba', '3552205', -47.458, -23.501, 723682],
  ['Votorantim', '3557006', -47.437, -23.546, 127040],
  ['Itu', '3523909', -47.299, -23.264, 168240],
  ['Salto', '3545209', -47.287, -23.2, 120779],
  ['Porto Feliz', '3540606', -47.524, -23.215, 53402],
  ['Boituva', '3507001', -47.672, -23.283, 67465],
  ['Iperó', '3521002', -47.688, -23.35, 35669],
  ['Araçoiaba da Serra', '3502754', -47.614, -23.505, 33685],
  ['Tatuí', '3554003', -47.857, -23.355, 123942],
  ['Cesário Lange', '3511003', -47.955, -23.226, 17897],
  ['Itapetininga', '3522307', -48.053, -23.592, 157016],
  ['Piedade', '3537800', -47.427, -23.711, 55056],
  ['Indaiatuba', '3520509', -47.218, -23.088, 255748],
  ['Campinas', '3509502', -47.063, -22.905, 1139047],
  ['Cerquilho', '3511508', -47.743, -23.165, 45400],
  ['Tietê', '3554508', -47.716, -23.102, 41000],
  ['Laranjal Paulista', '3526704', -47.837, -23.05, 26000],
  ['Conchas', '3512407', -48.011, -23.015, 17000],
  ['Pereiras', '3537206', -47.976, -23.08, 8000],
  ['Botucatu', '3507506', -48.445, -22.886, 145155],
  ['Bofete', '3506904', -48.258, -23.102, 11000],
  ['Guareí', '3517802', -48.184, -23.371, 16000],
  ['Alambari', '3500758', -47.898, -23.55, 5000],
  ['Sarapuí', '3551603', -47.825, -23.641, 10000],
  ['Capela do Alto', '3510203', -47.735, -23.47, 21000],
  ['Salto de Pirapora', '3545308', -47.573, -23.649, 45000],
  ['Jundiaí', '3525904', -46.884, -23.186, 443221],
  ['Cabreúva', '3508405', -47.133, -23.307, 48000],
  ['Pirapora do Bom Jesus', '3539103', -46.999, -23.397, 18000],
  ['Araçariguama', '3503158', -47.061, -23.438, 22000],
]

export const TOLL_PLAZAS: [string, string, number, number, number][] = [
  ['Praça Itapevi', 'SP-280', 33.5, 12, 10.7],
  ['Praça São Roque', 'SP-280', 57.2, 8, 11.2],
  ['Praça Boituva', 'SP-280', 113.7, 8, 12.4],
  ['Praça Quadra', 'SP-280', 168.9, 6, 13.1],
  ['Praça Vargem Grande', 'SP-270', 35.4, 10, 9.8],
  ['Praça Sorocaba', 'SP-270', 90.1, 8, 10.3],
  ['Praça Alambari', 'SP-270', 140.6, 6, 11.9],
  ['Praça Itu', 'SP-075', 25.3, 6, 8.9],
  ['Praça Indaiatuba', 'SP-075', 55.8, 6, 9.4],
]
