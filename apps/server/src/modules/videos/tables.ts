// Videos (docs/decisions/0038-videos.md). Times are epoch ms.

/** A video's stored file and what ffmpeg measured; its work and single unit live in the content model. */
export interface VideosTable {
  work_id: number;
  unit_id: number;
  /** Storage key of the MP4 (H.264/AAC), under the private `video-files/` folder. */
  file_key: string;
  duration_ms: number;
  width: number;
  height: number;
  size: number;
  created_at: number;
}

export interface VideoTables {
  videos: VideosTable;
}
