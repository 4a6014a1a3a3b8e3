import type { Deps } from '../../platform/deps.ts';
import { onRegistered } from './service.ts';

/** What invites do when things happen elsewhere; registered with the module's routes. */
export function registerInviteHandlers(deps: Pick<Deps, 'events' | 'clock' | 'db'>): void {
  deps.events.on('account.registered', (trx, event) => onRegistered(deps, trx, event));
}
