// What bin/build.js runs of a rebuild without Astro, the entry of its bundle (bundle.ts).
export { fastRebuild } from './rebuild.ts';
export { indexSite } from '../search/index-site.ts';
