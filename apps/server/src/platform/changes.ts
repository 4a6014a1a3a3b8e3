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
  /** A post's comments changed: one written or deleted by its author, or liked (frequent too). */
  | 'square-comments'
  /** Sessions ended (logout, password change, ban): announced with `announceEverywhere`. */
  | 'sessions'
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
  /**
   * `announce` for what must not be served a moment longer (an ended session): resolves only once
   * every process has run its subscribers. Each process that Redis delivered the message to
   * (PUBLISH answers how many) acknowledges it after its subscribers ran; when not all have
   * acknowledged within a second, or Redis could not be reached, it resolves only once `keptMs`
   * has passed, after which no process keeps anything from before the change. So when it resolves,
   * the next request in any process sees the change; a process that was not subscribed at that
   * moment serves nothing from its cache (`inSync`).
   */
  announceEverywhere(topic: ChangeTopic, keptMs: number): Promise<void>;
  /**
   * For a cache that must never serve what another process has changed: a number while this
   * process receives every announcement (always, without Redis), null while it may miss some (its
   * subscription lost or not yet made). It changes whenever the subscription lapsed, so what was
   * kept under an earlier number may have missed a change: keep the number with what you keep,
   * and use it only while `inSync()` still answers that number.
   */
  inSync(): number | null;
  /** Runs `onChange` whenever `topic` changes in any process; answers a function that stops it. */
  subscribe(topic: ChangeTopic, onChange: () => void): () => void;
  /** Ends the subscription connection (the app's onClose). */
  close(): Promise<void>;
}

/** The Redis channel every process of a deployment listens on. */
export const CHANGES_CHANNEL = 'ld:changes';
/** Where a process acknowledges `announceEverywhere` messages to the announcing feed `from`. */
const ackChannel = (from: string) => `ld:changes:ack:${from}`;
/** How long `announceEverywhere` waits for every process's acknowledgement. */
const ACK_WAIT_MS = 1_000;

interface Message {
  topic: ChangeTopic;
  /** The announcing feed, which has already run its own subscribers. */
  from: string;
  /** Set by `announceEverywhere`: every receiver answers it on the sender's ack channel. */
  ack?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

  /** Acknowledgements awaited by `announceEverywhere`: how many came, and who waits for them. */
  const awaited = new Map<string, { count: number; onAck: () => void }>();
  const acked = (ack: string) => {
    const wait = awaited.get(ack);
    if (wait) {
      wait.count++;
      wait.onAck();
    }
  };
  // Without Redis this process is the only one: always in sync. With Redis, in sync only while
  // subscribed; each lapse moves to a new number.
  let epoch = 0;
  let subscribed = redis === null;

  // Subscribing takes a connection of its own: a subscribed Redis connection can do nothing else.
  const listener = redis?.duplicate() ?? null;
  if (listener) {
    const ownAcks = ackChannel(self);
    listener.on('message', (channel: string, text: string) => {
      if (channel === ownAcks) {
        acked(text);
        return;
      }
      let message: Message;
      try {
        message = JSON.parse(text) as Message;
      } catch {
        log.warn({ text }, 'an unreadable message on the change channel was ignored');
        return;
      }
      if (message.from === self) {
        // Our own message came round: our subscribers ran when it was announced.
        if (message.ack) acked(message.ack);
        return;
      }
      notify(message.topic);
      if (message.ack) {
        redis!
          .publish(ackChannel(message.from), message.ack)
          .catch((err) => log.warn({ err }, 'could not acknowledge a change'));
      }
    });
    listener.on('error', (err) =>
      log.warn({ err }, 'change feed connection trouble; caches fall back to their TTL'),
    );
    const lapse = () => {
      if (subscribed) epoch++;
      subscribed = false;
    };
    listener.on('close', lapse);
    listener.on('end', lapse);
    listener.on('reconnecting', lapse);
    const subscribe = () =>
      listener
        .subscribe(CHANGES_CHANNEL, ownAcks)
        .then(() => {
          if (listener.status !== 'ready') return;
          if (!subscribed) epoch++;
          subscribed = true;
        })
        .catch((err) => log.error({ err }, 'could not subscribe to the change feed'));
    // On a reconnection ioredis subscribes again by itself; this only learns when it is done.
    listener.on('ready', () => void subscribe());
    void subscribe();
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
    async announceEverywhere(topic, keptMs) {
      const started = Date.now();
      notify(topic);
      if (!redis) return;
      const ack = randomBytes(8).toString('hex');
      let onAck = () => {};
      const wait = { count: 0, onAck: () => onAck() };
      awaited.set(ack, wait);
      try {
        const message: Message = { topic, from: self, ack };
        const receivers = await redis.publish(CHANGES_CHANNEL, JSON.stringify(message));
        const all = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), ACK_WAIT_MS);
          onAck = () => {
            if (wait.count >= receivers) {
              clearTimeout(timer);
              resolve(true);
            }
          };
          onAck();
        });
        if (all) return;
        log.warn({ topic, receivers, acked: wait.count }, 'not every process acknowledged a change');
      } catch (err) {
        log.warn({ err, topic }, 'could not announce a change to the other processes');
      } finally {
        awaited.delete(ack);
      }
      // Some process may not have heard: wait until nothing kept from before the change is left.
      await sleep(keptMs - (Date.now() - started));
    },
    inSync() {
      return subscribed ? epoch : null;
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
