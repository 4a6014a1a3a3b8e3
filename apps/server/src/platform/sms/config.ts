import { type InputProblems, readSecret, readSetting, type Secret } from '../secret-input.ts';

export type SmsProviderName = 'console' | 'aliyun' | 'tencent';

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
export const TENCENT_SMS_ENDPOINT = 'https://sms.tencentcloudapi.com';

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: Secret;
  signName: string;
  templateCode: string;
  endpoint: string;
}

/** Which values fill the template's {1}, {2}…: the code, and the minutes it stays valid. */
export type TencentTemplateParam = 'code' | 'minutes';

export interface TencentSmsConfig {
  secretId: string;
  secretKey: Secret;
  sdkAppId: string;
  signName: string;
  templateId: string;
  templateParams: TencentTemplateParam[];
  region: string;
  endpoint: string;
}

export interface SmsConfig {
  /** `console` alone, or real providers in failover order. */
  providers: SmsProviderName[];
  /** How long one provider may take before the next is tried. */
  timeoutMs: number;
  aliyun: AliyunSmsConfig | null;
  tencent: TencentSmsConfig | null;
}

type Env = NodeJS.ProcessEnv;

function readProviderNames(env: Env, problems: InputProblems): SmsProviderName[] {
  const names = (env.SMS_PROVIDER?.trim() || 'console').split(',').map((n) => n.trim());
  const real = names.every((n) => n === 'aliyun' || n === 'tencent') && new Set(names).size === names.length;
  if ((names.length === 1 && names[0] === 'console') || real) return names as SmsProviderName[];
  problems.add('SMS_PROVIDER', '须为 console、aliyun、tencent，或按故障切换顺序写的 aliyun,tencent');
  return [];
}

const endpoint = (env: Env, name: string, fallback: string, problems: InputProblems): string => {
  const value = env[name]?.trim() || fallback;
  try {
    const url = new URL(value);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/' && !url.search) {
      return `${url.protocol}//${url.host}`;
    }
  } catch {
    // reported below
  }
  problems.add(name, '须为 http(s)://主机[:端口]，不带路径');
  return fallback;
};

const signNameRule = /^[\p{Script=Han}A-Za-z0-9]{2,20}$/u;

function readAliyun(env: Env, problems: InputProblems): AliyunSmsConfig | null {
  const accessKeyId = readSetting(
    env,
    'ALIYUN_SMS_ACCESS_KEY_ID',
    problems,
    /^[A-Za-z0-9]{8,64}$/,
    '须为 AccessKey ID',
  );
  const accessKeySecret = readSecret(
    env,
    'ALIYUN_SMS_ACCESS_KEY_SECRET',
    problems,
    /^[A-Za-z0-9]{16,64}$/,
    '须为 AccessKey Secret',
  );
  const signName = readSetting(
    env,
    'ALIYUN_SMS_SIGN_NAME',
    problems,
    signNameRule,
    '须为审核通过的短信签名（2-20 个汉字、字母或数字）',
  );
  const templateCode = readSetting(
    env,
    'ALIYUN_SMS_TEMPLATE_CODE',
    problems,
    /^SMS_\d+$/,
    '须为 SMS_ 开头的模板 CODE',
  );
  const url = endpoint(env, 'ALIYUN_SMS_ENDPOINT', ALIYUN_SMS_ENDPOINT, problems);
  if (!accessKeyId || !accessKeySecret || !signName || !templateCode) return null;
  return { accessKeyId, accessKeySecret, signName, templateCode, endpoint: url };
}

function readTencent(env: Env, problems: InputProblems): TencentSmsConfig | null {
  const secretId = readSetting(
    env,
    'TENCENT_SMS_SECRET_ID',
    problems,
    /^[A-Za-z0-9]{16,64}$/,
    '须为 SecretId',
  );
  const secretKey = readSecret(
    env,
    'TENCENT_SMS_SECRET_KEY',
    problems,
    /^[A-Za-z0-9]{16,64}$/,
    '须为 SecretKey',
  );
  const sdkAppId = readSetting(
    env,
    'TENCENT_SMS_SDK_APP_ID',
    problems,
    /^\d{6,12}$/,
    '须为短信应用的 SdkAppId（数字）',
  );
  const signName = readSetting(
    env,
    'TENCENT_SMS_SIGN_NAME',
    problems,
    signNameRule,
    '须为审核通过的短信签名内容',
  );
  const templateId = readSetting(
    env,
    'TENCENT_SMS_TEMPLATE_ID',
    problems,
    /^\d{1,12}$/,
    '须为模板 ID（数字）',
  );
  const region = env.TENCENT_SMS_REGION?.trim() || 'ap-guangzhou';
  if (!/^[a-z]{2}-[a-z]+(-\d+)?$/.test(region))
    problems.add('TENCENT_SMS_REGION', '须为地域，如 ap-guangzhou');
  const params = (env.TENCENT_SMS_TEMPLATE_PARAMS?.trim() || 'code,minutes').split(',').map((p) => p.trim());
  if (!params.every((p) => p === 'code' || p === 'minutes') || !params.includes('code')) {
    problems.add(
      'TENCENT_SMS_TEMPLATE_PARAMS',
      '须为 code 或 code,minutes（模板中 {1}、{2} 依次填入的内容）',
    );
  }
  const url = endpoint(env, 'TENCENT_SMS_ENDPOINT', TENCENT_SMS_ENDPOINT, problems);
  if (!secretId || !secretKey || !sdkAppId || !signName || !templateId) return null;
  return {
    secretId,
    secretKey,
    sdkAppId,
    signName,
    templateId,
    templateParams: params as TencentTemplateParam[],
    region,
    endpoint: url,
  };
}

/** The SMS settings; each missing or broken value is a line in `problems`, naming the variable. */
export function readSmsConfig(env: Env, problems: InputProblems): SmsConfig {
  const providers = readProviderNames(env, problems);
  const timeout = Number(env.SMS_TIMEOUT_MS?.trim() || 5000);
  if (!Number.isInteger(timeout) || timeout < 100 || timeout > 60_000) {
    problems.add('SMS_TIMEOUT_MS', '须为 100 到 60000 之间的毫秒数');
  }
  return {
    providers,
    timeoutMs: Number.isInteger(timeout) ? timeout : 5000,
    aliyun: providers.includes('aliyun') ? readAliyun(env, problems) : null,
    tencent: providers.includes('tencent') ? readTencent(env, problems) : null,
  };
}
