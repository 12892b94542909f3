// Diagnostic preload for the app (node --import): a paid view no longer marks its campaign's owner
// for the live campaign figures (LiveCampaignsService.viewPaid does nothing), so no figures query
// and no 'campaigns:updated' push follow the views. Measures what those pushes cost per view, and
// how that cost grows with the processes (each process coalesces an owner's pushes on its own):
//   BENCH_APP_NODE_OPTIONS=--import=./bench/surf/profile/without-campaign-pushes.mjs BENCH_SURF_PROCESSES=2 node bench/surf/run.mjs
// It patches the built module the app itself imports (one module instance per URL).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const { LiveCampaignsService } = await import(pathToFileURL(resolve('dist/server/src/campaigns/live-campaigns.service.js')).href);
LiveCampaignsService.prototype.viewPaid = function viewPaid() {};
