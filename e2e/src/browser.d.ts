import { type BrowserContext } from 'playwright-core';
export declare const CHROMIUM: string;
export declare const PHONE: {
  width: number;
  height: number;
};
/**
 * Debian's Chromium through playwright-core, headless, on a fresh profile (no browser download is
 * possible here). The background-networking flags keep it from calling out of this machine.
 */
export declare function launchPhone(options?: {
  viewport?: {
    width: number;
    height: number;
  };
  userAgent?: string;
}): Promise<{
  context: BrowserContext;
  close(): Promise<void>;
}>;
