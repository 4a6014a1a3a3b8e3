import type { PayMethod, PayProvider } from '@ld/contract/wallet';
import { PayMark } from './pay-mark';
import './pay-method-picker.css';

/** The ways to pay, as radio buttons with each provider's mark; the chosen one is highlighted. */
export function PayMethodPicker({
  methods,
  chosen,
  onChoose,
}: {
  methods: PayMethod[];
  chosen: PayProvider | null;
  onChoose: (provider: PayProvider) => void;
}) {
  return (
    <fieldset className="pay-methods">
      <legend>支付方式</legend>
      {methods.map((method) => (
        <label
          key={method.provider}
          className={`pay-method${chosen === method.provider ? ' is-chosen' : ''}`}
        >
          <PayMark provider={method.provider} />
          <span className="pay-method__name">{method.name}</span>
          <input
            type="radio"
            name="pay-method"
            value={method.provider}
            checked={chosen === method.provider}
            onChange={() => onChoose(method.provider)}
          />
          <span className="pay-method__tick" aria-hidden="true" />
        </label>
      ))}
    </fieldset>
  );
}
