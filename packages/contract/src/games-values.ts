// Games' plain values (spec §3), without zod, for the web's pages (`games.ts` holds the schemas).

/** Platform of a download (spec §3): 1 Android, 2 iOS. */
export const PlatformType = { android: 1, ios: 2 } as const;
export type PlatformTypeValue = (typeof PlatformType)[keyof typeof PlatformType];
export const PLATFORM_NAMES: Record<PlatformTypeValue, string> = { 1: '安卓', 2: 'iOS' };

/** onlineType 0 downloads directly for everyone; any other value is a paid game (spec §3, DESIGN §6). */
export const OnlineType = { free: 0, paid: 1 } as const;
