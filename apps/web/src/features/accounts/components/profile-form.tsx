import type { UserStatus } from '@ld/contract/accounts';
import { useId } from 'react';
import { TextField } from '../../../shared/ui/text-field';
import { toast } from '../../../shared/ui/toast-store';
import { type ProfileChanges, useUpdateInfo } from '../api/update-info';
import { checkAge, checkName, NAME_MAX } from '../lib/rules';
import { useForm } from '../lib/use-form';
import './user-center.css';

export const SEX_OPTIONS = [
  { value: 0, label: '保密' },
  { value: 1, label: '男' },
  { value: 2, label: '女' },
] as const;

/** Only what changed is sent; an unchanged form says so instead of calling the server. */
export function changedFields(
  status: UserStatus,
  values: { name: string; sex: string; age: string },
): ProfileChanges {
  const changes: ProfileChanges = {};
  if (values.name.trim() !== status.name) changes.name = values.name.trim();
  if (Number(values.sex) !== status.sex) changes.sex = Number(values.sex);
  if (values.age.trim() !== status.age && values.age.trim() !== '') changes.age = values.age.trim();
  return changes;
}

/** 昵称, 性别 and 年龄, saved together. */
export function ProfileForm({ status }: { status: UserStatus }) {
  const sexGroupId = useId();
  const form = useForm(
    { name: status.name, sex: String(status.sex), age: status.age },
    { name: checkName, age: checkAge },
  );
  const update = useUpdateInfo();

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const values = update.isPending ? null : form.validate();
    if (!values) return;
    const changes = changedFields(status, values);
    if (Object.keys(changes).length === 0) {
      toast.info('资料没有变化');
      return;
    }
    update.mutate(changes, { onSuccess: () => toast.success('资料已保存') });
  };

  return (
    <form className="uc-card uc-form" onSubmit={onSubmit} noValidate>
      <h2 className="uc-card__title">基本资料</h2>
      <TextField
        label="昵称"
        {...form.field('name')}
        hint={`最多 ${NAME_MAX} 个字，其他用户可以看到`}
        autoComplete="nickname"
        placeholder="给自己起个名字"
        maxLength={NAME_MAX}
      />
      <div className="text-field">
        <span className="text-field__label" id={sexGroupId}>
          性别
        </span>
        <div className="uc-sex" role="radiogroup" aria-labelledby={sexGroupId}>
          {SEX_OPTIONS.map((option) => (
            <label
              key={option.value}
              className={`uc-sex__option${form.values.sex === String(option.value) ? ' is-checked' : ''}`}
            >
              <input
                type="radio"
                name="sex"
                value={option.value}
                checked={form.values.sex === String(option.value)}
                onChange={() => form.setValue('sex', String(option.value))}
              />
              {option.label}
            </label>
          ))}
        </div>
      </div>
      <TextField
        label="年龄"
        inputMode="numeric"
        {...form.field('age')}
        hint="1-120 的整数，可以不填"
        autoComplete="off"
        placeholder="填写年龄"
        maxLength={3}
      />
      <button type="submit" className="btn btn--primary acc-submit" disabled={update.isPending}>
        {update.isPending ? '保存中…' : '保存资料'}
      </button>
    </form>
  );
}
