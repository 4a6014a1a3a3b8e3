import { LoadingOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';

/**
 * A button that waits for its call: while `pending` its icon is a spinner (`aria-busy`), and a
 * click (or the Enter that submits its form) does nothing, so nothing is sent twice.
 *
 * Not antd's `loading`: that widens its spinner in and out with a CSS transition (rc-motion,
 * with no deadline), and a call that ends while the page is busy can miss the `transitionend`.
 * The spinner then stays in the button for good, unseen at width 0, naming it "loading 发布" for
 * a screen reader (docs/decisions/0048-operator-console.md, "A spinner that stays"). An icon has
 * no motion: it is there while pending and gone after, and the button stays the same element
 * (focus kept).
 */
export function BusyButton({
  pending,
  icon,
  onClick,
  ...props
}: ButtonProps & { pending: boolean | undefined }) {
  return (
    <Button
      {...props}
      icon={pending ? <LoadingOutlined /> : icon}
      aria-busy={pending || undefined}
      onClick={(event) => {
        if (pending) {
          // preventDefault keeps a submit button's form from submitting; stopPropagation keeps
          // a wrapping Upload from opening the file chooser again.
          event.preventDefault();
          event.stopPropagation();
          return;
        }
        onClick?.(event);
      }}
    />
  );
}
