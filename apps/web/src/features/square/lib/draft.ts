/** The 发布帖子 form's text, tag and uploaded images, kept for this tab so a reload or a trip to login loses nothing. */
export interface PostDraft {
  content: string;
  tagId: number | null;
  images: string[];
}

const KEY = 'ld-square-draft';

export function loadDraft(): PostDraft {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw) {
      const d = JSON.parse(raw) as Partial<PostDraft>;
      return {
        content: typeof d.content === 'string' ? d.content : '',
        tagId: typeof d.tagId === 'number' ? d.tagId : null,
        images: Array.isArray(d.images) ? d.images.filter((u): u is string => typeof u === 'string') : [],
      };
    }
  } catch {
    // A broken draft is dropped.
  }
  return { content: '', tagId: null, images: [] };
}

export function saveDraft(draft: PostDraft): void {
  try {
    if (!draft.content && draft.tagId === null && draft.images.length === 0) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form still works, only without the safety copy.
  }
}

export const clearDraft = () => sessionStorage.removeItem(KEY);
