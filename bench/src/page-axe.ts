import { type AxeViolation, scanAccessibility } from '../../e2e/src/axe.ts';
import { launchPhone } from '../../e2e/src/browser.ts';

/**
 * axe-core's serious and critical WCAG 2.1 A/AA violations on a page as a new visitor first sees
 * it at 390×844: fresh profile, network idle, popups (the start-up bulletin) open.
 */
export async function axePage(url: string): Promise<AxeViolation[]> {
  const { context, close } = await launchPhone();
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url, { waitUntil: 'networkidle' });
    // Popups fade in over a few hundred ms; contrast is judged on the settled frame.
    await page.waitForTimeout(1000);
    return await scanAccessibility(page);
  } finally {
    await close();
  }
}
