import { APP_TITLE, BRAND_PREFIX } from '../../../shared/lib/brand';
import './form.css';

/** The logo and a line on what logging in gives, above the login and register forms. */
export function AuthHero({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="acc-hero">
      <img
        className="acc-hero__logo"
        src={`${BRAND_PREFIX}/logo.svg`}
        alt={APP_TITLE}
        width={56}
        height={56}
      />
      <h2 className="acc-hero__title">{title}</h2>
      <p className="acc-hero__sub">{subtitle}</p>
    </div>
  );
}
