type Handler = (event: { target: { value: string }; preventDefault: () => void }) => void;

/**
 * The handlers React gave an element at its last render (what they close over is that render's).
 * Calling several of them in one `act` is what happens at hydration: React replays a change typed
 * before the app took over, and the next event can be handled before the render in between.
 */
export function handlersOf(element: Element): Record<'onChange' | 'onSubmit', Handler> {
  const key = Object.keys(element).find((k) => k.startsWith('__reactProps$')) ?? '';
  return (element as unknown as Record<string, Record<'onChange' | 'onSubmit', Handler>>)[key];
}

/** What a field's `onChange` reads of an event that typed `value`. */
export const changeTo = (value: string) => ({ target: { value }, preventDefault: () => {} });

/** What a form's `onSubmit` reads of its event. */
export const submitted = () => changeTo('');
