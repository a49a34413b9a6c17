// The attribute form, reused by the feature window (DADOS), the geometry editor (insert) and the
// approvals review; its fields' model for HISTÓRIA.
export { FeatureForm, type FeatureFormProps } from './FeatureForm'
export { formFields, fromText, toText, type FormField } from './form-fields'
