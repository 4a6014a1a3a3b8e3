import { type AxeViolation, scanAccessibility, settle } from '../../e2e/src/axe.ts';
import { launchPhone } from '../../e2e/src/browser.ts';

/**
 * axe-core's serious and critical WCAG 2.1 A/AA violations on a page as a new visitor first sees
 * it at 390×844: fresh profile, data loaded, popups (the start-up bulletin) open and settled.
 */
export async function axePage(url: string): Promise<AxeViolation[]> {
  const { context, close } = await launchPhone();
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url, { waitUntil: 'networkidle' });
    if (!(await settle(page))) console.info(`  axe: ${url} never went quiet for 1 s; scanned it anyway`);
    return await scanAccessibility(page);
  } finally {
    await close();
  }
}
