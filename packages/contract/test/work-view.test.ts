import { describe, expect, it } from 'vitest';
import { workViewBody, workViewSchema } from '../src/content.ts';
import { videoViewBody, videoViewSchema } from '../src/videos.ts';

// The view call shared by novels, comics and videos (docs/decisions/0046-video-views-apart.md).
describe('the work view body', () => {
  it('takes a guest’s device id, or none (a blank one is none)', () => {
    expect(workViewBody.parse({ deviceId: 'a1b2c3d4e5f6' })).toEqual({ deviceId: 'a1b2c3d4e5f6' });
    expect(workViewBody.parse({ deviceId: 'web:abc_1.2-3' })).toEqual({ deviceId: 'web:abc_1.2-3' });
    expect(workViewBody.parse({})).toEqual({});
    expect(workViewBody.parse({ deviceId: '' })).toEqual({});
    // The form's appID rides along and is left out.
    expect(workViewBody.parse({ appID: '2008' })).toEqual({});
  });

  it.each([['has space'], ['x'.repeat(65)], ['设备'], [42]])('refuses %s, naming deviceId', (deviceId) => {
    const result = workViewBody.safeParse({ deviceId });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toContain('deviceId');
  });

  it('is what the video names still mean', () => {
    expect(videoViewBody).toBe(workViewBody);
    expect(videoViewSchema).toBe(workViewSchema);
    expect(workViewSchema.parse({ viewCount: 3, counted: false })).toEqual({ viewCount: 3, counted: false });
  });
});
