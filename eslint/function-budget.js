/**
 * The length budget of the web app's functions (components and hooks), issue 45: lines of
 * code, blank lines and comments left out. A longer screen is split into named parts.
 */
export const FUNCTION_BUDGET = 150

/**
 * The files whose longest function was over the budget when the rule came (2026-12-03), each
 * held at that length: it may shrink, never grow. eslint/rules.test.js fails once a listed
 * function is shorter than its entry, so the list shrinks with the code: lower the number,
 * or drop the entry when the file is within the budget.
 */
export const OVER_BUDGET = {
  'packages/web/src/app/shell/TopBar.tsx': 211,
  'packages/web/src/components/filter-builder/FilterBuilder.tsx': 217,
  'packages/web/src/features/admin/sections/NewTableDialog.tsx': 165,
  'packages/web/src/features/admin/sections/TreeSection.tsx': 226,
  'packages/web/src/features/approvals/ItemsFilter.tsx': 164,
  'packages/web/src/features/dataloader/DataLoaderWindow.tsx': 284,
  'packages/web/src/features/dataloader/VectorDialog.tsx': 208,
  'packages/web/src/features/documents/FolderTree.tsx': 188,
  'packages/web/src/features/feature-info/DocumentsTab.tsx': 192,
  'packages/web/src/features/file-association/ConfigureStep.tsx': 181,
  'packages/web/src/features/inspection/InspectionForm.tsx': 251,
  'packages/web/src/features/map/LayerTree.tsx': 177,
  'packages/web/src/features/map/SelectionDrawer.tsx': 197,
  'packages/web/src/features/orbit/OrbitPage.tsx': 160,
  'packages/web/src/features/orbit/PanoramaView.tsx': 165,
  'packages/web/src/features/orbit/use-orbit-navigation.ts': 193,
  'packages/web/src/features/reports/GenerateDialog.tsx': 152,
  'packages/web/src/features/search/ExportDialog.tsx': 166,
  'packages/web/src/features/smmcad/CameraPanel.tsx': 198,
  'packages/web/src/features/smmcad/SmmcadWindow.tsx': 239,
  'packages/web/src/features/template-designer/TableTab.tsx': 176,
  'packages/web/src/features/template-designer/TemplateBuilderWindow.tsx': 170,
}
