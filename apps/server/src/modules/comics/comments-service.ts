import type { Deps } from '../../platform/deps.ts';
import { existingUnit, existingWork } from '../content/public.ts';
import { comicScope, episodeScope } from './service.ts';

// Comments on an episode (scope `comic:{id}:{eid}`) and on a comic (scope `comic:{id}`): the
// square's comment engine on one thread each, slot 0 (docs/decisions/0033-paragraph-comments.md).
// They hang on an episode whether or not the caller has unlocked it; the comic and episode must
// exist (404), and a comment reached by id must belong to the URL's place (404 otherwise).

/** The path params of a comment call: the comic, and on an episode's comments the episode. */
export interface CommentPlace {
  id: number;
  eid?: number;
}

/** The place's scope once the comic (and the episode) are found. */
export async function commentScope(deps: Deps, { id, eid }: CommentPlace): Promise<string> {
  if (eid === undefined) {
    await existingWork(deps, 'comic', id);
    return comicScope(id);
  }
  await existingUnit(deps, 'comic', id, eid);
  return episodeScope(id, eid);
}
