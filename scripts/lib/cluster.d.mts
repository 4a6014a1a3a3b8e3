// Types of scripts/lib/cluster.mjs for the TypeScript that drives it (the fault tests, the bench).
import type { ChildProcess } from 'node:child_process';

export const NGINX: string;
export function waitForOk(
  url: string,
  options?: { ms?: number; alive?: () => boolean; what?: string },
): Promise<void>;

export interface ClusterProcess {
  readonly port: number;
  readonly metricsPort: number;
  readonly url: string;
  readonly running: boolean;
  readonly pid: number | undefined;
  child: ChildProcess | null;
  output: string;
  exited: Promise<number | string> | null;
  start(): Promise<ClusterProcess>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

export interface Cluster {
  url: string;
  port: number;
  prefix: string;
  servers: ClusterProcess[];
  nginx: ChildProcess | null;
  nginxErrors(): string;
  accessLog(): string;
  restart(index: number, signal?: NodeJS.Signals): Promise<number | string>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  processes?: number;
  port?: number;
  processPorts?: number[];
  metricsPorts?: number[];
  databaseUrl?: string;
  redisUrl?: string;
  dataDir: string;
  webDist: string;
  adminDist?: string | null;
  env?: Record<string, string>;
  log?: (text: string, server: ClusterProcess) => void;
  main?: string;
}

export function startCluster(options: ClusterOptions): Promise<Cluster>;
