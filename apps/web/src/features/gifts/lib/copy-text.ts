import { toast } from '../../../shared/ui/toast-store';

/** execCommand still copies where the Clipboard API is missing or refused (plain http, no permission). */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies a code: toast 复制成功 on success; a failure is only logged (spec §8). */
export async function copyText(text: string): Promise<boolean> {
  let copied = false;
  try {
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch (error) {
    console.warn('clipboard API unavailable, trying selection copy', error);
    copied = copyWithSelection(text);
  }
  if (copied) toast.success('复制成功');
  else console.warn('copy failed');
  return copied;
}
