import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Server HTML (bulletins, FAQ answers) after DOMPurify; user text never goes through here (DESIGN §8). */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
