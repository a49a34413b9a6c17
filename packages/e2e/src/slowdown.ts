// The time limits of the specs are the reference machine's, multiplied by how much slower this
// one runs (measured once per run when playwright.config.ts loads; docs/testing.md).
export { budget } from '../../../scripts/slowdown.mjs'
