export {
  layersApi,
  useGetActiveBaseLayersQuery,
  useGetLayerDescriptionsQuery,
  useGetLayersQuery,
  useGetLayerTreeQuery,
  useGetMapConfigQuery,
} from './layers.api'
