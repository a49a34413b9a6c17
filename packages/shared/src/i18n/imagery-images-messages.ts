/** pt-BR texts of the street-level imagery (issue 29): the images and the texts drawn on them. */
export const imageryImagesMessages = {
  'imagery.images.notFound': 'Imagem não encontrada.',
  'imagery.images.badPath': 'Caminho de imagem inválido.',
  'imagery.images.renderFailed': 'Não foi possível gerar a imagem.',
  // Drawn on the demo images.
  'imagery.images.way': 'Sentido {way}',
  'imagery.images.survey': 'Levantamento {survey}',
  'imagery.images.camera': 'Câmera {camera}',
  'imagery.images.view0': 'frente',
  'imagery.images.view90': 'direita',
  'imagery.images.view180': 'traseira',
  'imagery.images.view270': 'esquerda',
} as const
