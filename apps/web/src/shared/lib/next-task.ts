/**
 * Resolves in a new task, so the work after it is not part of the current long task
 * (`scheduler.yield()` where the browser has it: its continuation runs before other queued tasks).
 */
export function nextTask(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
