import type { Deps } from '../../platform/deps.ts';
import { DEMO_LOGIN_NAME, findUserIdByLoginName } from '../accounts/public.ts';
import { insertMessages } from './repository.ts';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

function demoMessages(deps: Pick<Deps, 'config'>, userId: number, now: number) {
  const { appTitle, currencyName } = deps.config;
  const rows: Array<[string, string, number, number]> = [
    [
      `欢迎来到${appTitle}`,
      `注册成功！在这里可以玩游戏、看动漫、逛广场。充值${currencyName}可购买游戏和章节。`,
      30 * DAY,
      1,
    ],
    ['手机号绑定成功', '您的账号已绑定手机号 138****8000，今后可以用验证码登录和找回密码。', 29 * DAY, 1],
    ['新手礼包已发放', '新手礼包已放入「奖励礼包」，打开即可复制礼包码。', 20 * DAY, 1],
    ['账号安全提醒', '您的账号在新设备上登录。如果不是您本人操作，请立即修改密码。', 3 * DAY, 0],
    ['会员限时优惠', '年卡会员限时八折，开通后全场付费游戏免费下载。', 2 * DAY, 0],
    ['签到奖励', `每日签到可领${currencyName}，连续签到奖励更多，今天别忘了签到哦。`, 5 * HOUR, 0],
    ['新游上线', '本周有新游戏上线，快去「游戏」页看看吧。', 20 * 60 * 1000, 0],
  ];
  return rows.map(([title, content, ago, isRead]) => ({
    user_id: userId,
    title,
    content,
    is_read: isRead,
    created_at: now - ago,
  }));
}

/** The demo account's inbox (the accounts seed makes the account first). */
export async function seedMessages(deps: Deps): Promise<void> {
  const userId = await findUserIdByLoginName(deps.db.kysely, DEMO_LOGIN_NAME);
  if (userId === null) throw new Error('the accounts seed must run before the messages seed');
  await insertMessages(deps.db.kysely, demoMessages(deps, userId, deps.clock.now()));
}
