import type { Deps } from '../../platform/deps.ts';
import { insertBulletin } from './repository.ts';

const DAY = 24 * 3600 * 1000;

const BULLETIN_HTML = [
  '<p>欢迎来到<strong>蓝钻乐园</strong>！</p>',
  '<ul>',
  '<li>新用户注册即送新手礼包，可在「奖励礼包」中查看。</li>',
  '<li>每日签到领蓝钻，连续签到奖励更多。</li>',
  '<li>开通会员，付费游戏免费下载。</li>',
  '</ul>',
  '<p>遇到问题请查看<a href="/faq">常见问题</a>或联系客服。</p>',
].join('');

/** The start-up bulletin. */
export async function seedBulletins(deps: Pick<Deps, 'db' | 'clock' | 'config'>): Promise<void> {
  const createdAt = deps.clock.now() - DAY;
  await insertBulletin(deps.db.kysely, {
    pos_type: 1,
    title: `欢迎来到${deps.config.appTitle}`,
    content: BULLETIN_HTML.replace('蓝钻乐园', deps.config.appTitle).replace(
      '领蓝钻',
      `领${deps.config.currencyName}`,
    ),
    is_active: 1,
    created_at: createdAt,
    updated_at: createdAt,
  });
}
