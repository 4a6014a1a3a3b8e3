import { LoadingOutlined } from '@ant-design/icons';
import type { ButtonProps } from 'antd';

/**
 * A spinner in a button while `pending`, with no motion. antd's `loading` spinner widens in and
 * out with a CSS transition; when a call ends while the page is busy the transitionend can be
 * missed, and the spinner then stays in the button for good: unseen at width 0, but naming the
 * button "loading 发布" to a screen reader. As the button's icon it is plainly there while
 * pending and gone after. For buttons whose call may end in a blink (publishing, uploads); the
 * call they start is safe to repeat.
 */
export const spinning = (pending: boolean | undefined): Pick<ButtonProps, 'icon' | 'aria-busy'> =>
  pending ? { icon: <LoadingOutlined />, 'aria-busy': true } : {};
