import { LoadingOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';

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

/**
 * A modal's OK button as a `BusyButton`: pass it as `okButtonProps` instead of `confirmLoading`
 * (antd's `loading` again). While pending, a click does nothing; antd spreads these props after
 * the modal's `onOk`, so the click handler is only replaced while pending.
 */
export function busyOk(pending: boolean | undefined, props: ButtonProps = {}): ButtonProps {
  const { loading: _animated, ...rest } = props;
  return {
    ...rest,
    icon: pending ? <LoadingOutlined /> : rest.icon,
    'aria-busy': pending || undefined,
    ...(pending
      ? {
          onClick: (event: MouseEvent<HTMLElement>) => {
            event.preventDefault();
            event.stopPropagation();
          },
        }
      : {}),
  };
}

/**
 * refine's `useModalForm` modal props with a `busyOk` OK button. refine marks its OK button
 * `loading` and `disabled` while the form loads or saves; this keeps it enabled (focus kept) and
 * still refuses the second click.
 */
export function withBusyOk<P extends { okButtonProps?: ButtonProps }>(modalProps: P): P {
  // refine sets `disabled` and `loading` both to the form's loading state.
  const { loading, disabled: _sameAsLoading, ...rest } = modalProps.okButtonProps ?? {};
  return { ...modalProps, okButtonProps: busyOk(Boolean(loading), rest) };
}
