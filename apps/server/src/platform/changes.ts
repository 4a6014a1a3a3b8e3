import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * What a process may keep in its own memory for speed, and must drop when somebody changes it in
 * any process (an operator publishing a game, a bulletin edited, a config key set). One topic per
 * kind of thing; add a topic here when a new kind gets a per-process cache.
 */
export type ChangeTopic =
  | 'activities'
  | 'bulletins'
  | 'client-config'
  | 'comics'
  | 'faq'
  | 'games'
  | 'home'
  | 'novels'
  /** A person's name or avatar, as lists show authors. */
  | 'profiles'
  | 'square'
  /** A like or a comment moved a post's counters and hot score (frequent: apart from `square`). */
  | 'square-counts'
  | 'videos'
  | 'vip'
  | 'wallet';

/**
 * Tells every server process that something changed, so each drops what it holds of it
 * (docs/decisions/0047-change-feed.md). `announce` runs this process's subscribers at once and,
 * with Redis, publishes to the others, whose subscribers run as the message arrives (a
 * millisecond or so on one network). Announce after the change has committed: a subscriber that
 * refills its cache at once must read the new rows.
 *
 * A message can be lost (Redis restarting, a process subscribing late), so a per-process cache
 * also keeps a short time to live; the feed makes a change show at once, the TTL bounds the rare
 * miss.
 */
export interface ChangeFeed {
  announce(topic: ChangeTopic): Promise<void>;
  /** Runs `onChange` whenever `topic` changes in any process; answers a function that stops it. */
  subscribe(topic: ChangeTopic, onChange: () => void): () => void;
  /** Ends the subscription connection (the app's onClose). */
  close(): Promise<void>;
}

/** The Redis channel every process of a deployment listens on. */
export const CHANGES_CHANNEL = 'ld:changes';

interface Message {
  topic: ChangeTopic;
  /** The announcing feed, which has already run its own subscribers. */
  from: string;
}

export function createChangeFeed(redis: Redis | null, log: FastifyBaseLogger): ChangeFeed {
  const subscribers = new Map<ChangeTopic, Set<() => void>>();
  const self = randomBytes(8).toString('hex');

  const notify = (topic: ChangeTopic) => {
    for (const onChange of subscribers.get(topic) ?? []) {
      try {
        onChange();
      } catch (err) {
        log.error({ err, topic }, 'a change subscriber failed');
      }
    }
  };

  // Subscribing takes a connection of its own: a subscribed Redis connection can do nothing else.
  const listener = redis?.duplicate() ?? null;
  if (listener) {
    listener.on('message', (_channel: string, text: string) => {
      let message: Message;
      try {
        message = JSON.parse(text) as Message;
      } catch {
        log.warn({ text }, 'an unreadable message on the change channel was ignored');
        return;
      }
      if (message.from !== self) notify(message.topic);
    });
    listener.on('error', (err) =>
      log.warn({ err }, 'change feed connection trouble; caches fall back to their TTL'),
    );
    listener
      .subscribe(CHANGES_CHANNEL)
      .catch((err) => log.error({ err }, 'could not subscribe to the change feed'));
  }

  return {
    async announce(topic) {
      notify(topic);
      if (redis) {
        const message: Message = { topic, from: self };
        await redis.publish(CHANGES_CHANNEL, JSON.stringify(message)).catch((err) => {
          log.warn(
            { err, topic },
            'could not announce a change to the other processes; their caches expire by TTL',
          );
        });
      }
    },
    subscribe(topic, onChange) {
      const set = subscribers.get(topic) ?? new Set();
      set.add(onChange);
      subscribers.set(topic, set);
      return () => set.delete(onChange);
    },
    async close() {
      await listener?.quit().catch(() => listener.disconnect());
    },
  };
}
