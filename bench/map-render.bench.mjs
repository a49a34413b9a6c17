// `npm run bench` runs every *.bench.mjs: the map page report lives in map-render.mjs.
import './map-render.mjs'
