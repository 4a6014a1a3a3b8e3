import type { FirstQuery } from '../../../shared/lib/first-queries';
import { Collapse } from '../../../shared/ui/adm';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { Empty, ErrorState, Loading } from '../../../shared/ui/states';
import { faqsQuery, useFaqs } from '../api/get-faqs';
import './faq.css';

const looksLikeHtml = (text: string) => /<[a-z][\s\S]*>/i.test(text);

/** The first screen: the questions. */
export const firstQueries = (): FirstQuery[] => [faqsQuery()];

/** 常见问题: one answer open at a time; server HTML is sanitised, plain answers stay text. */
export default function FaqPage() {
  const faqs = useFaqs();
  if (faqs.isPending) return <Loading />;
  if (faqs.isError)
    return <ErrorState text="常见问题加载失败，请检查网络后重试" onRetry={() => faqs.refetch()} />;
  if (faqs.data.length === 0)
    return <Empty text="暂时还没有常见问题，遇到问题可以到「合作共赢」或客服留言" />;
  return (
    <div className="faq-page">
      <p className="faq-page__intro">点击问题查看解答</p>
      <Collapse accordion className="faq-list">
        {faqs.data.map((faq) => (
          <Collapse.Panel key={String(faq.id)} title={<span className="faq-list__q">{faq.question}</span>}>
            {looksLikeHtml(faq.answer) ? (
              <SafeHtml html={faq.answer} className="faq-list__a" />
            ) : (
              <p className="faq-list__a">{faq.answer}</p>
            )}
          </Collapse.Panel>
        ))}
      </Collapse>
    </div>
  );
}
