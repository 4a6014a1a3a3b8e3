import { ConfigKey } from '@ld/contract/client-config';
import type { Deps } from '../../platform/deps.ts';
import { hashPassword } from '../../platform/tokens.ts';
import { insertBulletin } from '../bulletins/repository.ts';
import { upsertConfigRows } from '../client-config/repository.ts';
import { insertMessages } from '../messages/repository.ts';
import { insertFaqs } from '../support/repository.ts';
import { insertUser } from './repository.ts';

export const DEMO_LOGIN_NAME = 'demo';
export const DEMO_PASSWORD = 'demo123456';
export const DEMO_PHONE = '13800138000';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

function faqs(currency: string) {
  return [
    [
      '如何注册账号？',
      '点击右上角「登录/注册」，可以用用户名和密码注册，也可以用手机号和验证码直接登录，未注册的手机号会自动创建账号。',
    ],
    [
      '忘记密码怎么办？',
      `登录后在「我的」-「修改密码」中，用绑定的手机号获取验证码即可设置新密码。还没有绑定手机号的账号，请先在「绑定手机」中绑定。`,
    ],
    [
      '为什么要绑定手机号？',
      '绑定手机号后可以用验证码登录和找回密码，账号更安全。一个手机号只能绑定一个账号。',
    ],
    [
      `${currency}是什么？怎么获得？`,
      `${currency}是站内虚拟货币，可用于下载付费游戏、解锁章节和开通会员。在「${currency}充值」页面选择充值档位即可购买，部分档位有额外赠送。`,
    ],
    [
      `充值后${currency}没有到账怎么办？`,
      `支付成功后${currency}通常几秒内到账，可在「我的」-「${currency}明细」中查看。超过 10 分钟仍未到账，请通过「联系客服」提交订单号，我们会尽快处理。`,
    ],
    [
      '会员有什么特权？',
      '会员期间可免费下载付费游戏、免费阅读会员章节。会员有多种时长可选，到期前续费会在原到期时间上顺延。',
    ],
    [
      '游戏怎么下载？',
      '在游戏详情页点击「立即下载」，选择安卓或 iOS。免费游戏直接下载；付费游戏购买一次后可以重复下载，会员免费。',
    ],
    [
      '下载的游戏安装失败怎么办？',
      '安卓请在系统设置中允许「安装未知来源应用」；iOS 请按页面提示信任描述文件。仍无法安装请联系客服并说明机型。',
    ],
    [
      '礼包码怎么领取和使用？',
      '在广场的「礼包中心」或游戏详情页领取礼包码，领取后可在「奖励礼包」中查看并一键复制，然后在游戏内的兑换入口使用。每个礼包每人限领一次。',
    ],
    [
      '如何联系客服？',
      '在「我的」-「联系客服」中留言并留下联系方式，客服会在工作日 24 小时内回复。商务合作请到「合作共赢」页面留言。',
    ],
  ].map(([question, answer], i) => ({ question, answer, sort: (i + 1) * 10 }));
}

function demoMessages(deps: Deps, userId: number, now: number) {
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

const BULLETIN_HTML = [
  '<p>欢迎来到<strong>蓝钻乐园</strong>！</p>',
  '<ul>',
  '<li>新用户注册即送新手礼包，可在「奖励礼包」中查看。</li>',
  '<li>每日签到领蓝钻，连续签到奖励更多。</li>',
  '<li>开通会员，付费游戏免费下载。</li>',
  '</ul>',
  '<p>遇到问题请查看<a href="/faq">常见问题</a>或联系客服。</p>',
].join('');

/** Demo account with its inbox, the start-up bulletin, the FAQ and the client config. */
export async function seedAccounts(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD, { N: deps.config.scryptN });
  await deps.db.kysely.transaction().execute(async (trx) => {
    const userId = await insertUser(trx, {
      login_name: DEMO_LOGIN_NAME,
      password_hash: passwordHash,
      phone: DEMO_PHONE,
      name: '蓝钻玩家',
      avatar: null,
      exp_time: null,
      invite_code: 'DEMX2828',
      invited_by: null,
      created_at: now - 30 * DAY,
      updated_at: now - 30 * DAY,
    });
    await insertMessages(trx, demoMessages(deps, userId, now));
    await insertBulletin(trx, {
      pos_type: 1,
      title: `欢迎来到${deps.config.appTitle}`,
      content: BULLETIN_HTML.replace('蓝钻乐园', deps.config.appTitle).replace(
        '领蓝钻',
        `领${deps.config.currencyName}`,
      ),
      is_active: 1,
      created_at: now - DAY,
    });
    await insertFaqs(trx, faqs(deps.config.currencyName));
    await upsertConfigRows(trx, [
      { key: ConfigKey.phoneLoginAutoRegister, value: '1' },
      // Demo contact details on reserved example domains; an operator sets the real ones
      // (CONTACT_URL / BUSINESS_EMAIL override these rows).
      { key: ConfigKey.contactUrl, value: 'https://kefu.landiamond.example/chat' },
      { key: ConfigKey.businessEmail, value: 'bd@landiamond.example' },
      { key: 'customerServiceHours', value: '工作日 9:00-21:00' },
      { key: 'checkinRuleText', value: '每日签到领奖励，连续 7 天为一个周期' },
    ]);
  });
}
