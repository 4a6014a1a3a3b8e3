import type { Config } from '../../config.ts';
import type { Deps } from '../../platform/deps.ts';
import { sendSystemMessages } from './service.ts';

function welcomeMessages(config: Config) {
  const { appTitle, currencyName } = config;
  return [
    {
      title: `欢迎来到${appTitle}`,
      content: `注册成功！在这里可以玩游戏、看动漫、逛广场。充值${currencyName}可购买游戏和章节，开通会员可免费下载会员游戏。遇到问题请到「常见问题」查看或联系客服。`,
    },
  ];
}

/** What the inbox does when things happen elsewhere; registered with the module's routes. */
export function registerMessageHandlers(deps: Pick<Deps, 'events' | 'config' | 'clock'>): void {
  deps.events.on('account.registered', async (trx, event) => {
    await sendSystemMessages(trx, event.userId, welcomeMessages(deps.config), deps.clock.now());
  });
}
