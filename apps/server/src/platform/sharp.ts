import type SharpModule from 'sharp';
import { importModule } from './import-module.ts';

/** sharp's default export: the function that opens an image. */
export type Sharp = typeof SharpModule;

let loading: Promise<Sharp> | undefined;

/**
 * sharp, loaded on first use rather than at start-up: its native library takes 45–120 ms to load,
 * which a process paid before it could listen (the ≤ 1 s cold start of
 * docs/decisions/0056-cluster.md). The server starts loading it once it listens (`app.ts`), so
 * the first image request normally finds it ready.
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= importModule<{ default: Sharp }>('sharp').then((module) => module.default);
  return loading;
}
