// The attribute form, reused by the feature window (DADOS), the geometry editor (insert) and,
// later, the approvals review.
export { FeatureForm, type FeatureFormProps } from './FeatureForm'
export { BusyOverlay } from './BusyOverlay'
export { attachmentSrc, useUrlToken } from './attachment-url'
export { formFields, fromText, toText, type FormField } from './form-fields'
