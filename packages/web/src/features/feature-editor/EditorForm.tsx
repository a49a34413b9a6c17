import type { Feature, LayerDescription } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { FeatureForm } from '../../components/feature-form'
import { EditorFormPanel } from './EditorFormPanel'

/**
 * The attribute form beside the editor: INSERIR's new feature (its Salvar inserts the drawn
 * geometry), or EDITAR's picked feature (its attributes, EXCLUIR and REATIVAR).
 */
export function EditorForm({
  layer,
  geometry,
  editing,
  onClose,
  onWritten,
  onDone,
}: {
  layer: LayerDescription
  /** INSERIR: the drawn geometry (WKT). */
  geometry?: string
  /** EDITAR: the picked feature. */
  editing?: Feature
  onClose: () => void
  /** A write the map's tiles and the editor's features must show. */
  onWritten: () => void
  /** The form's work is over (inserted, sent to review, deleted): the flow starts again. */
  onDone: () => void
}) {
  const { enqueueSnackbar } = useSnackbar()
  if (editing) {
    return (
      <EditorFormPanel title={t('editor.feature', { id: editing.id })} onClose={onClose}>
        <FeatureForm
          key={editing.id}
          layer={layer}
          feature={editing}
          geometryOnMap
          onDeleted={() => {
            onDone()
            onWritten()
          }}
          onReactivated={onWritten}
        />
      </EditorFormPanel>
    )
  }
  return (
    <EditorFormPanel title={t('editor.newFeature')} onClose={onClose}>
      <FeatureForm
        layer={layer}
        geometry={geometry}
        onInserted={(feature) => {
          enqueueSnackbar(t('editor.inserted', { id: feature.id, layer: layer.title }), {
            variant: 'success',
          })
          onDone()
          onWritten()
        }}
        onSubmitted={onDone}
      />
    </EditorFormPanel>
  )
}
