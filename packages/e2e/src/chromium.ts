/**
 * How every test launches Debian's Chromium. The host resolver rule sends every name but
 * localhost nowhere, without asking DNS: a page that reaches for the internet (the demo's
 * OpenStreetMap tiles, say) fails at once and no test traffic leaves the loopback addresses.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
]
