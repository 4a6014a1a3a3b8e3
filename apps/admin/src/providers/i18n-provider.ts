import type { I18nProvider } from '@refinedev/core';

/**
 * refine's own words (buttons, notifications, error pages) in Chinese; antd's come from its
 * `zh_CN` locale. Keys are refine's; a key not listed here falls back to the text the page gave.
 */
const ZH: Record<string, string> = {
  'buttons.create': '新建',
  'buttons.save': '保存',
  'buttons.logout': '退出登录',
  'buttons.delete': '删除',
  'buttons.edit': '编辑',
  'buttons.cancel': '取消',
  'buttons.confirm': '确定要删除吗？',
  'buttons.filter': '筛选',
  'buttons.clear': '清除',
  'buttons.refresh': '刷新',
  'buttons.show': '查看',
  'buttons.list': '列表',
  'buttons.clone': '复制',
  'buttons.undo': '撤销',
  'buttons.import': '导入',
  'buttons.export': '导出',
  'buttons.notAccessTitle': '当前角色没有此权限',
  'actions.list': '列表',
  'actions.create': '新建',
  'actions.edit': '编辑',
  'actions.show': '详情',
  'actions.clone': '复制',
  'notifications.success': '操作成功',
  'notifications.error': '操作失败',
  'notifications.createSuccess': '已创建{{resource}}',
  'notifications.createError': '创建{{resource}}失败',
  'notifications.editSuccess': '已保存{{resource}}',
  'notifications.editError': '保存{{resource}}失败',
  'notifications.deleteSuccess': '已删除{{resource}}',
  'notifications.deleteError': '删除{{resource}}失败',
  'notifications.undoable': '{{seconds}} 秒内可撤销',
  'pages.error.404': '页面不存在',
  'pages.error.info': '当前角色不能进行此操作',
  'pages.error.backHome': '返回首页',
  warnWhenUnsavedChanges: '有未保存的修改，确定离开吗？',
  'documentTitle.default': '蓝钻乐园 管理后台',
  'documentTitle.suffix': ' | 蓝钻乐园 管理后台',
  'table.actions': '操作',
};

export const i18nProvider: I18nProvider = {
  translate(key: string, options?: unknown, defaultMessage?: string) {
    const template = ZH[key];
    const values = (typeof options === 'object' && options !== null ? options : {}) as Record<
      string,
      unknown
    >;
    if (template === undefined) return defaultMessage ?? (typeof options === 'string' ? options : key);
    return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  },
  changeLocale: async () => undefined,
  getLocale: () => 'zh-CN',
};
