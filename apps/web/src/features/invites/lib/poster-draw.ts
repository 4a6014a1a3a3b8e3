import QRCode from 'qrcode';
import { APP_TITLE } from '../../../shared/lib/brand';
import { POSTER_HEIGHT, POSTER_WIDTH, type PosterInput } from './poster-values';

// The invite poster's drawing (poster.ts loads it on demand), with the QR encoder (npm qrcode) in
// the same chunk. That chunk imports the entry's APP_TITLE: every lazy chunk then depends on the
// entry, which lets rolldown keep its runtime helpers inside the entry instead of a chunk of their
// own on every route (vite.config.ts, `runtimeInEntry`; docs/decisions/0050, first-load budget).

const QR_SIZE = 380;

/** The palette's colours (docs/decisions/0028-contrast-palette.md), read where the poster is drawn. */
function palette() {
  const css = getComputedStyle(document.documentElement);
  const pick = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    primary: pick('--ld-primary', '#3d8bfd'),
    primaryDark: pick('--ld-primary-dark', '#2a6fe0'),
    primaryText: pick('--ld-primary-text', '#1a5fcc'),
    primaryLight: pick('--ld-primary-light', '#e8f2ff'),
    text: pick('--ld-text', '#1f2d3d'),
    muted: pick('--ld-text-muted', '#5b6475'),
    gold: pick('--ld-gold', '#ffb020'),
    font: getComputedStyle(document.body).fontFamily || 'sans-serif',
  };
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** Shortens `text` with … until it fits `maxWidth` in the context's current font. */
function fitText(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  let chars = Array.from(text);
  while (chars.length > 1 && ctx.measureText(`${chars.join('')}…`).width > maxWidth)
    chars = chars.slice(0, -1);
  return `${chars.join('')}…`;
}

/** Draws the poster and answers it as a PNG. */
export async function drawPoster(input: PosterInput): Promise<Blob> {
  const c = palette();
  const canvas = document.createElement('canvas');
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d is not available');
  const cx = POSTER_WIDTH / 2;

  const sky = ctx.createLinearGradient(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  sky.addColorStop(0, c.primaryText);
  sky.addColorStop(0.55, c.primaryDark);
  sky.addColorStop(1, c.primary);
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);

  // Soft circles for depth.
  ctx.fillStyle = 'rgba(255, 255, 255, 0.08)';
  for (const [x, y, r] of [
    [640, 120, 180],
    [90, 420, 140],
    [700, 980, 220],
  ] as const) {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  }

  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#fff';
  ctx.font = `700 72px ${c.font}`;
  ctx.fillText(APP_TITLE, cx, 150);
  ctx.font = `400 30px ${c.font}`;
  ctx.fillText('游戏 · 动漫 · 小说 · 福利，一起来玩', cx, 210);

  ctx.font = `600 38px ${c.font}`;
  ctx.fillStyle = c.gold;
  ctx.fillText(fitText(ctx, `${input.inviterName} 邀请你加入`, POSTER_WIDTH - 120), cx, 300);

  const cardX = 75;
  const cardY = 360;
  const cardW = POSTER_WIDTH - 150;
  const cardH = 640;
  ctx.fillStyle = '#fff';
  roundRect(ctx, cardX, cardY, cardW, cardH, 36);
  ctx.fill();

  const qr = document.createElement('canvas');
  await QRCode.toCanvas(qr, input.link, {
    width: QR_SIZE,
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: c.text, light: '#ffffff' },
  });
  ctx.drawImage(qr, cx - QR_SIZE / 2, cardY + 60, QR_SIZE, QR_SIZE);

  ctx.fillStyle = c.text;
  ctx.font = `600 32px ${c.font}`;
  ctx.fillText('长按识别二维码，注册即可加入', cx, cardY + 60 + QR_SIZE + 70);

  const chipW = 360;
  const chipY = cardY + 60 + QR_SIZE + 110;
  ctx.fillStyle = c.primaryLight;
  roundRect(ctx, cx - chipW / 2, chipY, chipW, 64, 32);
  ctx.fill();
  ctx.fillStyle = c.primaryText;
  ctx.font = `700 32px ${c.font}`;
  ctx.fillText(`邀请码 ${input.code}`, cx, chipY + 43);

  ctx.fillStyle = '#fff';
  ctx.font = `400 26px ${c.font}`;
  ctx.fillText('或在浏览器打开邀请链接', cx, cardY + cardH + 50);
  ctx.font = `400 22px ${c.font}`;
  ctx.fillText(fitText(ctx, input.link, POSTER_WIDTH - 100), cx, cardY + cardH + 88);

  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the poster could not be encoded'))),
      'image/png',
    ),
  );
}
