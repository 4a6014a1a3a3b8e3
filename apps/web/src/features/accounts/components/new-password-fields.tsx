import { TextField } from '../../../shared/ui/text-field';
import { HINTS, PASSWORD_MAX } from '../lib/rules';

interface Binding {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
}

/** 新密码 and 确认密码: the pair both password forms (by SMS code, by old password) share. */
export function NewPasswordFields({ password, confirm }: { password: Binding; confirm: Binding }) {
  return (
    <>
      <TextField
        label="新密码"
        type="password"
        {...password}
        hint={HINTS.password}
        autoComplete="new-password"
        placeholder="设置新密码"
        maxLength={PASSWORD_MAX}
      />
      <TextField
        label="确认密码"
        type="password"
        {...confirm}
        hint="再输入一次新密码"
        autoComplete="new-password"
        placeholder="再次输入新密码"
        maxLength={PASSWORD_MAX}
      />
    </>
  );
}
