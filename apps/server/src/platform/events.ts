import type { Conn } from '../db/database.ts';

/**
 * Every domain event: what happened, named `<owner module>.<pastTense>`, and its payload. The
 * owner emits it inside the transaction of the change; other modules react without the owner
 * knowing them (docs/decisions/0018-domain-events.md). Adding an event is one line here.
 */
export interface DomainEvents {
  /** A new account, by name registration or by a first phone login. */
  'account.registered': {
    userId: number;
    via: 'name' | 'phone';
    /** The invite code given at sign-up (upper case), known or not. */
    inviteCode?: string;
    /** The account whose code that is, when it names one. */
    invitedBy?: number;
    /** The device the client signed up from (`deviceID` of device init), when it said. */
    deviceId?: string;
  };
  /** A post became visible in the square. */
  'square.postPublished': { userId: number; postId: number };
  /** A recharge order's diamonds reached the balance (once per order). */
  'wallet.rechargeCredited': { userId: number; orderId: string; diamonds: number };
}

export type EventType = keyof DomainEvents;
export type DomainEvent<T extends EventType = EventType> = { [K in T]: { type: K } & DomainEvents[K] }[T];
/** Runs inside the emitter's transaction: its writes commit with the cause, and a throw undoes both. */
export type EventHandler<T extends EventType> = (trx: Conn, event: DomainEvent<T>) => Promise<void>;

export interface EventBus {
  /** Adds a handler for one event type; answers a function that removes it again. */
  on<T extends EventType>(type: T, handler: EventHandler<T>): () => void;
  /**
   * Runs the event's handlers one after another, in the order they were added, inside `trx`
   * (which must be a transaction). The first handler that throws stops the rest and the error
   * reaches the emitter, whose transaction then rolls back.
   */
  emit(trx: Conn, event: DomainEvent): Promise<void>;
}

/** One bus per app (tests build many apps in one process, each with its own handlers). */
export function createEventBus(): EventBus {
  const handlers = new Map<EventType, Array<EventHandler<any>>>();
  return {
    on(type, handler) {
      const list = handlers.get(type) ?? [];
      list.push(handler);
      handlers.set(type, list);
      return () => {
        const at = list.indexOf(handler);
        if (at >= 0) list.splice(at, 1);
      };
    },
    async emit(trx, event) {
      if (!trx.isTransaction) {
        throw new Error(`${event.type} must be emitted inside the transaction of its cause`);
      }
      for (const handler of [...(handlers.get(event.type) ?? [])]) await handler(trx, event);
    },
  };
}
