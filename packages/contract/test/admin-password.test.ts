import { describe, expect, it } from 'vitest';
import { operatorPasswordProblem } from '../src/admin/password.ts';
import { ADMIN_AREAS, canUse, type OPERATOR_ROLES } from '../src/admin/roles.ts';

describe('operator password rules', () => {
  it.each([
    ['Short!1', '密码至少 10 位'],
    ['x'.repeat(65), '密码最多 64 位'],
    ['onlylowercase', '密码须包含大写字母、小写字母、数字、符号中的至少三种'],
    ['1234567890', '密码须包含大写字母、小写字母、数字、符号中的至少三种'],
    ['Password123', '密码过于常见，请换一个'],
    ['Aa1Aa1Aa1Aa1', '密码重复字符过多，请换一个'],
    ['Boss.admin!9', '密码不能包含操作员名'],
  ])('refuses %s: %s', (password, problem) => {
    expect(operatorPasswordProblem(password, 'boss.admin')).toBe(problem);
  });

  it('accepts a password of three kinds', () => {
    expect(operatorPasswordProblem('Blue-diamond7', 'boss')).toBeNull();
    expect(operatorPasswordProblem('蓝钻乐园后台2026!ok')).toBeNull();
  });
});

describe('operator roles', () => {
  it('gives admin every area and each other role its own', () => {
    for (const area of Object.keys(ADMIN_AREAS) as Array<keyof typeof ADMIN_AREAS>)
      expect(canUse('admin', area)).toBe(true);
    const areasOf = (role: (typeof OPERATOR_ROLES)[number]) =>
      (Object.keys(ADMIN_AREAS) as Array<keyof typeof ADMIN_AREAS>).filter((a) => canUse(role, a));
    expect(areasOf('editor')).toEqual(['self', 'content']);
    expect(areasOf('moderator')).toEqual(['self', 'moderation']);
    expect(areasOf('finance')).toEqual(['self', 'money', 'reports']);
  });
});
