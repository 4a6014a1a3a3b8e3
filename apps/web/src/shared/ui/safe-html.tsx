/**
 * Server HTML (bulletins, FAQ answers), already cleaned against an allow-list by the server as it
 * serves it (apps/server/src/platform/server-html.ts), so the web ships no sanitiser
 * (docs/decisions/0050-one-rendering-path.md). User text never goes through here (DESIGN §8).
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned by the server's allow-list sanitiser
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
