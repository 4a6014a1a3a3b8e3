import { ConfigKey } from '@ld/contract/defaults';
import { useId, useState } from 'react';
import { useClientConfig } from '../../../shared/api/get-client-config';
import { TextField } from '../../../shared/ui/text-field';
import { useSendKefuMessage } from '../api/send-kefu-message';
import './business.css';

const COMPANY_MAX = 30;
const CONTACT_MAX = 40;
const CONTENT_MIN = 5;
const CONTENT_MAX = 400;

interface Values {
  company: string;
  contact: string;
  content: string;
}
type Errors = Partial<Record<keyof Values, string>>;

/** The cooperation form's rules; an empty object means it may be sent. */
export function checkBusinessForm(values: Values): Errors {
  const errors: Errors = {};
  if (!values.company.trim()) errors.company = '请填写公司名称或您的称呼';
  if (!values.contact.trim()) errors.contact = '请填写手机号、微信或邮箱，方便我们联系您';
  const content = values.content.trim();
  if (content.length < CONTENT_MIN) errors.content = `合作内容至少 ${CONTENT_MIN} 个字`;
  return errors;
}

/** The server keeps one text and one contact field, so the company heads the text. */
export const toKefuContent = (values: Values) =>
  `公司/称呼：${values.company.trim()}\n${values.content.trim()}`;

function ContactRows() {
  const config = useClientConfig();
  const contactUrl = config.data?.[ConfigKey.contactUrl];
  const email = config.data?.[ConfigKey.businessEmail];
  if (!contactUrl && !email) return null;
  return (
    <dl className="biz-contacts">
      {contactUrl && (
        <div className="biz-contacts__row">
          <dt>在线联系</dt>
          <dd>
            <a href={contactUrl} target="_blank" rel="noopener noreferrer">
              点击联系商务
            </a>
          </dd>
        </div>
      )}
      {email && (
        <div className="biz-contacts__row">
          <dt>商务邮箱</dt>
          <dd>
            <a href={`mailto:${email}`}>{email}</a>
          </dd>
        </div>
      )}
    </dl>
  );
}

/** 合作共赢: how to reach the business team, and a request form that guests can send too. */
export default function BusinessPage() {
  const contentId = useId();
  const [values, setValues] = useState<Values>({ company: '', contact: '', content: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [isSent, setIsSent] = useState(false);
  const send = useSendKefuMessage();

  // From the latest values, not this render's: a change React replays at hydration (typed before
  // the app took over) and the next field's change can both come before a render, and the second
  // would otherwise write the first field back empty.
  const set = (key: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    // Each rule reads its own field only.
    setErrors((e) => (e[key] ? { ...e, [key]: checkBusinessForm({ ...values, [key]: value })[key] } : e));
  };

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = checkBusinessForm(values);
    setErrors(found);
    if (send.isPending || Object.keys(found).length > 0) return;
    send.mutate(
      { kind: 'business', contact: values.contact.trim(), content: toKefuContent(values) },
      {
        onSuccess: () => {
          setIsSent(true);
          setValues({ company: '', contact: '', content: '' });
        },
      },
    );
  };

  return (
    <div className="biz-page">
      <section className="biz-hero">
        <h2>携手共赢</h2>
        <p>游戏联运、渠道推广、内容合作、广告投放，欢迎与我们联系。</p>
      </section>
      <ContactRows />
      {isSent ? (
        <section className="biz-card biz-done" role="status">
          <span className="biz-done__icon" aria-hidden="true">
            ✓
          </span>
          <h2>提交成功，我们会尽快联系您</h2>
          <p>商务同事看到后会通过您留下的联系方式与您沟通。</p>
          <button type="button" className="btn btn--ghost" onClick={() => setIsSent(false)}>
            再提交一条
          </button>
        </section>
      ) : (
        <form className="biz-card" onSubmit={onSubmit} noValidate>
          <h2 className="biz-card__title">合作申请</h2>
          <TextField
            label="公司/称呼"
            value={values.company}
            onChange={set('company')}
            error={errors.company}
            autoComplete="organization"
            placeholder="公司名称或您的称呼"
            maxLength={COMPANY_MAX}
          />
          <TextField
            label="联系方式"
            value={values.contact}
            onChange={set('contact')}
            error={errors.contact}
            hint="手机号、微信或邮箱"
            autoComplete="email"
            placeholder="我们如何联系您"
            maxLength={CONTACT_MAX}
          />
          <div className={`biz-textarea${errors.content ? ' biz-textarea--error' : ''}`}>
            <label htmlFor={contentId}>合作内容</label>
            <textarea
              id={contentId}
              value={values.content}
              onChange={(e) => set('content')(e.target.value)}
              placeholder="简单介绍您的合作方向、资源和期望"
              maxLength={CONTENT_MAX}
              rows={5}
              aria-invalid={errors.content ? true : undefined}
              aria-describedby={`${contentId}-note`}
            />
            <p
              id={`${contentId}-note`}
              className="biz-textarea__note"
              role={errors.content ? 'alert' : undefined}
            >
              <span>{errors.content ?? `至少 ${CONTENT_MIN} 个字`}</span>
              <span>
                {values.content.length}/{CONTENT_MAX}
              </span>
            </p>
          </div>
          <button type="submit" className="btn btn--primary biz-submit" disabled={send.isPending}>
            {send.isPending ? '提交中…' : '提交'}
          </button>
        </form>
      )}
    </div>
  );
}
