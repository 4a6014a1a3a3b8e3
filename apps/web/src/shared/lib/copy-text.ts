import { toast } from '../ui/toast-store';

/** A hidden textarea and execCommand still copy where the Clipboard API is missing or refused (plain http, older WebViews). */
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

/** Copies text to the clipboard: toast 复制成功 on success; a failure is only logged (spec §8). */
export async function copyText(text: string): Promise<boolean> {
  let isCopied = false;
  try {
    // Browsers leave navigator.clipboard undefined on insecure pages.
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      isCopied = true;
    }
  } catch {
    // Permission refused: the selection fallback below may still work.
  }
  if (!isCopied) isCopied = copyWithSelection(text);
  if (isCopied) toast.success('复制成功');
  else console.warn('copy failed: the clipboard is not available');
  return isCopied;
}
