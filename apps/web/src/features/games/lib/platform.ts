// Platform codes of spec §3/§9, kept here because the contract's games module pulls zod at runtime.
export const PLATFORM = { android: 1, ios: 2 } as const;
export type Platform = (typeof PLATFORM)[keyof typeof PLATFORM];
export const PLATFORM_LABEL: Record<Platform, string> = { 1: '安卓', 2: 'iOS' };
