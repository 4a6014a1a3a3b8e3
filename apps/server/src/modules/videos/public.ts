// Videos (docs/decisions/0038-videos.md): what other modules (the operator console later) may use.
export { type IngestedVideo, ingestVideo, UNREADABLE_VIDEO, type VideoInput } from './ingest.ts';
