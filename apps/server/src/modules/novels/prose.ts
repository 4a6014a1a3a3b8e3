// Generated Chinese prose for the demo novels (DESIGN §11, docs/decisions/0027-novels.md): a book
// is a genre, a cast and places drawn from a seed; a chapter is paragraphs of scene, action,
// dialogue and thought composed from the genre's tables. The same (book seed, chapter) always
// gives the same text, so a long book can store only its seed and compose chapters when read.

export interface Genre {
  name: string;
  places: string[];
  times: string[];
  weather: string[];
  senses: string[];
  objects: string[];
  actions: string[];
  reactions: string[];
  thoughts: string[];
  lines: string[];
  replies: string[];
  stakes: string[];
  titleWords: string[];
}

const COMMON = {
  surnames: ['林', '沈', '陆', '顾', '苏', '叶', '秦', '江', '萧', '韩', '楚', '程', '许', '白', '温', '宋'],
  given: [
    '远',
    '舟',
    '辰',
    '砚',
    '青',
    '岚',
    '念',
    '安',
    '行',
    '川',
    '墨',
    '言',
    '晚',
    '知',
    '昭',
    '书',
    '澈',
    '宁',
    '予',
    '星',
    '屿',
    '然',
    '歌',
    '衡',
  ],
  speech: ['说', '低声道', '笑了笑', '皱眉道', '轻声说', '沉声道', '叹了口气', '忽然开口', '压低了声音'],
  links: ['片刻之后，', '话音未落，', '与此同时，', '就在这时，', '过了许久，', '不多时，', '眼看', ''],
};

export const GENRES: Genre[] = [
  {
    name: '玄幻',
    places: ['青云宗的后山', '断崖边的石亭', '藏经阁的顶层', '落霞城的长街', '万兽林的深处', '宗门演武场'],
    times: ['天色将明', '夜深人静', '日头偏西', '晨钟刚响过', '月上中天'],
    weather: ['山风卷着松涛', '薄雾缠在石阶上', '细雨打湿了青苔', '云海翻涌不息', '星光洒满了檐角'],
    senses: [
      '空气里隐约有灵气流动，像一条看不见的河',
      '远处传来几声兽吼，震得树叶簌簌落下',
      '石壁上的古老符文忽明忽暗',
      '丹炉里飘出一缕淡淡的药香',
    ],
    objects: ['那枚残破的玉佩', '师父留下的木剑', '一卷泛黄的功法', '掌心的那道剑痕', '一颗温热的灵珠'],
    actions: [
      '盘膝坐下，缓缓运转体内的灵力',
      '握紧了剑柄，一步步走向前方',
      '抬手挡下迎面而来的掌风',
      '将灵珠按在眉心，闭上了眼睛',
      '脚尖一点，身形掠过了三丈远',
    ],
    reactions: [
      '经脉里像有火在烧',
      '四周的灵气骤然一滞',
      '围观的弟子们一片哗然',
      '对方的脸色终于变了',
      '一股暖流自丹田升起',
    ],
    thoughts: [
      '这一次，绝不能再退',
      '三年前那场大火，终究要有个交代',
      '师父说过，剑心不乱，剑便不会乱',
      '若是连这一关都过不去，又谈何问道长生',
    ],
    lines: [
      '你以为凭这点修为，就能拦得住我？',
      '宗门大比只剩三天了，你还有心思在这里发呆',
      '这块玉佩，你是从哪里得来的',
      '别回头，一直往山下走',
      '外门弟子，也配用这把剑？',
      '今日之事，我记下了',
    ],
    replies: ['试试便知。', '与你无关。', '我自有分寸。', '那便请赐教。', '你很快就会知道。'],
    stakes: ['宗门大比', '秘境开启', '长老的考核', '灵脉争夺', '天劫将至'],
    titleWords: ['初入宗门', '剑鸣', '秘境', '丹成', '风起', '试炼', '夜探', '破境', '旧约', '问心'],
  },
  {
    name: '都市',
    places: [
      '公司楼下的咖啡馆',
      '老城区的巷口',
      '二十三层的会议室',
      '江边的步行道',
      '深夜的便利店',
      '地铁末班车上',
    ],
    times: ['早高峰刚过', '快到午夜', '周一的早上', '下班时分', '雨停的傍晚'],
    weather: ['城市的霓虹映在湿漉漉的路面上', '空调的风呼呼地吹着', '窗外的车流缓慢移动', '江风带着一点凉意'],
    senses: [
      '手机在桌上震了两下，又安静下来',
      '咖啡已经凉了，杯沿还留着一圈浅浅的印子',
      '隔壁工位传来键盘敲击的声音',
      '楼下有人在按喇叭，一声比一声急',
    ],
    objects: ['那份没签完的合同', '一串旧钥匙', '手机里的一条未读消息', '抽屉里的辞职信', '一张泛黄的合影'],
    actions: [
      '把文件夹推到对方面前',
      '低头看了一眼手机屏幕',
      '推开玻璃门走了进去',
      '在便签上写下一行字',
      '把外套搭在椅背上，坐了下来',
    ],
    reactions: ['会议室里安静得能听见呼吸声', '对方的笑容僵在了脸上', '心里咯噔一下', '周围的人纷纷侧目'],
    thoughts: [
      '这份工作，原本就不是为了自己',
      '房租还差两千，月底之前得想办法',
      '有些话，拖得越久越难开口',
      '再坚持一下，也许明天就不一样了',
    ],
    lines: [
      '方案我看过了，问题不在数据',
      '你是不是早就知道这件事',
      '明天上午九点，我等你的答复',
      '这不是钱的问题',
      '要不，我们换个地方聊',
      '你还记得那年夏天吗',
    ],
    replies: ['我考虑一下。', '我知道。', '那就这么定了。', '你说吧，我听着。', '不必了。'],
    stakes: ['年底的项目评审', '公司的融资', '母亲的手术费', '那套老房子', '一次迟到的道歉'],
    titleWords: ['入职', '加班夜', '重逢', '谈判', '雨夜', '转机', '旧同学', '离开', '答复', '新开始'],
  },
  {
    name: '仙侠',
    places: ['昆仑山巅', '忘川河畔', '蓬莱仙岛的渡口', '古剑冢', '人间小镇的茶楼', '九重天的云阶'],
    times: ['晨光微熹', '暮色四合', '中秋月圆', '雪落无声的夜里', '桃花开得正盛时'],
    weather: ['漫天飞雪覆盖了山路', '桃花被风吹得四散', '河面上浮着一层薄薄的白雾', '天边霞光万丈'],
    senses: ['檐下的风铃叮当作响', '古琴的余音久久不散', '剑匣里隐隐有龙吟之声', '茶香混着雪的清冷'],
    objects: ['一柄无名古剑', '半卷残缺的琴谱', '一盏长明灯', '一枚刻着旧名的发簪', '故人留下的信笺'],
    actions: [
      '拂袖而立，望向远方',
      '御剑而起，穿过层层云海',
      '轻抚琴弦，拨出一个清音',
      '提笔在雪地上写下一个字',
    ],
    reactions: ['山间的飞鸟惊起一片', '剑光映亮了半边天空', '天地仿佛都静了一瞬', '她的眼眶微微发红'],
    thoughts: [
      '三百年了，这人间竟一点也没变',
      '情之一字，最是难解',
      '大道无情，可自己偏偏放不下',
      '若能再见一面，便也够了',
    ],
    lines: [
      '你终究还是来了',
      '这一剑，是替她还你的',
      '仙凡有别，你何苦执着',
      '等雪停了，我便走',
      '你可还记得我的名字',
    ],
    replies: ['记得。', '我从未忘记。', '何苦？我心甘情愿。', '那便不走了。', '此生不悔。'],
    stakes: ['仙门之约', '封印松动', '天帝的旨意', '轮回之期', '一场旧怨'],
    titleWords: ['下山', '雪夜', '故人', '剑冢', '渡劫', '长明', '重逢', '誓约', '归途', '忘川'],
  },
  {
    name: '科幻',
    places: [
      '空间站的观测舱',
      '火星基地的温室',
      '地下城的中央广场',
      '飞船的驾驶室',
      '废弃的数据中心',
      '轨道电梯的候梯厅',
    ],
    times: [
      '系统时间凌晨三点',
      '第七次日落之后',
      '补给船抵达前一小时',
      '警报解除后不久',
      '新纪元第二年的冬天',
    ],
    weather: ['舷窗外是无边的星海', '沙尘暴拍打着穹顶', '人造日光缓缓亮起', '冷却管道里传来低沉的嗡鸣'],
    senses: [
      '全息屏上的曲线剧烈跳动',
      '空气循环系统发出轻微的嘶嘶声',
      '指示灯由绿转红',
      '耳机里只剩下一片白噪音',
    ],
    objects: [
      '那枚加密芯片',
      '一份残缺的航行日志',
      '母亲留下的录音',
      '一只老旧的机械表',
      '编号七的维修机器人',
    ],
    actions: ['调出了最后一段通讯记录', '把手掌按在识别面板上', '切断了主电源', '穿上舱外服，推开了气闸门'],
    reactions: ['整艘船轻轻震了一下', '控制台上的数字停住了', '所有人都屏住了呼吸', '警报声戛然而止'],
    thoughts: [
      '地球上的那封信，她还没来得及回',
      '如果计算没错，时间只剩十七分钟',
      '人类走得越远，越需要记得来处',
      '也许答案就藏在那段杂音里',
    ],
    lines: [
      '氧气储备还能撑多久',
      '信号不是来自地球',
      '把权限交给我，我来手动对接',
      '你确定这不是系统故障',
      '我们不是第一批到这里的人',
    ],
    replies: ['四十八小时。', '我确定。', '那就赌一把。', '收到，开始倒计时。', '我早就猜到了。'],
    stakes: ['返航窗口', '殖民地的能源', '一段来自深空的信号', '最后一次补给', '人工智能的觉醒'],
    titleWords: ['信号', '返航', '失联', '苏醒', '对接', '倒计时', '深空', '方舟', '余烬', '黎明'],
  },
  {
    name: '历史',
    places: ['长安城的西市', '江南的渡船上', '边关的烽火台', '御书房外的回廊', '驿站的偏房', '城南的旧书肆'],
    times: ['五更鼓刚敲过', '上元节的夜里', '秋收之后', '早朝散了不久', '大雪封城的那几日'],
    weather: ['北风卷着黄沙扑向城头', '运河上的船灯连成一线', '檐角的冰凌滴着水', '桂花香飘满了整条街'],
    senses: ['远处传来更夫的梆子声', '马蹄声由远及近', '案上的烛火跳了一下', '酒肆里人声鼎沸'],
    objects: ['一道密封的奏折', '半块虎符', '一本手抄的账册', '一枚御赐的玉扳指', '母亲缝的旧衣'],
    actions: [
      '展开地图，用手指沿着河道慢慢划过',
      '翻身上马，朝城门疾驰而去',
      '将奏折压在了最底下',
      '端起茶盏，却迟迟没有喝',
    ],
    reactions: ['满堂文武鸦雀无声', '那人手中的茶盏微微一晃', '城头的士卒齐声高呼', '窗外的风忽然紧了'],
    thoughts: [
      '这一步走错，牵连的是满门性命',
      '粮草若不能在月底运到，边关便守不住',
      '天下事，终究要有人去做',
      '父亲当年，也是在这里跪了一夜',
    ],
    lines: [
      '这账目上少了三万石粮',
      '圣上的意思，你当真不明白',
      '今夜子时，东门见',
      '此事若成，你我皆是功臣',
      '臣，愿往',
    ],
    replies: ['下官明白。', '此事不可。', '那就依你。', '我只问一句，值得吗？', '不必多言。'],
    stakes: ['漕运改制', '边关粮草', '新科殿试', '一桩旧案', '储君之争'],
    titleWords: ['进京', '夜宴', '密信', '出征', '科举', '对弈', '旧案', '渡江', '奏对', '归乡'],
  },
  {
    name: '悬疑',
    places: [
      '老宅的阁楼',
      '雨夜的出租车里',
      '医院的地下停车场',
      '小镇唯一的旅馆',
      '档案室的角落',
      '湖边废弃的码头',
    ],
    times: ['凌晨一点十七分', '案发后的第三天', '停电的那个晚上', '天刚擦黑', '葬礼结束之后'],
    weather: ['雨水顺着玻璃蜿蜒而下', '走廊尽头的灯闪了几下', '湖面上起了浓雾', '窗外一片漆黑'],
    senses: [
      '楼梯发出吱呀一声',
      '空气里有一股淡淡的铁锈味',
      '墙上的挂钟停在了同一个时间',
      '门缝下透出一线光',
    ],
    objects: [
      '一张背面写着数字的照片',
      '一把不属于这里的钥匙',
      '死者手里攥着的纸条',
      '一盘没有标签的录音带',
      '沾了泥的皮鞋',
    ],
    actions: [
      '蹲下身，仔细看着地板上的划痕',
      '把照片翻过来，又翻回去',
      '轻轻推开虚掩的房门',
      '在笔记本上画了一条时间线',
    ],
    reactions: [
      '背后的寒意一点点爬上来',
      '所有的线索忽然连成了一条线',
      '对方的眼神闪躲了一下',
      '屋子里安静得可怕',
    ],
    thoughts: [
      '凶手一定还在这栋楼里',
      '那通电话，打来的时间太巧了',
      '有人在说谎，而且不止一个',
      '答案其实一直就在眼前',
    ],
    lines: [
      '那天晚上你在哪里',
      '他死之前，见过的最后一个人是谁',
      '这把钥匙能打开哪扇门',
      '你们都没有说实话',
      '别碰那个箱子',
    ],
    replies: ['我一直在家。', '我不知道。', '你不会想知道的。', '我可以解释。', '是他自己要去的。'],
    stakes: ['第二起命案', '失踪的证人', '二十年前的旧案', '一封匿名信', '明早的庭审'],
    titleWords: ['雨夜', '来电', '旧照片', '不在场', '钥匙', '第二个人', '阁楼', '证词', '破绽', '真相'],
  },
];

/** A small deterministic generator (xorshift). */
export function generator(seed: number) {
  let s = Math.imul(seed ^ 0x9e3779b9, 2654435761) >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x100000000;
  };
}

type Rnd = () => number;
const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)];

/** Draws without putting back (refilling when empty), so a chapter rarely repeats a phrase. */
function bag<T>(rnd: Rnd, list: readonly T[]): () => T {
  let left: T[] = [];
  return () => {
    if (left.length === 0) left = [...list];
    return left.splice(Math.floor(rnd() * left.length), 1)[0];
  };
}

/** A line of dialogue with its closing mark: a question asks, anything else ends with a full stop. */
const spoken = (line: string) =>
  /[。？！]$/.test(line)
    ? line
    : /(吗|谁|哪|多久|什么|是不是|何苦|可还|怎么)/.test(line)
      ? `${line}？`
      : `${line}。`;

export interface Cast {
  hero: string;
  friend: string;
  rival: string;
}

export const genreOf = (bookSeed: number): Genre => GENRES[bookSeed % GENRES.length];

export function castOf(bookSeed: number): Cast {
  const rnd = generator(bookSeed * 7919);
  const name = () =>
    pick(rnd, COMMON.surnames) + pick(rnd, COMMON.given) + (rnd() < 0.5 ? pick(rnd, COMMON.given) : '');
  const hero = name();
  let friend = name();
  while (friend === hero) friend = name();
  let rival = name();
  while (rival === hero || rival === friend) rival = name();
  return { hero, friend, rival };
}

export function chapterTitle(bookSeed: number, idx: number): string {
  const rnd = generator(bookSeed * 104729 + idx);
  return `第${idx}章 ${pick(rnd, genreOf(bookSeed).titleWords)}`;
}

/** One chapter: 14–30 paragraphs of one to four sentences, about a third of them dialogue. */
export function composeChapter(bookSeed: number, idx: number): string[] {
  const g = genreOf(bookSeed);
  const cast = castOf(bookSeed);
  const rnd = generator(bookSeed * 1_000_003 + idx * 97);
  const people = [cast.hero, cast.friend, cast.rival];
  const other = (who: string) =>
    pick(
      rnd,
      people.filter((p) => p !== who),
    );
  const place = pick(rnd, g.places);
  const stake = pick(rnd, g.stakes);
  // One style of quotation marks per chapter, as a printed book keeps.
  const [open, close] = rnd() < 0.5 ? ['“', '”'] : ['「', '」'];
  const quote = (line: string) => `${open}${spoken(line)}${close}`;
  const speaker = () => (rnd() < 0.55 ? cast.hero : pick(rnd, people));
  const draw = {
    action: bag(rnd, g.actions),
    reaction: bag(rnd, g.reactions),
    sense: bag(rnd, g.senses),
    object: bag(rnd, g.objects),
    thought: bag(rnd, g.thoughts),
    line: bag(rnd, g.lines),
    reply: bag(rnd, g.replies),
    link: bag(rnd, COMMON.links),
    speech: bag(rnd, COMMON.speech),
  };
  const sentence = {
    scene: () => `${pick(rnd, g.times)}，${place}，${pick(rnd, g.weather)}。`,
    sense: () => `${draw.sense()}。`,
    action: (who: string) => `${draw.link()}${who}${draw.action()}，${draw.reaction()}。`,
    object: (who: string) =>
      rnd() < 0.5
        ? `${who}的目光落在${draw.object()}上，许久没有移开。`
        : `${who}下意识地摸了摸${draw.object()}。`,
    thought: (who: string) => `${who}心里明白：${draw.thought()}。`,
    stake: (who: string) => `离${stake}已经不远了，${who}知道，自己没有太多时间。`,
  };
  const paragraphs: string[] = [`${sentence.scene()}${sentence.sense()}`];
  const count = 14 + Math.floor(rnd() * 17);
  for (let i = 1; i < count; i++) {
    const roll = rnd();
    const who = speaker();
    if (roll < 0.34) {
      // A short exchange: a line, sometimes a reply on its own paragraph.
      const line = draw.line();
      paragraphs.push(
        rnd() < 0.5 ? `${quote(line)}${who}${draw.speech()}。` : `${who}${draw.speech()}：${quote(line)}`,
      );
      if (rnd() < 0.6) {
        const answerer = other(who);
        paragraphs.push(
          rnd() < 0.5
            ? `${answerer}看了${who}一眼：${quote(draw.reply())}`
            : `${quote(draw.reply())}${answerer}答得很干脆。`,
        );
      }
    } else if (roll < 0.5) {
      paragraphs.push(`${sentence.thought(who)}${rnd() < 0.5 ? sentence.stake(who) : ''}`);
    } else if (roll < 0.62) {
      paragraphs.push(`${sentence.sense()}${rnd() < 0.5 ? sentence.object(who) : ''}`);
    } else {
      const parts = [sentence.action(who)];
      const more = Math.floor(rnd() * 3);
      for (let k = 0; k < more; k++) {
        parts.push(
          pick(rnd, [sentence.sense, () => sentence.action(other(who)), () => sentence.object(who)])(),
        );
      }
      paragraphs.push(parts.join(''));
    }
  }
  paragraphs.push(
    rnd() < 0.5
      ? `${cast.hero}没有再说话。${draw.sense()}，而${stake}，正一步步逼近。`
      : `夜色渐深，${cast.hero}想起${draw.object()}，${draw.thought()}。`,
  );
  return paragraphs;
}

/** Characters of a chapter, as a reading app counts words. */
export const wordCountOf = (paragraphs: string[]) => paragraphs.reduce((n, p) => n + [...p].length, 0);
