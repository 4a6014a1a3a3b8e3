// Generated Chinese prose for the demo novels (DESIGN §11, docs/decisions/0027-novels.md): a book
// is a genre, a cast and places drawn from a seed; a chapter is paragraphs of scene, action,
// dialogue and thought composed from the genre's tables. The same (book seed, chapter) always
// gives the same text, so a long book can store only its seed and compose chapters when read.

import words from './prose-words.json' with { type: 'json' };

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

// The word tables are data: prose-words.json (a shared part and one table per genre).
const COMMON = words.common;
export const GENRES: Genre[] = words.genres;

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
