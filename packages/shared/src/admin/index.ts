// Administration payloads (issue 16): tables and fields, groups and permissions, layers and the
// layer tree, base layers, map configuration, settings and users.
export * from './names'
export * from './schema'
export * from './groups'
export * from './layers'
export * from './base-layers'
export * from './settings'
export * from './users'
