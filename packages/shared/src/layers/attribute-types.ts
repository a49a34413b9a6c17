/** Types of a layer's attributes. Pure data: the filter operators' table builds on it. */
export const ATTRIBUTE_TYPES = [
  'string',
  'number',
  'boolean',
  'datetime',
  'date',
  'time',
  'geometry',
] as const
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number]
