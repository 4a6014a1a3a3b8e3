import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Cache } from './cache.ts';
import type { ChangeFeed } from './changes.ts';
import type { Clock } from './clock.ts';
import type { EventBus } from './events.ts';
import type { PaymentProviders } from './payment/provider.ts';
import type { SmsProvider } from './sms/provider.ts';
import type { Storage } from './storage.ts';

/** What services need from the outside world; built once per app and decorated onto it. */
export interface Deps {
  config: Config;
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  /** The payment providers of `PAY_PROVIDERS`, by name (platform/payment). */
  payments: PaymentProviders;
  storage: Storage;
  redis: Redis | null;
  /** Domain events: modules add handlers when their plugin registers; services emit in their transactions. */
  events: EventBus;
  /** Short-lived state shared by every process: Redis when configured, else memory (platform/cache.ts). */
  cache: Cache;
  /** The app's logger, for work no request carries (periodic jobs). */
  log: FastifyBaseLogger;
  /** "This changed": every process drops what it keeps in memory of it (platform/changes.ts). */
  changes: ChangeFeed;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
