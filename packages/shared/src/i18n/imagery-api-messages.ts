/** pt-BR texts of the street-level imagery calls (issue 29): /api/events and /api/smmcad. */
export const imageryApiMessages = {
  'imageryApi.moduleOff': 'Módulo não encontrado: o módulo de imagens não está ativo.',
  'imageryApi.eventNotFound': 'Evento não encontrado!',
  'imageryApi.systemNotFound': 'Sistema de imagens não encontrado!',
  'imageryApi.latitudeInvalid': 'Latitude inválida: informe um número entre -90 e 90.',
  'imageryApi.longitudeInvalid': 'Longitude inválida: informe um número entre -180 e 180.',
  'imageryApi.distanceInvalid':
    'Distância inválida: informe um número de metros maior que 0 e até {max}.',
  'imageryApi.kmInvalid': 'KM inválido: informe um número, por exemplo 13,5.',
} as const
