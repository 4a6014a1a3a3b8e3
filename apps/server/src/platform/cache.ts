import type { Redis } from 'ioredis';

/**
 * Short-lived state that every server process must see alike (the dev SMS inbox, login failure
 * counters, …). With `REDIS_URL` it lives in Redis; without it in this process's memory, which is
 * right for one process (SQLite deployments are one process) and wrong for several, which is why
 * several processes need Redis (docs/decisions/0020-several-processes.md).
 *
 * Expiry is wall-clock time: a TTL only bounds how long a key is kept. Anything a rule reads as a
 * time (a lock's end) is stored in the value, measured by `deps.clock`, so tests can move it.
 */
export interface Cache {
  get(key: string): Promise<string | null>;
  /** Stores `value` for `ttlMs`. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Adds 1 (a missing key counts from 0) and answers the new count; the key lives `ttlMs` from now. */
  incr(key: string, ttlMs: number): Promise<number>;
  del(...keys: string[]): Promise<void>;
}

/** Keys of every store share this prefix, apart from the rate limiter's own (`ld-rl:`). */
const PREFIX = 'ld:';

export class RedisCache implements Cache {
  constructor(private readonly redis: Redis) {}

  get(key: string) {
    return this.redis.get(PREFIX + key);
  }

  async set(key: string, value: string, ttlMs: number) {
    await this.redis.set(PREFIX + key, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  async incr(key: string, ttlMs: number) {
    const answers = await this.redis
      .multi()
      .incr(PREFIX + key)
      .pexpire(PREFIX + key, Math.max(1, Math.ceil(ttlMs)))
      .exec();
    const [error, count] = answers?.[0] ?? [new Error('redis transaction was discarded'), null];
    if (error) throw error;
    return Number(count);
  }

  async del(...keys: string[]) {
    if (keys.length > 0) await this.redis.del(...keys.map((k) => PREFIX + k));
  }
}

/** Sweep expired keys once this many writes have happened, so an idle key cannot pile up forever. */
const SWEEP_EVERY_WRITES = 1000;

export class MemoryCache implements Cache {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();
  private writes = 0;

  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private write(key: string, value: string, ttlMs: number) {
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
    this.writes += 1;
    if (this.writes % SWEEP_EVERY_WRITES === 0) {
      const now = this.now();
      for (const [k, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(k);
    }
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number) {
    this.write(key, value, ttlMs);
  }

  async incr(key: string, ttlMs: number) {
    const count = Number(this.live(key)?.value ?? 0) + 1;
    this.write(key, String(count), ttlMs);
    return count;
  }

  async del(...keys: string[]) {
    for (const key of keys) this.entries.delete(key);
  }
}

export const createCache = (redis: Redis | null): Cache =>
  redis ? new RedisCache(redis) : new MemoryCache();
