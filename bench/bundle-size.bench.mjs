// `npm run bench` runs every *.bench.mjs: the bundle report lives in bundle-size.mjs.
import './bundle-size.mjs'
