import type { ReaderPreferences } from '@ld/contract/content';
import { useState } from 'react';
import { useLoginHref } from '../../../shared/hooks/use-go-to-login';
import { CURRENCY_NAME } from '../../../shared/lib/brand';
import { useIsLoggedIn } from '../../../shared/stores/account';
import { Link } from '../../../shared/ui/link';
import { Sheet } from '../../../shared/ui/sheet';
import { usePutReadingSettings, useReadingSettings } from '../../../shared/works/api/reading-settings';
import { clampFontSize, clampLineHeight, FONT_SIZE, LINE_HEIGHT, MODES, THEMES } from './settings-values';

/** 自动购买下一章 with its daily cap (logged in only: the server buys when a priced chapter opens). */
function AutoUnlock() {
  const settings = useReadingSettings();
  const save = usePutReadingSettings();
  const auto = settings.data?.autoUnlock;
  const [cap, setCap] = useState<string | null>(null);
  if (!auto) return <p className="reader-set__note">加载中…</p>;
  const capText = cap ?? String(auto.dailyCap);
  const capValue = Number(capText);
  const capValid = /^\d+$/.test(capText) && capValue <= 100_000;
  return (
    <div className="reader-set__auto">
      <label className="reader-set__switch">
        <input
          type="checkbox"
          checked={auto.enabled}
          onChange={(e) =>
            save.mutate({
              // The cap being typed counts too: the switch must not put the old one back.
              autoUnlock: { enabled: e.target.checked, dailyCap: capValid ? capValue : auto.dailyCap },
            })
          }
        />
        <span>自动购买下一章</span>
      </label>
      <label className="reader-set__cap">
        <span>每日上限（{CURRENCY_NAME}）</span>
        <input
          inputMode="numeric"
          value={capText}
          aria-invalid={!capValid}
          onChange={(e) => setCap(e.target.value.trim())}
          onBlur={() => {
            if (capValid && capValue !== auto.dailyCap) {
              save.mutate({ autoUnlock: { enabled: auto.enabled, dailyCap: capValue } });
            }
          }}
        />
      </label>
      {!capValid && <p className="reader-set__error">每日上限须为 0 到 100000 的整数</p>}
      <p className="reader-set__note">
        今日已自动花费 {auto.todaySpent} {CURRENCY_NAME}；开启后打开付费章节时直接购买，超过上限则询问。
      </p>
    </div>
  );
}

/** A row with − and + around the current value: 字号 and 行距 (names 字号减小, 字号增大, …). */
function Stepper({
  label,
  value,
  range,
  clamp,
  shown,
  marks,
  onStep,
}: {
  label: string;
  value: number;
  range: { min: number; max: number; step: number };
  clamp(value: number): number;
  shown: string;
  marks: [string, string];
  onStep(value: number): void;
}) {
  return (
    <div className="reader-set__row">
      <span className="reader-set__label">{label}</span>
      <div className="reader-set__stepper">
        <button
          type="button"
          aria-label={`${label}减小`}
          disabled={value <= range.min}
          onClick={() => onStep(clamp(value - range.step))}
        >
          {marks[0]}
        </button>
        <output aria-live="polite">{shown}</output>
        <button
          type="button"
          aria-label={`${label}增大`}
          disabled={value >= range.max}
          onClick={() => onStep(clamp(value + range.step))}
        >
          {marks[1]}
        </button>
      </div>
    </div>
  );
}

/** 设置: font size, line height, theme, scroll or page mode, and auto-unlock. */
export function SettingsSheet({
  prefs,
  onChange,
  onClose,
}: {
  prefs: ReaderPreferences;
  onChange(patch: Partial<ReaderPreferences>): void;
  onClose(): void;
}) {
  const isLoggedIn = useIsLoggedIn();
  const loginHref = useLoginHref();
  return (
    <Sheet
      title="阅读设置"
      block="reader-sheet"
      className="reader-sheet reader-sheet--bottom reader-set"
      onClose={onClose}
    >
      <Stepper
        label="字号"
        value={prefs.fontSize}
        range={FONT_SIZE}
        clamp={clampFontSize}
        shown={String(prefs.fontSize)}
        marks={['A-', 'A+']}
        onStep={(fontSize) => onChange({ fontSize })}
      />
      <Stepper
        label="行距"
        value={prefs.lineHeight}
        range={LINE_HEIGHT}
        clamp={clampLineHeight}
        shown={prefs.lineHeight.toFixed(1)}
        marks={['−', '+']}
        onStep={(lineHeight) => onChange({ lineHeight })}
      />
      <div className="reader-set__row">
        <span className="reader-set__label">背景</span>
        <div className="reader-set__choices">
          {THEMES.map((t) => (
            <button
              key={t.id}
              type="button"
              className={`reader-set__theme reader-set__theme--${t.id}`}
              aria-pressed={prefs.theme === t.id}
              onClick={() => onChange({ theme: t.id })}
            >
              {t.label}
            </button>
          ))}
        </div>
      </div>
      <div className="reader-set__row">
        <span className="reader-set__label">翻页</span>
        <div className="reader-set__choices">
          {MODES.map((m) => (
            <button
              key={m.id}
              type="button"
              className="reader-set__mode"
              aria-pressed={prefs.mode === m.id}
              onClick={() => onChange({ mode: m.id })}
            >
              {m.label}
            </button>
          ))}
        </div>
      </div>
      {isLoggedIn ? (
        <AutoUnlock />
      ) : (
        <p className="reader-set__note">
          <Link to={loginHref}>登录</Link>后可开启自动购买下一章，设置随账号保存
        </p>
      )}
    </Sheet>
  );
}
