import { operatorPasswordProblem } from '@ld/contract/admin/password';
import { OPERATOR_ROLES, ROLE_LABELS } from '@ld/contract/admin/roles';
import { OPERATOR_NAME_PATTERN } from '@ld/contract/admin/session';
import { Form, Input, Select } from 'antd';

/** A new password field with the operator rules checked as it is typed (the server checks them again). */
export function PasswordField({ label, name }: { label: string; name: string }) {
  return (
    <Form.Item
      label={label}
      name="password"
      extra="至少 10 位，包含大写字母、小写字母、数字、符号中的至少三种"
      rules={[
        { required: true, message: '请填写密码' },
        {
          validator: async (_, value: string) => {
            const problem = value ? operatorPasswordProblem(value, name) : null;
            if (problem) throw new Error(problem);
          },
        },
      ]}
    >
      <Input.Password autoComplete="new-password" />
    </Form.Item>
  );
}

/** The fields of a new operator. */
export function OperatorFields() {
  const form = Form.useFormInstance();
  const name = Form.useWatch('name', form) ?? '';
  return (
    <>
      <Form.Item
        label="操作员名"
        name="name"
        rules={[
          { required: true, pattern: OPERATOR_NAME_PATTERN, message: '操作员名为 3-32 位字母、数字或 _ . -' },
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="角色"
        name="role"
        // Not `required`: antd would put aria-required on the Select's wrapper, where ARIA does not allow it.
        rules={[
          {
            validator: async (_, value) => {
              if (!value) throw new Error('请选择角色');
            },
          },
        ]}
      >
        <Select
          options={OPERATOR_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          placeholder="选择角色"
        />
      </Form.Item>
      <PasswordField label="初始密码" name={name} />
    </>
  );
}
