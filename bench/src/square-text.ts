/**
 * Chinese text of a realistic length for generated posts, comments and names: rows as large as
 * real ones, so pages weigh what real pages weigh. None of it contains a sensitive word.
 */
const OPENINGS = [
  '今天终于通关了',
  '有没有人一起组队',
  '分享一下我的攻略',
  '新版本更新后',
  '抽卡又歪了',
  '萌新求助',
  '周末活动开始了',
  '刚入坑的感受',
  '这个角色太强了',
  '记录一下今天的收获',
  '官方这次良心了',
  '说说我的配队思路',
];
const MIDDLES = [
  '体验比想象中好很多，画面和音乐都很用心',
  '第三关的boss打了十几次才过，关键是先躲技能再输出',
  '每天签到能拿不少蓝钻，建议大家不要断签',
  '礼包码记得早点领，库存有限',
  '剧情部分写得很细腻，看得我差点哭出来',
  '组队副本掉率提升了，大家抓紧时间刷',
  '新手前期资源不要乱用，留着升级主力',
  '地图里有很多隐藏宝箱，仔细找找',
  '联机模式很稳定，基本没遇到掉线',
  '活动商店的兑换顺序可以参考一下我的表',
];
const ENDINGS = ['大家觉得呢？', '欢迎交流。', '冲冲冲！', '求点赞～', '有问题评论区见。', '以上。', ''];
const COMMENTS = [
  '说得对',
  '感谢分享，学到了',
  '同问，我也卡在这里',
  '这个思路不错，明天试试',
  '楼主好人一生平安',
  '我觉得还是前期练度不够',
  '已收藏，慢慢看',
  '哈哈哈笑死我了',
  '一起组队吗？我也在这个区',
  '官方快出新活动吧',
  '这代价也太高了吧',
  '顶一下，让更多人看到',
];
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = [
  '小蓝',
  '星辰',
  '阿泽',
  '木木',
  '夏天',
  '一一',
  '橙子',
  '阿狸',
  '风行',
  '柚子',
  '青山',
  '团子',
];

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)];

export function postText(random: () => number): string {
  const parts = [pick(OPENINGS, random), '，', pick(MIDDLES, random)];
  if (random() < 0.5) parts.push('。', pick(MIDDLES, random));
  parts.push('。', pick(ENDINGS, random));
  return parts.join('');
}

export function commentText(random: () => number): string {
  return random() < 0.3 ? `${pick(COMMENTS, random)}，${pick(COMMENTS, random)}` : pick(COMMENTS, random);
}

export const userName = (id: number): string =>
  `${SURNAMES[id % SURNAMES.length]}${GIVEN[Math.floor(id / SURNAMES.length) % GIVEN.length]}${id % 1000}`;

export const TAG_NAMES = [
  '综合',
  '游戏攻略',
  '动漫',
  '福利',
  '闲聊',
  '求助',
  '组队',
  '同人',
  '版本资讯',
  '晒图',
  '吐槽',
  '新手',
];

/** Invite codes are unique per user: the id written in the invite alphabet (base 30), padded. */
export function inviteCode(id: number, alphabet: string, length: number): string {
  let code = '';
  let n = id;
  for (let i = 0; i < length; i++) {
    code = alphabet[n % alphabet.length] + code;
    n = Math.floor(n / alphabet.length);
  }
  return code;
}
